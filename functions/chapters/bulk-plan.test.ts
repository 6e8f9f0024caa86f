import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from '#lib/slugs.ts';
import { planBulkUpload, type UploadedFile } from './bulk-plan.ts';

const file = (name: string, text: string): UploadedFile => ({ name, bytes: new TextEncoder().encode(text) });
const nothingTaken = () => ({ numbers: new Set<number>(), slugs: new Set<string>() });
const taken = (numbers: number[], slugs: string[] = []) => ({ numbers: new Set(numbers), slugs: new Set(slugs) });

/** Number and slug of each planned chapter, by file name. */
const numbering = (plan: ReturnType<typeof planBulkUpload>) =>
  plan.chapters.map(({ filename, chapter_number, slug }) => [filename, chapter_number, slug]);

describe('planBulkUpload', () => {
  it('refuses a file whose automatic number would pass the highest chapter number', () => {
    const plan = planBulkUpload([file('epilogue.md', 'E.')], taken([100_000]), 'draft');
    expect(plan).toEqual({ chapters: [], errors: ['epilogue.md: chapter numbers stop at 100000'] });
  });

  it('falls back from a blank front matter title to the heading', () => {
    const plan = planBulkUpload([file('1-x.md', '---\ntitle: "  "\n---\n# The Gate\n\nText.')], nothingTaken(), 'draft');
    expect(plan.chapters[0]!.title).toBe('The Gate');
  });

  it('plans every good file with its number, title, slug, content and the default status', () => {
    const plan = planBulkUpload([file('012-the-gate.md', '# The Gate\n\nThe gate opened.')], nothingTaken(), 'draft');
    expect(plan).toEqual({
      chapters: [
        {
          filename: '012-the-gate.md',
          chapter_number: 12,
          title: 'The Gate',
          slug: 'the-gate',
          content: 'The gate opened.',
          status: 'draft',
        },
      ],
      errors: [],
    });
  });

  it('takes files in natural name order (2 before 10), whatever order they came in', () => {
    const plan = planBulkUpload(
      [file('10-b.md', 'B.'), file('2-a.md', 'A.'), file('1-c.md', 'C.'), file('Chapter 11 - d.md', 'D.')],
      nothingTaken(),
      'draft',
    );
    expect(plan.chapters.map((c) => c.filename)).toEqual(['1-c.md', '2-a.md', '10-b.md', 'Chapter 11 - d.md']);
    expect(plan.chapters.map((c) => c.chapter_number)).toEqual([1, 2, 10, 11]);
  });

  it('numbers files without a number after the highest existing or given number, in name order', () => {
    const plan = planBulkUpload(
      [file('prologue.md', 'P.'), file('epilogue.md', 'E.'), file('7-seven.md', 'S.')],
      taken([1, 2, 3]),
      'draft',
    );
    expect(numbering(plan)).toEqual([
      ['7-seven.md', 7, 'seven'],
      ['epilogue.md', 8, 'epilogue'],
      ['prologue.md', 9, 'prologue'],
    ]);
    expect(planBulkUpload([file('notes.md', 'N.')], taken([4, 40]), 'draft').chapters[0]?.chapter_number).toBe(41);
    expect(planBulkUpload([file('notes.md', 'N.')], nothingTaken(), 'draft').chapters[0]).toMatchObject({
      chapter_number: 1,
      title: 'Notes',
    });
  });

  it('refuses a number the story already has for that file only', () => {
    const plan = planBulkUpload([file('3-c.md', 'C.'), file('4-d.md', 'D.')], taken([3]), 'draft');
    expect(plan.errors).toEqual(['3-c.md: chapter 3 already exists in this story']);
    expect(numbering(plan)).toEqual([['4-d.md', 4, 'd']]);
  });

  it('refuses the second of two files with the same number, naming the first', () => {
    const plan = planBulkUpload(
      [file('Chapter 5 - Storm.md', 'S.'), file('005-calm.md', 'C.'), file('6-after.md', 'A.')],
      nothingTaken(),
      'draft',
    );
    expect(plan.errors).toEqual(['Chapter 5 - Storm.md: chapter 5 is also in 005-calm.md']);
    expect(numbering(plan)).toEqual([
      ['005-calm.md', 5, 'calm'],
      ['6-after.md', 6, 'after'],
    ]);
  });

  it('de-duplicates derived slugs against the story and the upload with -2, -3', () => {
    const plan = planBulkUpload(
      [file('1.md', '# The Gate\n\nA.'), file('2.md', '# The Gate\n\nB.'), file('3.md', '# The Gate\n\nC.')],
      taken([], ['the-gate']),
      'draft',
    );
    expect(numbering(plan)).toEqual([
      ['1.md', 1, 'the-gate-2'],
      ['2.md', 2, 'the-gate-3'],
      ['3.md', 3, 'the-gate-4'],
    ]);
    expect(plan.errors).toEqual([]);
  });

  it('refuses a front-matter slug that is taken or invalid instead of changing it', () => {
    const plan = planBulkUpload(
      [
        file('1-a.md', '---\nslug: the-gate\n---\nA.'),
        file('2-b.md', '---\nslug: fresh\n---\nB.'),
        file('3-c.md', '---\nslug: fresh\n---\nC.'),
        file('4-d.md', '---\nslug: Not A Slug\n---\nD.'),
        file('5-e.md', `---\nslug: ${'e'.repeat(121)}\n---\nE.`),
        file('6-f.md', `---\nslug: ${'f'.repeat(120)}\n---\nF.`),
      ],
      taken([], ['the-gate']),
      'draft',
    );
    expect(plan.errors).toEqual([
      '1-a.md: the slug "the-gate" is already taken in this story',
      '3-c.md: the slug "fresh" is already taken in this story',
      '4-d.md: the slug "Not A Slug" is not a valid slug',
      `5-e.md: the slug "${'e'.repeat(121)}" is not a valid slug`,
    ]);
    expect(numbering(plan)).toEqual([
      ['2-b.md', 2, 'fresh'],
      ['6-f.md', 6, 'f'.repeat(120)],
    ]);
  });

  it('derives a valid slug from any title, falling back to chapter-N', () => {
    const plan = planBulkUpload(
      [
        file('1.md', '# 夜の門\n\nA.'),
        file('2.md', `# <script>alert('x')</script> ../../etc\n\nB.`),
        file('3.md', `# ${'a'.repeat(99)} b ${'c'.repeat(150)}\n\nC.`),
        file('4.md', 'No heading.'),
      ],
      nothingTaken(),
      'draft',
    );
    expect(plan.errors).toEqual([]);
    expect(plan.chapters.map((c) => c.slug).slice(0, 2)).toEqual(['chapter-1', 'scriptalertxscript-etc']);
    // The slug is cut to 100 characters, where this title has a space: the hyphen goes too.
    expect(plan.chapters[2]?.title).toHaveLength(200);
    expect(plan.chapters[2]?.slug).toBe('a'.repeat(99));
    expect(plan.chapters[3]).toMatchObject({ title: 'Chapter 4', slug: 'chapter-4' });
    for (const { slug } of plan.chapters) {
      expect(slug).toMatch(SLUG_PATTERN);
      expect(slug.length).toBeLessThanOrEqual(100);
    }
  });

  it('uses the default status unless the front matter names one', () => {
    const files = [file('1-a.md', 'A.'), file('2-b.md', '---\nstatus: published\n---\nB.'), file('3-c.md', '---\nstatus: draft\n---\nC.')];
    expect(planBulkUpload(files, nothingTaken(), 'draft').chapters.map((c) => c.status)).toEqual(['draft', 'published', 'draft']);
    expect(planBulkUpload(files, nothingTaken(), 'published').chapters.map((c) => c.status)).toEqual(['published', 'published', 'draft']);
  });

  it('reports unreadable files as "{file name}: {problem}" in name order, planning the rest', () => {
    const plan = planBulkUpload(
      [
        file('4-notes.docx', 'D.'),
        file('1-empty.md', ''),
        { name: '2-latin.md', bytes: new Uint8Array([0x63, 0x61, 0x66, 0xe9]) },
        file('3-good.md', 'Good.'),
        file('5-title-only.md', '# Only a title'),
      ],
      nothingTaken(),
      'draft',
    );
    expect(plan.errors).toEqual([
      '1-empty.md: the file is empty',
      '2-latin.md: the file is not UTF-8 text',
      '4-notes.docx: only .md, .markdown and .txt files can be uploaded',
      '5-title-only.md: the file has no text besides its title',
    ]);
    expect(numbering(plan)).toEqual([['3-good.md', 3, 'good']]);
  });

  it('plans nothing for no files', () => {
    expect(planBulkUpload([], taken([1], ['a']), 'draft')).toEqual({ chapters: [], errors: [] });
  });
});
