import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chapterBodyHtml } from './chapter-body.ts';
import { chapterBody, chapterBodyFile, chapterTextFile, readChapterBodiesFrom } from './chapter-texts.ts';
import { testChapter } from './epub/test-story.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'chapter-texts-test-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let folders = 0;
const folder = () => path.join(root, `folder-${++folders}`);

const BREAK = '/images/break.png';
const chapter = testChapter(3, 'First scene.\n\n***\n\nSecond *scene*.', { note_before: 'A note.', content_warnings: ['peril'] });

describe('chapterBody', () => {
  it('renders the body as its page shows it, and keeps it under the chapter’s version', async () => {
    const bodies = folder();
    const body = await chapterBody(bodies, chapter, BREAK);
    expect(body).toBe(chapterBodyHtml(chapter, BREAK));
    expect(fs.readdirSync(bodies)).toEqual([chapterBodyFile(chapter, BREAK)]);
    expect(fs.readFileSync(path.join(bodies, chapterBodyFile(chapter, BREAK)), 'utf8')).toBe(body);
  });

  it('gives the kept body without rendering again', async () => {
    const bodies = folder();
    await chapterBody(bodies, chapter, BREAK);
    fs.writeFileSync(path.join(bodies, chapterBodyFile(chapter, BREAK)), '<p>kept</p>');
    expect(await chapterBody(bodies, chapter, BREAK)).toBe('<p>kept</p>');
  });

  it('keeps another body for a new version, another page-break image or other warnings', () => {
    const names = new Set([
      chapterBodyFile(chapter, BREAK),
      chapterBodyFile({ ...chapter, updated_at: '2026-05-05T00:00:00.000Z' }, BREAK),
      chapterBodyFile(chapter, '/images/other-break.png'),
      chapterBodyFile({ ...chapter, content_warnings: [] }, BREAK),
    ]);
    expect(names.size).toBe(4);
    expect(chapterBodyFile(chapter, BREAK)).toMatch(/^3-\d+-[\w-]{16}\.html$/);
  });

  it('still gives the body when it cannot be kept, and leaves no half-written file', async () => {
    const blocked = folder();
    fs.writeFileSync(blocked, 'a file where the folder should be');
    expect(await chapterBody(blocked, chapter, BREAK)).toBe(chapterBodyHtml(chapter, BREAK));
    const readOnly = folder();
    fs.mkdirSync(readOnly);
    fs.mkdirSync(path.join(readOnly, chapterBodyFile(chapter, BREAK)));
    expect(await chapterBody(readOnly, chapter, BREAK)).toBe(chapterBodyHtml(chapter, BREAK));
    expect(fs.readdirSync(readOnly)).toEqual([chapterBodyFile(chapter, BREAK)]);
  });

  it('renders every time and keeps nothing without a folder', async () => {
    expect(await chapterBody(undefined, chapter, BREAK)).toBe(chapterBodyHtml(chapter, BREAK));
  });
});

describe('readChapterBodiesFrom', () => {
  it('reads the chapter’s text only for a body not kept yet', async () => {
    const texts = folder();
    const bodies = folder();
    fs.mkdirSync(texts);
    const { content, note_before, note_after } = chapter;
    fs.writeFileSync(path.join(texts, chapterTextFile(chapter)), JSON.stringify({ content, note_before, note_after }));
    const readBody = readChapterBodiesFrom({ texts, bodies });
    expect(await readBody(chapter, BREAK)).toBe(chapterBodyHtml(chapter, BREAK));
    fs.rmSync(path.join(texts, chapterTextFile(chapter)));
    expect(await readBody(chapter, BREAK)).toBe(chapterBodyHtml(chapter, BREAK));
    await expect(readBody(chapter, '/images/other-break.png')).rejects.toThrow(/ENOENT/);
  });
});
