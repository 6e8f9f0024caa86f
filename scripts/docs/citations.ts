// What the code and docs cite must be inside the repository and exist: a `docs/product.md,
// <Section>` names one of its headings, a decision number names a record in docs/decisions/, and
// nothing points at documents a newcomer does not have (the introduction of docs/product.md).
export const TEXT_FILE = /\.(ts|tsx|mjs|astro|css|md|jsonc?|ya?ml)$/;

/**
 * Words that point outside the repository: the planning folder beside it, a specification, an
 * architecture paper, an issue tracker. Spelled in pieces so that a plain grep for them finds only
 * real citations, not this list.
 */
const OUTSIDE = ['\\.\\./sha' + 'red\\b', '\\bSP' + 'EC\\b', '\\bARCHITEC' + 'TURE', '\\b[Ii]ss' + 'ue #?\\d+'].map(
  (source) => new RegExp(source),
);
const PRODUCT_SECTION = /docs\/product\.md, ([A-Z][^()":;.\n*]*?)(?=[()":;.\n*]|$)/g;
const DECISION = /\b[Dd]ecisions? (\d{1,4})\b/g;

export interface Citation {
  file: string;
  line: number;
  problem: string;
}

/** The headings of docs/product.md, without their `code` parts and "(Today)" marks. */
export function productSections(markdown: string): string[] {
  return [...markdown.matchAll(/^#{2,4} (.+)$/gm)].map((match) => match[1]!.replace(/`[^`]*`|\(Today\)/g, '').trim());
}

/** Every problem with what `text` (the file `file`) cites. */
export function citationProblems(file: string, text: string, sections: readonly string[], decisions: ReadonlySet<number>): Citation[] {
  const problems: Citation[] = [];
  text.split('\n').forEach((line, index) => {
    const at = (problem: string) => problems.push({ file, line: index + 1, problem });
    for (const pattern of OUTSIDE) if (pattern.test(line)) at(`points outside the repository: ${line.trim()}`);
    for (const [, section] of line.matchAll(PRODUCT_SECTION)) {
      if (!sections.some((heading) => heading.startsWith(section!.trim()))) at(`docs/product.md has no section "${section}"`);
    }
    for (const [, number] of line.matchAll(DECISION)) {
      if (!decisions.has(Number(number))) at(`there is no decision ${number}`);
    }
  });
  return problems;
}
