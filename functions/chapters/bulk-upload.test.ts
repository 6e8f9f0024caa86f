import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { BULK_UPLOAD_MAX_BYTES, BULK_UPLOAD_MAX_FILES, CHAPTER_FILE_MAX_BYTES } from '#lib/limits.ts';
import { chapterTestKit, expectError, FORBIDDEN, SIGN_IN, STORY_NOT_FOUND } from './test-kit.ts';

const t = useApiTestContext();
const { insertStory, insertChapters, chapterRows } = chapterTestKit(t);

describe('POST /api/chapters/bulk-upload', () => {
  const markdown = (name: string, text: string | Uint8Array) => new File([text as BlobPart], name, { type: 'text/markdown' });

  function uploadForm(storyId: number | string | null, files: File[], fields: Record<string, string> = {}, fileField = 'markdown_files[]') {
    const form = new FormData();
    if (storyId !== null) form.append('story_id', String(storyId));
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of files) form.append(fileField, file);
    return form;
  }

  const upload = (cookie: string | undefined, form: FormData, path = '/api/chapters/bulk-upload') => t.call(path, { cookie, body: form });

  /** The answer to an upload that must succeed (200), whatever became of its files. */
  async function uploaded(cookie: string, form: FormData, path?: string) {
    const res = await upload(cookie, form, path);
    expect(res.status).toBe(200);
    return res.json();
  }

  it.each(['admin', 'author'] as const)('lets %s create a chapter per file, as drafts, and republishes once', async (role) => {
    const cookie = await t.signedInAs(role);
    const storyId = await insertStory();
    const files = [
      markdown('10-the-return.md', '# The Return\n\nShe came back.'),
      markdown('002-the-gate.md', '# Chapter 2: The Gate\n\nThe gate opened.'),
      markdown('Chapter 1 - Arrival.txt', 'They arrived.'),
    ];
    expect(await uploaded(cookie, uploadForm(storyId, files))).toEqual({
      success: true,
      uploaded_count: 3,
      // In natural name order, the order the files were read in.
      chapters: [
        { filename: '002-the-gate.md', chapter_number: 2, title: 'The Gate' },
        { filename: '10-the-return.md', chapter_number: 10, title: 'The Return' },
        { filename: 'Chapter 1 - Arrival.txt', chapter_number: 1, title: 'Arrival' },
      ],
      errors: [],
    });
    expect(
      (await chapterRows()).map(({ chapter_number, slug, title, content, status }) => ({ chapter_number, slug, title, content, status })),
    ).toEqual([
      { chapter_number: 1, slug: 'arrival', title: 'Arrival', content: 'They arrived.', status: 'draft' },
      { chapter_number: 2, slug: 'the-gate', title: 'The Gate', content: 'The gate opened.', status: 'draft' },
      { chapter_number: 10, slug: 'the-return', title: 'The Return', content: 'She came back.', status: 'draft' },
    ]);
    expect(t.rebuilds).toEqual(['3 chapters uploaded']);
  });

  // Docs/product.md, Publishing: a bulk upload is one change, so the site is published once for it.
  it(`publishes ${BULK_UPLOAD_MAX_FILES} chapters uploaded at once with one republish, not one per chapter`, async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    const files = Array.from({ length: BULK_UPLOAD_MAX_FILES }, (_, i) => markdown(`${i + 1}.md`, `Chapter ${i + 1} text.`));
    const answer = await uploaded(cookie, uploadForm(storyId, files, { status: 'published' }));
    expect(answer.chapters).toHaveLength(BULK_UPLOAD_MAX_FILES);
    expect((await chapterRows()).filter((row) => row.status === 'published')).toHaveLength(BULK_UPLOAD_MAX_FILES);
    expect(t.rebuilds).toEqual([`${BULK_UPLOAD_MAX_FILES} chapters uploaded`]);
  });

  it('publishes the chapters when status=published, numbers after the existing ones, and answers at .php', async () => {
    const cookie = await t.signedInAs('admin');
    const storyId = await insertStory();
    await insertChapters(storyId, { chapter_number: 4, slug: 'prologue' });
    const form = uploadForm(
      storyId,
      [markdown('prologue.md', 'Before.'), markdown('epilogue.MD', 'After.')],
      { status: 'published' },
      'markdown_files',
    );
    expect((await uploaded(cookie, form, '/api/chapters/bulk-upload.php')).chapters).toEqual([
      { filename: 'epilogue.MD', chapter_number: 5, title: 'Epilogue' },
      { filename: 'prologue.md', chapter_number: 6, title: 'Prologue' },
    ]);
    const rows = await chapterRows();
    expect(rows.map((c) => [c.chapter_number, c.slug, c.status])).toEqual([
      [4, 'prologue', 'published'],
      [5, 'epilogue', 'published'],
      [6, 'prologue-2', 'published'],
    ]);
    const reader = await (await t.call('/api/chapters/list?story_slug=the-lantern-fleet')).json();
    expect(reader.total).toBe(3);
  });

  it('reports each bad file in errors and creates the others', async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    await insertChapters(storyId, { chapter_number: 7 });
    const files = [
      markdown('1-good.md', 'Good.'),
      markdown('2-latin.md', new Uint8Array([0x43, 0x61, 0x66, 0xe9])),
      markdown('3-empty.md', ''),
      markdown('4-huge.md', new Uint8Array(CHAPTER_FILE_MAX_BYTES + 1).fill(0x61)),
      new File(['Word file'], '5-notes.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }),
      markdown('7-taken.md', 'Taken.'),
      markdown('8-also-good.md', 'Also good.'),
    ];
    expect(await uploaded(cookie, uploadForm(storyId, files))).toEqual({
      success: true,
      uploaded_count: 2,
      chapters: [
        { filename: '1-good.md', chapter_number: 1, title: 'Good' },
        { filename: '8-also-good.md', chapter_number: 8, title: 'Also Good' },
      ],
      errors: [
        '2-latin.md: the file is not UTF-8 text',
        '3-empty.md: the file is empty',
        '4-huge.md: the file is larger than 1 MB',
        '5-notes.docx: only .md, .markdown and .txt files can be uploaded',
        '7-taken.md: chapter 7 already exists in this story',
      ],
    });
    expect((await chapterRows()).map((c) => c.chapter_number)).toEqual([1, 7, 8]);
    expect(t.rebuilds).toEqual(['2 chapters uploaded']);
  });

  it('fits derived slugs to the database: a long title or a long front-matter slug is no 500', async () => {
    const cookie = await t.signedInAs('admin');
    const storyId = await insertStory();
    const longSlug = 's'.repeat(121);
    const files = [
      markdown('1-long.md', `# ${'a'.repeat(99)} ${'b'.repeat(150)}\n\nText.`),
      markdown('2-slug.md', `---\nslug: ${longSlug}\n---\nText.`),
    ];
    expect((await uploaded(cookie, uploadForm(storyId, files))).errors).toEqual([`2-slug.md: the slug "${longSlug}" is not a valid slug`]);
    expect((await chapterRows()).map((c) => [c.chapter_number, c.slug])).toEqual([[1, 'a'.repeat(99)]]);
  });

  it('creates nothing and does not republish when every file is bad', async () => {
    const cookie = await t.signedInAs('admin');
    const storyId = await insertStory();
    expect(await uploaded(cookie, uploadForm(storyId, [markdown('a.md', ' \n'), markdown('b.exe', 'MZ')]))).toEqual({
      success: true,
      uploaded_count: 0,
      chapters: [],
      errors: ['a.md: the file is empty', 'b.exe: only .md, .markdown and .txt files can be uploaded'],
    });
    expect(await chapterRows()).toEqual([]);
    expect(t.rebuilds).toEqual([]);
  });

  it('refuses a JSON body, or one without files, a story or a valid status, with 400, and an unknown story with 404', async () => {
    const cookie = await t.signedInAs('admin');
    const storyId = await insertStory();
    const file = () => [markdown('1-a.md', 'A.')];
    const noFiles = 'Choose at least one .md, .markdown or .txt file.';
    await expectError(upload(cookie, uploadForm(storyId, [])), 400, noFiles);
    await expectError(upload(cookie, uploadForm(storyId, [], { 'markdown_files[]': 'not a file' })), 400, noFiles);
    await expectError(upload(cookie, uploadForm(null, file())), 400, 'The story is required');
    await expectError(upload(cookie, uploadForm('one', file())), 400, 'The story must be a whole number');
    await expectError(upload(cookie, uploadForm('-1', file())), 400, 'The story must be a whole number');
    await expectError(
      upload(cookie, uploadForm(storyId, file(), { status: 'archived' })),
      400,
      'The status must be one of: draft, published',
    );
    await expectError(upload(cookie, uploadForm(999, file())), 404, STORY_NOT_FOUND);
    await expectError(
      t.call('/api/chapters/bulk-upload', { cookie, json: { story_id: storyId, markdown_files: ['# A\n\nText.'] } }),
      400,
      'Send the request as multipart/form-data (a form with files).',
    );
    expect(await chapterRows()).toEqual([]);
    expect(t.rebuilds).toEqual([]);
  });

  it(`refuses more than ${BULK_UPLOAD_MAX_FILES} files`, async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    const files = Array.from({ length: BULK_UPLOAD_MAX_FILES + 1 }, (_, i) => markdown(`${i + 1}.md`, 'x'));
    await expectError(upload(cookie, uploadForm(storyId, files)), 400, `Upload at most ${BULK_UPLOAD_MAX_FILES} files at once.`);
    expect(await chapterRows()).toEqual([]);
  });

  it('answers 401 anonymous and 403 for a mod, creating nothing', async () => {
    const storyId = await insertStory();
    const form = () => uploadForm(storyId, [markdown('1-a.md', 'A.')]);
    await expectError(upload(undefined, form()), 401, SIGN_IN);
    await expectError(upload(await t.signedInAs('mod'), form()), 403, FORBIDDEN);
    expect(await chapterRows()).toEqual([]);
  });

  it('gives each number to one of two parallel uploads of the same files', async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    const form = () => uploadForm(storyId, [markdown('1-a.md', 'A.'), markdown('2-b.md', 'B.')]);
    const bodies = await Promise.all([uploaded(cookie, form()), uploaded(cookie, form())]);
    expect(bodies.reduce((sum, body) => sum + body.uploaded_count, 0)).toBe(2);
    for (const error of bodies.flatMap((body) => body.errors)) {
      expect(error).toMatch(/^[12]-[ab]\.md: chapter [12] (already exists in this story|or its slug was taken by another save meanwhile)$/);
    }
    expect(bodies.flatMap((body) => body.errors)).toHaveLength(2);
    expect((await chapterRows()).map((c) => c.chapter_number)).toEqual([1, 2]);
  });

  it('never answers 500 to an odd multipart request', async () => {
    const cookie = await t.signedInAs('admin');
    const storyId = await insertStory();
    const part = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="story_id"\r\n\r\n${storyId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="markdown_files[]"; filename="1-a.md"\r\nContent-Type: text/markdown\r\n\r\nA.\r\n` +
      `--${boundary}--\r\n`;
    const raw = (contentType: string, body: BodyInit, headers: Record<string, string> = {}) =>
      t.call('/api/chapters/bulk-upload', { cookie, body, headers: { 'content-type': contentType, ...headers } });

    // The hand-made body itself is fine:
    expect((await raw('multipart/form-data; boundary=XyZ', part('XyZ'))).status).toBe(200);
    const storyIdAsFile = uploadForm(null, [markdown('1-a.md', 'A.')]);
    storyIdAsFile.append('story_id', new File([String(storyId)], 'id.txt'));
    const odd: [string, () => Promise<Response>, number][] = [
      ['a wrong boundary', () => raw('multipart/form-data; boundary=AAA', part('BBB')), 400],
      ['no boundary', () => raw('multipart/form-data', part('XyZ')), 400],
      ['a cut-off body', () => raw('multipart/form-data; boundary=XyZ', part('XyZ').slice(0, 80)), 400],
      ['an empty body', () => raw('multipart/form-data; boundary=XyZ', ''), 400],
      ['a urlencoded body', () => raw('application/x-www-form-urlencoded', `story_id=${storyId}`), 400],
      ['a text body', () => raw('text/plain', 'hello'), 400],
      ['story_id sent as a file', () => upload(cookie, storyIdAsFile), 400],
      ['a body over the upload limit', () => raw('multipart/form-data; boundary=XyZ', new Uint8Array(BULK_UPLOAD_MAX_BYTES + 1)), 413],
      // The harness sends our own origin; a multipart body from another site is a CSRF attempt.
      ['another origin', () => raw('multipart/form-data; boundary=XyZ', part('XyZ'), { origin: 'https://evil.example' }), 403],
    ];
    for (const [name, send, status] of odd) {
      const res = await send();
      expect({ name, status: res.status }).toEqual({ name, status });
      expect((await res.json()).success).toBe(false);
    }
    expect((await chapterRows()).map((c) => c.chapter_number)).toEqual([1]);
  });
});
