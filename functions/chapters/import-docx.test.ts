import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { storedKeys } from '#functions/uploads/test-kit.ts';
import { useApiTestContext } from '#scripts/test/api.ts';
import { chapterTestKit, expectError, FORBIDDEN, SIGN_IN, STORY_NOT_FOUND } from './test-kit.ts';

const t = useApiTestContext();
const { insertStory, insertChapters, chapterRows } = chapterTestKit(t);

/** tests/fixtures/docx/README.md: a Word file with three chapters under Heading 1 and a picture. */
const THREE_CHAPTERS = new Uint8Array(readFileSync(new URL('../../tests/fixtures/docx/three-chapters.docx', import.meta.url)));
const CONTENT_TYPES = strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');

function form(storyId: number, bytes: Uint8Array, split?: string, name = 'The Lantern Fleet.docx') {
  const body = new FormData();
  body.append('story_id', String(storyId));
  if (split) body.append('split', split);
  body.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
  return body;
}

const importDocx = (cookie: string | undefined, body: FormData) => t.call('/api/chapters/import-docx', { ...(cookie && { cookie }), body });

/** A zip holding what a .docx must hold, with `document` as word/document.xml and any other parts. */
const docxWith = (document: Uint8Array, parts: Record<string, Uint8Array> = {}) =>
  zipSync({ '[Content_Types].xml': CONTENT_TYPES, 'word/document.xml': document, ...parts });

