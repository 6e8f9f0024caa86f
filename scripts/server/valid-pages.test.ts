// Every kind of built page passes the Nu HTML Checker with no error (docs/product.md, Valid
// pages, addresses and crawlers): one build of the demo content plus an adult story, a moved
// chapter, notes, warnings and awkward titles, checked in one run of the checker.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoContent } from '#db/seed/index.ts';
import { readContentSnapshot } from '#functions/site/snapshot.ts';
import { testChapter, testStory } from '#lib/epub/test-story.ts';
import type { ContentSnapshot } from '#lib/snapshot.ts';
import { openTestDatabase } from '#scripts/test/database.ts';
import { checkHtml, formatMessages, javaAvailable } from '#scripts/test/nu-checker.ts';
import { buildStaticSite } from './site-builder.ts';

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
  const [first, ...rest] = fleet!.chapters;
  const noted = {
    ...first!,
    note_before: 'A note **before**, with a [link](https://example.com/).',
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

const hasJava = javaAvailable();
// CI installs Java: there a missing one is a failure, not a skip.
const runs = hasJava || process.env['CI'] === 'true';
if (!runs) console.warn('java is not installed: the Nu HTML Checker test is skipped (apt-get install default-jre-headless)');

let siteDir: string;
beforeAll(async () => {
  const database = await openTestDatabase();
  let demo: ContentSnapshot;
  try {
    await seedDemoContent(database.db);
    demo = await readContentSnapshot(database.db, new Date());
  } finally {
    await database.close();
  }
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'valid-pages-test-'));
  await buildStaticSite({ projectRoot: PROJECT_ROOT, outDir: siteDir, snapshot: richSnapshot(demo), siteUrl: 'http://localhost:4321' });
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
