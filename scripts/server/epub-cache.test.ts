import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { ImageFile } from '#lib/epub/index.ts';
import { testChapter, testPng, testStory, textOfTestChapter } from '#lib/epub/test-story.ts';
import { FALLBACK_PROFILE } from '#lib/profile.ts';
import type { ChapterWithText, ReadChapterText, SnapshotStory } from '#lib/snapshot.ts';
import { removeUnusedEpubCache, type StoryEpubOptions, writeStoryEpub } from './epub-files.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epub-cache-test-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const PNG: ImageFile = { bytes: testPng(), mediaType: 'image/png' };
const JPEG: ImageFile = { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]), mediaType: 'image/jpeg' };

/** Chapters that link to each other, show images (one shared, one missing) and have page breaks. */
function story(overrides: Partial<SnapshotStory> = {}, chapters?: ChapterWithText[]): SnapshotStory {
  return testStory(
    chapters ?? [
      testChapter(1, 'One.\n\n---\n\n![Map](/api/uploads/general/map.png) [to three](/storytime/story/the-test-story/chapter/3/)'),
      testChapter(2, 'Two. ![Gone](/api/uploads/general/gone.png) [site](/galleries/)'),
      testChapter(3, 'Three. ![Map again](/api/uploads/general/map.png) ![Sketch](/api/uploads/general/sketch.png)'),
    ],
    overrides,
  );
}

type Options = StoryEpubOptions & { readText: Mock<ReadChapterText> };

/** The book's options: images in memory (`images` added), texts from the chapters, counted; pages kept in the test's folder. */
function options(
  overrides: Partial<Omit<StoryEpubOptions, 'readText'>> = {},
  images: Record<string, ImageFile> = {},
  readText: Mock<ReadChapterText> = vi.fn(textOfTestChapter),
): Options {
  const files: Record<string, ImageFile> = {
    '/images/default-cover.jpg': JPEG,
    '/images/page-break.png': PNG,
    '/api/uploads/general/map.png': PNG,
    '/api/uploads/general/sketch.png': { bytes: testPng(2, 2), mediaType: 'image/png' },
    ...images,
  };
  return {
    profile: FALLBACK_PROFILE,
    siteUrl: 'https://author.example',
    readImage: async (sitePath: string) => files[sitePath] ?? null,
    cacheDir: path.join(dir, 'cache'),
    ...overrides,
    readText,
  };
}

async function book(input: SnapshotStory, settings: Options): Promise<Buffer> {
  const siteDir = path.join(dir, 'site');
  await writeStoryEpub(siteDir, input, settings);
  return fs.readFileSync(path.join(siteDir, 'storytime/story/the-test-story/the-test-story.epub'));
}

/** The names of the entries whose contents differ between two books. */
function changedEntries(before: Uint8Array, after: Uint8Array): string[] {
  const [a, b] = [unzipSync(before), unzipSync(after)];
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return names.filter((name) => !a[name] || !b[name] || Buffer.compare(a[name], b[name]) !== 0).sort();
}

/** The numbers of the chapters whose text was read (pages are made several at a time). */
const readTextCalls = (settings: Options) => settings.readText.mock.calls.map(([chapter]) => chapter.chapter_number).sort((a, b) => a - b);

