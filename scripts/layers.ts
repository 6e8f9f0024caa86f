// The layering rules of decision 35, judged over the import graph (import-graph.ts): what each
// part of the repository may import. Tests and their kits may import anything.
import type { Import } from './import-graph.ts';

type Layer = 'core' | 'feature' | 'entry' | 'db' | 'lib' | 'browser' | 'site' | 'scripts' | 'other';

const TEST_FILE = /\.(test|spec)\.tsx?$|(^|[/-])(test-)?kit\.ts$|-test-[^/]*$|^tests\//;

function layerOf(file: string): Layer {
  if (file.startsWith('functions/core/')) return 'core';
  if (file === 'functions/app.ts' || file.startsWith('functions/cloudflare/')) return 'entry';
  if (/^functions\/[^/]+\//.test(file)) return 'feature';
  if (file.startsWith('db/')) return 'db';
  if (file.startsWith('src/lib/')) return 'lib';
  if (file.startsWith('src/admin/') || file.startsWith('src/islands/')) return 'browser';
  if (file.startsWith('src/')) return 'site';
  if (file.startsWith('scripts/')) return 'scripts';
  return 'other';
}

/** functions/<folder>: core, a feature or the Worker entry. */
const folderOf = (file: string) => /^functions\/([^/]+)\//.exec(file)?.[1];

/** What the admin and the islands may use of the server: its input schemas, its messages (texts the screens show too), the roles, and types. */
const SHARED_WITH_BROWSER = /^functions\/[^/]+\/(schema|messages)\.ts$|^functions\/core\/(fields|roles)\.ts$|^db\/types\.ts$/;

/** Why an import breaks the layering, or null when it may stay. */
function brokenRule({ from, to, typeOnly }: Import): string | null {
  const source = layerOf(from);
  const target = layerOf(to);
  if (target === 'scripts' && source !== 'scripts')
    return 'nothing but scripts/ and tests imports scripts/ (Node-only code enters the app through AppDeps)';
  switch (source) {
    case 'core':
      return ['core', 'db', 'lib'].includes(target) ? null : 'functions/core imports only core, db/ and src/lib';
    case 'feature':
      return ['core', 'feature', 'db', 'lib'].includes(target) ? null : 'a feature imports only features, functions/core, db/ and src/lib';
    case 'db':
      return ['db', 'lib'].includes(target) ? null : 'db/ imports only db/ and src/lib';
    case 'lib':
      return target === 'lib' ? null : 'src/lib imports only src/lib (it runs in the browser and on the server)';
    case 'browser':
      if (!to.startsWith('functions/') && !to.startsWith('db/')) return null;
      return typeOnly || SHARED_WITH_BROWSER.test(to)
        ? null
        : "the admin and the islands import only the server's schema.ts, messages.ts, roles and types";
    default:
      return null;
  }
}

/** Groups of functions/ folders that import each other, round and round: each must become one direction. */
function folderCycles(imports: readonly Import[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const [a, b] = [folderOf(from), folderOf(to)];
    if (a === undefined || b === undefined || a === b) continue;
    edges.set(a, (edges.get(a) ?? new Set()).add(b));
  }
  const reach = (start: string) => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      for (const next of edges.get(stack.pop()!) ?? []) {
        if (!seen.has(next)) stack.push(next);
        seen.add(next);
      }
    }
    return seen;
  };
  const reachable = new Map([...edges.keys()].map((folder) => [folder, reach(folder)]));
  const cycles = new Map<string, string[]>();
  for (const [folder, seen] of reachable) {
    if (!seen.has(folder)) continue;
    const group = [...seen].filter((other) => reachable.get(other)?.has(folder)).sort();
    cycles.set(group.join(), group);
  }
  return [...cycles.values()];
}

/** Every broken rule of the graph, as lines a person can act on; empty when the layering holds. */
export function layerViolations(imports: readonly Import[]): string[] {
  const judged = imports.filter((edge) => !TEST_FILE.test(edge.from) && edge.to !== 'package.json');
  const broken = judged.flatMap((edge) => {
    const rule = brokenRule(edge);
    return rule === null ? [] : [`${edge.from} imports ${edge.to}: ${rule}`];
  });
  const cycles = folderCycles(judged).map((group) => `functions/{${group.join(',')}} import each other: give what they share one home`);
  return [...broken, ...cycles];
}
