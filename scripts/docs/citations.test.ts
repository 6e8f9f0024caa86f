import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../repo-files.ts';
import { citationProblems, productSections, TEXT_FILE } from './citations.ts';

const sections = productSections(readFileSync('docs/product.md', 'utf8'));
const decisions = new Set(readdirSync('docs/decisions').flatMap((name) => (/^\d{4}-/.test(name) ? [Number(name.slice(0, 4))] : [])));

describe('what the code and docs cite', () => {
  it('is inside the repository and exists', () => {
    const files = [...filesUnder(['src', 'functions', 'db', 'scripts', 'tests', 'docs', 'deploy', '.ci'], TEXT_FILE), 'README.md'];
    expect(files.length).toBeGreaterThan(500);
    const problems = files
      .filter((file) => file !== 'scripts/docs/citations.ts' && file !== 'scripts/docs/citations.test.ts')
      .flatMap((file) => citationProblems(file, readFileSync(file, 'utf8'), sections, decisions));
    expect(problems).toEqual([]);
  });

  it('finds citations of outside documents, missing sections and missing records', () => {
    const text = [
      `// as SP${'EC'} 5 says`,
      `// see iss${'ue'} 9`,
      '// docs/product.md, No such section',
      '// decision 4242',
      '// docs/product.md, Security (decision 1)',
    ].join('\n');
    expect(citationProblems('x.ts', text, ['Security'], new Set([1])).map((problem) => problem.line)).toEqual([1, 2, 3, 4]);
  });
});