describe('POST /api/chapters/import-docx', () => {
  it('splits at each Heading 1: three draft chapters numbered like a bulk upload, the picture stored as an upload', async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    const res = await importDocx(cookie, form(storyId, THREE_CHAPTERS, 'heading1'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      uploaded_count: 3,
      chapters: [
        { filename: 'The Lantern Fleet.docx', chapter_number: 1, title: 'Arrival' },
        { filename: 'The Lantern Fleet.docx', chapter_number: 2, title: 'The Gate' },
        { filename: 'The Lantern Fleet.docx', chapter_number: 3, title: 'The Return' },
      ],
      errors: [],
    });
    const [picture] = await storedKeys(t);
    expect(picture).toMatch(/^general\/[\w-]+\.png$/);
    const rows = await chapterRows();
    expect(rows.map(({ status, slug, content }) => ({ status, slug, content }))).toEqual([
      {
        status: 'draft',
        slug: 'arrival',
        content:
          'A note to the reader before the first chapter.\n\nThe ship came in at dawn. **Nobody** was waiting, *not even the harbourmaster*.',
      },
      { status: 'draft', slug: 'the-gate', content: `“Open it,” she said. It’s the only way.\n\n![](/api/uploads/${picture})` },
      { status: 'draft', slug: 'the-return', content: 'They went home.\n\n---\n\nYears later, she finally wrote it down.' },
    ]);
  });

  it('keeps the document whole by default, numbered and titled by its first heading as a bulk upload file is', async () => {
    const cookie = await t.signedInAs('admin');
    const storyId = await insertStory();
    await insertChapters(storyId, { chapter_number: 2 }, { chapter_number: 3 });
    const res = await importDocx(cookie, form(storyId, THREE_CHAPTERS));
    const answer = await res.json();
    expect(answer.chapters).toEqual([{ filename: 'The Lantern Fleet.docx', chapter_number: 1, title: 'Arrival' }]);
    const imported = (await chapterRows())[0]!;
    expect(imported.content).toMatch(/^A note to the reader before the first chapter\.\n\n# Chapter 1: Arrival\n\n/);
    expect(imported.content).toContain('# The Return\n\nThey went home.');
  });

  it('keeps the document whole: a heading that opens it is its title, not part of its text', async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    const paragraph = (text: string, style = '') =>
      `<w:p>${style && `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>`}<w:r><w:t>${text}</w:t></w:r></w:p>`;
    const document = `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraph('Part_One', 'Heading1')}${paragraph('It began *here*.')}</w:body></w:document>`;
    const res = await importDocx(cookie, form(storyId, docxWith(strToU8(document)), 'none', 'draft.docx'));
    expect((await res.json()).chapters).toEqual([{ filename: 'draft.docx', chapter_number: 1, title: 'Part_One' }]);
    expect((await chapterRows())[0]!.content).toBe('It began \\*here\\*.');
  });

  it('takes a macro document (.docm) and never runs or keeps its macros', async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    const parts = unzipSync(THREE_CHAPTERS);
    parts['word/vbaProject.bin'] = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]);
    const res = await importDocx(cookie, form(storyId, zipSync(parts), 'heading1', 'macros.docm'));
    expect((await res.json()).uploaded_count).toBe(3);
  });

  describe('refuses with 400 and creates nothing', () => {
    const zeros = (bytes: number) => new Uint8Array(bytes);
    /** A zip whose document claims 1,000 bytes and inflates to a megabyte: its sizes lie. */
    function lyingBomb(): Uint8Array {
      const zip = docxWith(zeros(1024 * 1024));
      const view = new DataView(zip.buffer);
      for (let at = 0; at < zip.length - 4; at++) {
        if (view.getUint32(at, true) === 0x02014b50 && new TextDecoder().decode(zip.subarray(at + 46, at + 63)) === 'word/document.xml') {
          view.setUint32(at + 24, 1000, true);
        }
      }
      return zip;
    }
    const cases: [string, () => Uint8Array, string][] = [
      [
        'a file that is not a zip',
        () => strToU8('Chapter one. It was a dark night.'),
        'The file is not a Word document (.docx): it is not a zip archive.',
      ],
      [
        'a zip that is not a Word document',
        () => zipSync({ 'notes.txt': strToU8('hello') }),
        'The file is a zip archive but not a Word document (.docx).',
      ],
      [
        'a document that unpacks past the part cap',
        () => docxWith(zeros(17 * 1024 * 1024)),
        'The Word document unpacks to more than 32 MB (or one part to more than 16 MB).',
      ],
      [
        'parts that unpack past the total cap',
        () => docxWith(zeros(10), { 'word/media/a.png': zeros(12e6), 'word/media/b.png': zeros(12e6), 'word/media/c.png': zeros(12e6) }),
        'The Word document unpacks to more than 32 MB (or one part to more than 16 MB).',
      ],
      ['a bomb that lies about its size', lyingBomb, 'The Word document unpacks to more than 32 MB (or one part to more than 16 MB).'],
      [
        'too many parts',
        () => docxWith(zeros(10), Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`p/${i}`, zeros(1)]))),
        'The Word document has more than 1000 parts.',
      ],
      [
        'a document nested too deep',
        () => docxWith(strToU8(`<w:document>${'<w:p>'.repeat(300)}${'</w:p>'.repeat(300)}</w:document>`)),
        'The Word document is nested too deeply to read.',
      ],
      ['a document Word never wrote', () => docxWith(strToU8('this is not XML <<<')), 'The Word document could not be read.'],
    ];
    it.each(cases)('%s', async (_name, build, error) => {
      const cookie = await t.signedInAs('author');
      const storyId = await insertStory();
      await expectError(importDocx(cookie, form(storyId, build(), 'heading1')), 400, error);
      expect(await chapterRows()).toEqual([]);
      expect(await storedKeys(t)).toEqual([]);
    });
  });

  it('refuses a request over 15 MB with 413 before reading it', async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    await expectError(
      importDocx(cookie, form(storyId, new Uint8Array(15 * 1024 * 1024 + 1))),
      413,
      'The upload is too large (at most 15 MB).',
    );
    expect(await chapterRows()).toEqual([]);
  });

  it('asks for a session, a content role and an existing story', async () => {
    const storyId = await insertStory();
    await expectError(importDocx(undefined, form(storyId, THREE_CHAPTERS)), 401, SIGN_IN.error);
    await expectError(importDocx(await t.signedInAs('mod'), form(storyId, THREE_CHAPTERS)), 403, FORBIDDEN.error);
    await expectError(importDocx(await t.signedInAs('author'), form(storyId + 1, THREE_CHAPTERS)), 404, STORY_NOT_FOUND.error);
    expect(await chapterRows()).toEqual([]);
  });
});
