// Every kind of built page passes the Nu HTML Checker with no error (docs/product.md, Valid
// pages, addresses and crawlers): one build of the demo content plus an adult story, a moved
// chapter, notes, warnings and awkward titles, checked in one run of the checker.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoContent } from '#db/seed/index.ts';
import { testChapter, testStory, textOfTestChapter } from '#lib/epub/test-story.ts';
import { FOLDER_PAGES, redirectsFile } from '#functions/cloudflare/page-redirects.ts';
import { mediaTypeForPath, pathPattern } from '#lib/site-media-types.ts';
import type { ChapterWithText, ContentSnapshot } from '#lib/snapshot.ts';
import { openTestDatabase } from '#scripts/test/database.ts';
import { readSnapshotWithTexts } from '#scripts/test/snapshot-with-texts.ts';
import { checkHtml, formatMessages, nuCheckerRuns } from '#scripts/test/nu-checker.ts';
import { writeChapterTextFiles } from './content-files.ts';
import { buildStaticSite } from './site-publishing.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const AWKWARD = 'Tides ]]> & <Salt> — مرحبا 海 👩‍👩‍👧';

/** The pages the test must meet; a kind the build stopped writing fails the test instead of passing unchecked. */
const PAGE_KINDS = {
  landing: 'index.html',
  'story list': 'storytime/index.html',
  story: 'storytime/story/the-lantern-fleet/index.html',
  'chapter with notes and warnings': 'storytime/story/the-lantern-fleet/chapter/1/index.html',
  'moved chapter': 'storytime/story/the-lantern-fleet/chapter/9/index.html',
  'adult story': 'storytime/story/after-hours/index.html',
  'adult chapter': 'storytime/story/after-hours/chapter/1/index.html',
  preview: 'storytime/preview/index.html',
  'gallery list': 'galleries/index.html',
  gallery: 'galleries/field-studies/index.html',
  'X gallery': 'galleries/after-dark/index.html',
  'gallery not found': 'gallery-not-found/index.html',
  'chapter not found': '404.html',
  subscribe: 'subscribe/index.html',
  'subscribe confirm': 'subscribe/confirm/index.html',
  unsubscribe: 'unsubscribe/index.html',
  admin: 'admin/index.html',
};

/** The demo content, with what it lacks: every optional part of a chapter page, an adult story, a moved chapter. */
function richSnapshot(demo: ContentSnapshot): ContentSnapshot {
  const [fleet, ...others] = demo.stories;
  const [first, ...rest] = fleet!.chapters as ChapterWithText[];
  // Footnotes in the text and in a note, whose ids must not clash on the page (every element and control
  // characters in a chapter are checked beside src/lib/markdown.ts).
  const noted = {
    ...first!,
    content: `${first!.content}\n\nA claim[^1] and <details><summary>Spoiler</summary>\n\nHidden[^2].\n\n</details>\n\n[^1]: First.\n\n[^2]: Second.`,
    note_before: 'A note **before**[^1], with a [link](https://example.com/).\n\n[^1]: A note on the note.',
    note_after: `After: ${AWKWARD}`,
    content_warnings: ['Violence', AWKWARD],
  };
  const adult = testStory(
    [testChapter(1, `# ${AWKWARD}\n\nText.`, { id: 9001, title: AWKWARD, note_before: 'Before.', content_warnings: ['Sex'] })],
    { id: 9000, slug: 'after-hours', title: AWKWARD, target_audience: 'Adults 18+', genres: ['Erotica'] },
  );
  return {
    ...demo,
    follow_by_email: true,
    stories: [{ ...fleet!, chapters: [noted, ...rest], redirects: [{ old_number: 9, chapter_id: first!.id }] }, ...others, adult],
  };
}

const runs = nuCheckerRuns();

let siteDir: string;
beforeAll(async () => {
  const database = await openTestDatabase();
  let demo: ContentSnapshot;
  try {
    await seedDemoContent(database.db);
    demo = await readSnapshotWithTexts(database.db);
  } finally {
    await database.close();
  }
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'valid-pages-test-'));
  const snapshot = richSnapshot(demo);
  const textsDir = `${siteDir}-texts`;
  await writeChapterTextFiles(textsDir, snapshot.stories, textOfTestChapter);
  await buildStaticSite({ projectRoot: PROJECT_ROOT, outDir: siteDir, snapshot, textsDir, siteUrl: 'http://localhost:4321' });
}, 180_000);
afterAll(() => {
  if (siteDir) fs.rmSync(siteDir, { recursive: true, force: true });
});

it('builds every kind of page', () => {
  const missing = Object.entries(PAGE_KINDS).filter(([, file]) => !fs.existsSync(path.join(siteDir, file)));
  expect(missing).toEqual([]);
});

it('keeps /404.html out of search engines', () => {
  expect(fs.readFileSync(path.join(siteDir, '404.html'), 'utf8')).toContain('<meta name="robots" content="noindex">');
});

/** Every file of the build by URL path, and the folder pages by their address without the slash. */
function builtAddresses() {
  const files = fs.globSync('**/*', { cwd: siteDir, withFileTypes: true }).filter((entry) => entry.isFile());
  const paths = files.map((entry) => `/${path.relative(siteDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`);
  const folderPages = paths
    .filter((file) => file.endsWith('/index.html') && file !== '/index.html')
    .map((file) => file.slice(0, -'/index.html'.length));
  return { paths, folderPages };
}

it('links every folder page with its trailing slash, the one address that answers 200', () => {
  const slashless = new Set(builtAddresses().folderPages);
  const pages = fs.globSync('**/*.html', { cwd: siteDir });
  const found = pages.flatMap((page) =>
    [...fs.readFileSync(path.join(siteDir, page), 'utf8').matchAll(/href="(\/[^"?#]*)/g)]
      .filter((match) => slashless.has(match[1]!))
      .map((match) => `${page}: ${match[1]}`),
  );
  expect(found).toEqual([]);
});

it('has a Cloudflare redirect for every kind of folder page, and none that catches a file', () => {
  const { paths, folderPages } = builtAddresses();
  const rules = FOLDER_PAGES.map(pathPattern);
  expect(folderPages.filter((page) => !rules.some((rule) => rule.test(page)))).toEqual([]);
  // A list's own index.html has a rule of its own, tried first (page-redirects.ts); Cloudflare never serves the .br/.gz copies.
  const ownRules = new Set(
    redirectsFile()
      .split('\n')
      .filter((rule) => !rule.includes(':'))
      .map((rule) => rule.split(' ')[0]),
  );
  const served = paths.filter((file) => !/\.(br|gz)$/.test(file) && !ownRules.has(file));
  expect(served.filter((file) => rules.some((rule) => rule.test(file)))).toEqual([]);
});

it('serves every feed it builds as Atom', () => {
  const feeds = builtAddresses().paths.filter((file) => file.endsWith('/feed.xml'));
  expect(feeds.length).toBeGreaterThan(1);
  expect(feeds.filter((feed) => mediaTypeForPath(feed) !== 'application/atom+xml; charset=utf-8')).toEqual([]);
});

it.runIf(runs)(
  'every built page has no error from the Nu HTML Checker',
  async () => {
    const pages = fs.globSync('**/*.html', { cwd: siteDir }).map((file) => path.join(siteDir, file));
    expect(pages.length).toBeGreaterThanOrEqual(Object.keys(PAGE_KINDS).length);
    const messages = await checkHtml(pages);
    const readable = messages.map((message) => ({ ...message, file: path.relative(siteDir, message.file) }));
    expect(readable, formatMessages(readable)).toEqual([]);
  },
  120_000,
);
