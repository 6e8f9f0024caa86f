// The repository's import graph, read with the TypeScript parser: every import, re-export and
// import() of the source files, resolved to a file of the repository (relative paths and the
// package.json `imports` aliases such as #core/…); packages are left out. The layering check
// (layers.test.ts) judges it.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { filesUnder } from './repo-files.ts';

export interface Import {
  from: string;
  /** Repository-relative path of the imported file. */
  to: string;
  /** `import type` / `export type`, or every name imported as a type: gone once compiled. */
  typeOnly: boolean;
}

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx|mts|mjs|js|astro)$/;

/** The script of an .astro file: its frontmatter and its <script> elements. */
function astroScript(text: string): string {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  return [frontmatter, ...scripts].join('\n');
}

type Aliases = [prefix: string, target: string][];

function packageAliases(root: string): Aliases {
  const { imports = {} } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { imports?: Record<string, string> };
  return Object.entries(imports).map(([key, target]) => [key.replace(/\*$/, ''), target.replace(/^\.\//, '').replace(/\*$/, '')]);
}

function resolve(file: string, specifier: string, aliases: Aliases): string | null {
  if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier.split('?')[0]!));
  const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
  return alias ? alias[1] + specifier.slice(alias[0].length) : null;
}

function importsOf(file: string, aliases: Aliases, root = ROOT): Import[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(
    file,
    file.endsWith('.astro') ? astroScript(text) : text,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TSX,
  );
  const found: Import[] = [];
  const add = (specifier: ts.Node | undefined, typeOnly: boolean) => {
    if (!specifier || !ts.isStringLiteral(specifier)) return;
    const to = resolve(file, specifier.text, aliases);
    if (to !== null) found.push({ from: file, to, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const allTypes =
        clause !== undefined && !clause.name && named !== undefined && named.length > 0 && named.every((element) => element.isTypeOnly);
      add(node.moduleSpecifier, clause?.isTypeOnly === true || allTypes);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every import of the files under `folders`, in file order. */
export function importGraph(folders: readonly string[]): Import[] {
  const aliases = packageAliases(ROOT);
  return filesUnder(folders, SOURCE, ROOT)
    .filter((file) => !file.endsWith('.d.ts'))
    .flatMap((file) => importsOf(file, aliases));
}

/** The imports of one file of the project at `root` (a path relative to it), `root`'s aliases applied. */
export function importsOfFile(root: string, file: string): Import[] {
  return importsOf(file, packageAliases(root), root);
}