describe('writeStoryEpub with a page cache', () => {
  it('gives the same bytes without a cache, with an empty one and with a full one, reading no text from a full one', async () => {
    const none = await book(story(), options({ cacheDir: undefined }));
    const cold = await book(story(), options());
    const warm = options();
    expect(await book(story(), warm)).toEqual(none);
    expect(cold).toEqual(none);
    expect(readTextCalls(warm)).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'cache'))).toHaveLength(3);
  });

  it('makes again only the page of a chapter that changed; the book is the one made without a cache', async () => {
    const before = await book(story(), options());
    const chapters = story().chapters as ChapterWithText[];
    chapters[1] = { ...chapters[1]!, content: 'Two, edited.', updated_at: '2026-02-02T00:00:00.000Z' };
    const settings = options();
    const after = await book(story({}, chapters), settings);
    expect(readTextCalls(settings)).toEqual([2]);
    expect(changedEntries(before, after)).toEqual(['EPUB/chapter-2.xhtml', 'EPUB/package.opf']);
    expect(after).toEqual(await book(story({}, chapters), options({ cacheDir: undefined })));
  });

  it('makes a kept page again when a link or an image it shows gives something else, and only that page', async () => {
    const cases: [string, (chapters: ChapterWithText[]) => [SnapshotStory, Options], number[]][] = [
      // Chapter 3 moves to number 4: chapter 1's link to it follows, chapter 3's own page is new.
      [
        'a linked chapter moved',
        (chapters) => {
          chapters[2] = { ...chapters[2]!, chapter_number: 4 };
          return [story({ redirects: [{ old_number: 3, chapter_id: 3 }] }, chapters), options()];
        },
        [1, 4],
      ],
      ['the site moved', (chapters) => [story({}, chapters), options({ siteUrl: 'https://new.example' })], [2]],
      ['a missing image arrived', (chapters) => [story({}, chapters), options({}, { '/api/uploads/general/gone.png': PNG })], [2]],
      ['an image became a JPEG', (chapters) => [story({}, chapters), options({}, { '/api/uploads/general/sketch.png': JPEG })], [3]],
      ['the page break changed', (chapters) => [story({ breakImage: '/api/uploads/general/map.png' }, chapters), options()], [1, 2, 3]],
    ];
    for (const [label, change, remade] of cases) {
      fs.rmSync(path.join(dir, 'cache'), { recursive: true, force: true });
      await book(story(), options());
      const [changed, settings] = change(story().chapters as ChapterWithText[]);
      const warm = await book(changed, settings);
      expect(readTextCalls(settings), label).toEqual(remade);
      expect(warm, label).toEqual(await book(changed, { ...settings, cacheDir: undefined }));
    }
  });

  it('makes a page again when its kept file is damaged or not the page its name promises', async () => {
    const first = await book(story(), options());
    const cache = path.join(dir, 'cache');
    const [damaged, truncated, other] = fs.readdirSync(cache).map((name) => path.join(cache, name));
    fs.copyFileSync(truncated!, other!); // a good page, under another page's name
    fs.writeFileSync(damaged!, 'not a page');
    fs.truncateSync(truncated!, fs.statSync(truncated!).size - 1);
    const settings = options();
    expect(await book(story(), settings)).toEqual(first);
    expect(readTextCalls(settings)).toEqual([1, 2, 3]);
  });

  it('writes no book for a story without chapters or with a slug that is no path, and keeps the old book when one fails', async () => {
    const siteDir = path.join(dir, 'site');
    expect(await writeStoryEpub(siteDir, story({}, []), options())).toBeNull();
    expect(await writeStoryEpub(siteDir, story({ slug: '../../escape' }), options())).toBeNull();
    expect(fs.existsSync(siteDir)).toBe(false);
    const written = await writeStoryEpub(siteDir, story(), options());
    const file = path.join(siteDir, 'storytime/story/the-test-story/the-test-story.epub');
    expect(written?.bytes).toBe(fs.statSync(file).size);
    const old = fs.readFileSync(file);
    const failing = options(
      { cacheDir: undefined },
      {},
      vi.fn(async () => Promise.reject(new Error('text gone'))),
    );
    await expect(writeStoryEpub(siteDir, story(), failing)).rejects.toThrow('text gone');
    expect(fs.readFileSync(file)).toEqual(old);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['the-test-story.epub']);
    // A new book replaces the file, never writes into it: a hard link to it (the site being served) keeps the old book.
    const served = path.join(dir, 'served.epub');
    fs.linkSync(file, served);
    await writeStoryEpub(siteDir, story({ title: 'Renamed' }), options());
    expect(fs.readFileSync(served)).toEqual(old);
    expect(fs.readFileSync(file)).not.toEqual(old);
  });
});

describe('removeUnusedEpubCache', () => {
  it('keeps the pages of the chapters as they are and removes older versions, deleted chapters and abandoned files', async () => {
    await book(story(), options());
    const chapters = story().chapters as ChapterWithText[];
    chapters[0] = { ...chapters[0]!, updated_at: '2026-03-03T00:00:00.000Z' };
    const current = story({}, chapters.slice(0, 2));
    await book(current, options());
    const cache = path.join(dir, 'cache');
    fs.writeFileSync(path.join(cache, 'abandoned.page.1234abcd.tmp'), 'x');
    expect(fs.readdirSync(cache)).toHaveLength(5);
    await removeUnusedEpubCache(cache, [current]);
    expect(fs.readdirSync(cache)).toHaveLength(2);
    const settings = options();
    await book(current, settings);
    expect(readTextCalls(settings)).toEqual([]);
    await removeUnusedEpubCache(path.join(dir, 'no-such-folder'), [current]);
  });
});
