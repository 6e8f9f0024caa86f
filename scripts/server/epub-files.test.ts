import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '#db/seed/index.ts';
import { testChapter, testPng, testStory, textOfTestChapter } from '#lib/epub/test-story.ts';
import type { ContentSnapshot } from '#lib/snapshot.ts';
import { epubcheckCommand, runEpubcheck } from '#scripts/test/epubcheck.ts';
import { openTestDatabase } from '#scripts/test/database.ts';
import { readSnapshotWithTexts } from '#scripts/test/snapshot-with-texts.ts';
import { MemoryStorage } from '#scripts/test/memory-storage.ts';
import { siteImageReader, writeStoryEpubs } from './epub-files.ts';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');
const SITE_URL = 'http://localhost:4321';

let siteDir: string;
let demo: ContentSnapshot;
const storage = new MemoryStorage();
const readImage = siteImageReader({ publicDir: PUBLIC_DIR, storage });

beforeAll(async () => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'epub-files-test-'));
  const database = await openTestDatabase();
  try {
    await seedDemoContent(database.db);
    demo = await readSnapshotWithTexts(database.db);
  } finally {
    await database.close();
  }
  const webp = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#345' } })
    .webp()
    .toBuffer();
  const transparent = await sharp({ create: { width: 30, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
    .webp()
    .toBuffer();
  await storage.put('covers/cover.webp', webp, 'image/webp');
  await storage.put('breaks/break.webp', transparent, 'image/webp');
  await storage.put('general/map.png', testPng(8, 8), 'image/png');
  await storage.put('general/broken.webp', new TextEncoder().encode('RIFF....WEBPnot really'), 'image/webp');
});
afterAll(() => fs.rmSync(siteDir, { recursive: true, force: true }));

/** Everything an author may write: the safe HTML, footnotes (one referring to itself), links between chapters, mixed scripts. */
const AUTHOR_MARKUP = [
  '<details>\n<summary>Spoiler</summary>\n\nThe *twist*[^twist].\n\n</details>',
  '<div dir="rtl" lang="ar">مرحبا <span lang="zh">你好</span> and Latin 👨‍👩‍👧‍👦</div>',
  '<aside>An aside with <small>small</small>, <mark>marked</mark>, H<sub>2</sub>O, x<sup>2</sup>, <abbr title="A & B">AB</abbr>.</aside>',
  '<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>',
  'Back to [the map](/storytime/story/illustrated/chapter/1/), the [story](/storytime/story/illustrated/) and [a note](#fn-self).',
  '[^twist]: The twist, explained[^self].',
  '[^self]: A note that refers to itself[^self].',
].join('\n\n');

/** A story with an uploaded WebP cover and page break, uploads in chapters, remote and broken images, hostile text. */
function illustratedStory() {
  return testStory(
    [
      testChapter(1, 'Opening.\n\n---\n\n![The map](/api/uploads/general/map.png "Map")\n\n* * *\n\nEnd & after.'),
      testChapter(
        2,
        '![Remote](https://images.example/x.png) ![Broken](/api/uploads/general/broken.webp) ![Climb](/api/uploads/../secret.png)',
      ),
      testChapter(3, '<script>alert(1)</script><p>Unclosed <b>tags & NUL\u0000 bytes\n\n| a | b |\n|---|---|\n| 1 | 2 |'),
      testChapter(4, AUTHOR_MARKUP, { title: 'Notes ]]> & <more> 👩‍🚀', note_before: 'Before[^1].\n\n[^1]: A note on the note.' }),
    ],
    {
      slug: 'illustrated',
      title: 'Illustrated & "Quoted"',
      cover: '/api/uploads/covers/cover.webp',
      breakImage: '/api/uploads/breaks/break.webp',
    },
  );
}

describe('siteImageReader', () => {
  it('reads uploads from the storage and site images from public/, converting WebP to JPEG or, with transparency, PNG', async () => {
    expect((await readImage('/api/uploads/general/map.png'))?.mediaType).toBe('image/png');
    expect((await readImage('/images/default-cover.jpg'))?.mediaType).toBe('image/jpeg');
    expect((await readImage('/api/uploads/covers/cover.webp'))?.mediaType).toBe('image/jpeg');
    expect((await readImage('/api/uploads/breaks/break.webp'))?.mediaType).toBe('image/png');
  });

  it('gives null for missing, undecodable and unsafe paths, and for uploads without a storage', async () => {
    for (const bad of [
      '/images/nope.png',
      '/api/uploads/general/broken.webp',
      '/api/uploads/../secret.png',
      '/images/../../package.json',
      '/../package.json',
      '/images/\u0000.png',
    ]) {
      expect(await readImage(bad), bad).toBeNull();
    }
    expect(await siteImageReader({ publicDir: PUBLIC_DIR, storage: null })('/api/uploads/general/map.png')).toBeNull();
  });
});

describe('writeStoryEpubs', () => {
  it('writes a book for each published story with chapters, beside its page', async () => {
    const empty = testStory([], { slug: 'no-chapters-yet' });
    const hostileSlug = testStory([testChapter(1, 'x')], { slug: '../../escape' });
    const result = await writeStoryEpubs(
      siteDir,
      { ...demo, stories: [...demo.stories, illustratedStory(), empty, hostileSlug] },
      SITE_URL,
      readImage,
      textOfTestChapter,
    );
    expect(result.books).toBe(2);
    expect(fs.existsSync(path.join(siteDir, 'storytime/story/the-lantern-fleet/the-lantern-fleet.epub'))).toBe(true);
    expect(fs.existsSync(path.join(siteDir, 'storytime/story/illustrated/illustrated.epub'))).toBe(true);
    expect(fs.existsSync(path.join(siteDir, 'storytime/story/no-chapters-yet'))).toBe(false);
    expect(fs.readdirSync(path.dirname(siteDir)).some((entry) => entry.includes('escape'))).toBe(false);
  });

  it('embeds the converted images of the illustrated story', () => {
    const files = unzipSync(fs.readFileSync(path.join(siteDir, 'storytime/story/illustrated/illustrated.epub')));
    expect(Object.keys(files).filter((name) => name.startsWith('EPUB/images/'))).toEqual([
      'EPUB/images/cover-image.jpg',
      'EPUB/images/image-2.png',
      'EPUB/images/image-3.png',
    ]);
    const chapter2 = new TextDecoder().decode(files['EPUB/chapter-2.xhtml']);
    expect(chapter2).toContain('[Image: Remote]</span> <span class="missing-image">[Image: Broken]</span>');
    const chapter4 = new TextDecoder().decode(files['EPUB/chapter-4.xhtml']);
    expect(chapter4).toContain('<a href="chapter-1.xhtml">the map</a>');
    expect(chapter4.match(/epub:type="footnote"/g)).toHaveLength(3);
  });

  // The lead adds epubcheck to .ci/run; elsewhere install it with `apt-get install epubcheck`.
  const epubcheck = epubcheckCommand();
  it.skipIf(!epubcheck)(
    'passes epubcheck with no errors and no warnings (demo story, illustrated story)',
    async () => {
      for (const slug of ['the-lantern-fleet', 'illustrated']) {
        const report = await runEpubcheck(epubcheck!, path.join(siteDir, `storytime/story/${slug}/${slug}.epub`));
        expect({ fatals: report.fatals, errors: report.errors, warnings: report.warnings }, report.output).toEqual({
          fatals: 0,
          errors: 0,
          warnings: 0,
        });
      }
    },
    60_000,
  );
  if (!epubcheck) console.warn('epubcheck is not on PATH: the EPUB validation test is skipped (apt-get install epubcheck)');
});
