// An incremental publish gives the site a full build of the same content gives, byte for byte,
// after every kind of change (docs/decisions/0051-incremental-publishing.md), and keeps the files
// of what the change did not touch as links to the site being served.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoContent } from '#db/seed/index.ts';
import { insertCatalogue } from '#scripts/bench/catalogue.ts';
import { openTestDatabase, type TestDatabase } from '#scripts/test/database.ts';
import { siteImageReader } from './epub-files.ts';
import { chapterTextFile } from '#lib/chapter-texts.ts';
import type { PublishManifest } from './publish-plan.ts';
import { listFiles } from './site-links.ts';
import { SitePublisher } from './site-publisher.ts';
import { cloneServedSite, SiteRendering, serverPublishing } from './site-publishing.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SITE_URL = 'http://localhost:4321';

let root: string;
let database: TestDatabase;
let rendering: SiteRendering;
let publisher: SitePublisher;
const logs: string[] = [];

function publisherIn(sitesDir: string, log: (line: string) => void): SitePublisher {
  const build = serverPublishing({
    db: database.db,
    rendering,
    sitesDir,
    siteUrl: SITE_URL,
    readImage: siteImageReader({ publicDir: path.join(PROJECT_ROOT, 'public'), storage: null }),
    followByEmail: false,
    forceFull: false,
    log,
  });
  return new SitePublisher({ sitesDir, build, debounceMs: 0, log, clone: cloneServedSite });
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'incremental-publish-'));
  database = await openTestDatabase();
  await seedDemoContent(database.db);
  await insertCatalogue(database.db, { stories: 2, chaptersPerStory: 6, wordsPerChapter: 300 });
  rendering = new SiteRendering({ projectRoot: PROJECT_ROOT, siteUrl: SITE_URL });
  publisher = publisherIn(path.join(root, 'served'), (line) => logs.push(line));
  await publisher.publishNow('first start');
}, 180_000);

afterAll(async () => {
  await publisher?.stop();
  await rendering?.stop();
  await database?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** Publishes incrementally, then builds the same content in full elsewhere, and compares every file. */
async function publishAndCompare(reason: string): Promise<{ served: string; line: string }> {
  await publisher.publishNow(reason);
  const served = publisher.current!;
  const line = logs.filter((entry) => /^site: (full|incremental) publish/.test(entry)).at(-1)!;
  const fresh = publisherIn(fs.mkdtempSync(path.join(root, 'fresh-')), () => {});
  await fresh.publishNow('compare');
  const full = fresh.current!;
  const files = (await listFiles(served)).sort();
  expect(files).toEqual((await listFiles(full)).sort());
  // The manifest beside the served folder lists exactly its files (the static server indexes from it).
  const manifest = JSON.parse(fs.readFileSync(`${served}.publish.json`, 'utf8')) as PublishManifest;
  const listed = [...manifest.assets, ...manifest.global, ...Object.values(manifest.outputs).flatMap((output) => output.files)];
  expect(listed.sort()).toEqual(files);
  for (const file of files)
    expect(fs.readFileSync(path.join(served, file)).equals(fs.readFileSync(path.join(full, file))), file).toBe(true);
  await fresh.stop();
  return { served, line };
}

const chapterOf = (slug: string, number: number) =>
  database.db
    .selectFrom('chapters')
    .innerJoin('stories', 'stories.id', 'chapters.story_id')
    .select('chapters.id')
    .where('stories.slug', '=', slug)
    .where('chapters.chapter_number', '=', number)
    .executeTakeFirstOrThrow();

const inode = (file: string) => fs.statSync(file).ino;

it('renders only the edited chapter, its neighbours and the story’s lists, and links every other page', async () => {
  const before = publisher.current!;
  // The first publish leaves a spare cloned from it, complete once its record is beside it.
  const finished = () => fs.readdirSync(path.join(root, 'served')).filter((entry) => /^build-[^.]+\.publish\.json$/.test(entry));
  await expect.poll(finished, { timeout: 30_000 }).toHaveLength(2);
  const folders = finished().map((entry) => fs.statSync(path.join(root, 'served', entry.replace('.publish.json', ''))).ino);
  const { id } = await chapterOf('bench-story-1', 3);
  await database.db.updateTable('chapters').set({ content: 'A new third chapter.', updated_at: sql`now()` }).where('id', '=', id).execute();
  const { served, line } = await publishAndCompare('chapter edited');
  // Into the spare cloned from the first publish, not a folder linked anew.
  expect(folders).toContain(inode(served));
  expect(line).toMatch(/^site: incremental publish: \d+ pages/);
  const page = (slug: string, n: number) => path.join('storytime/story', slug, 'chapter', String(n), 'index.html');
  expect(fs.readFileSync(path.join(served, page('bench-story-1', 3)), 'utf8')).toContain('A new third chapter.');
  // Untouched: another chapter of the story and the other story's pages are the served files themselves.
  const untouched = [
    page('bench-story-1', 5),
    page('bench-story-2', 3),
    'storytime/story/bench-story-2/index.html',
    'share/story/bench-story-1.jpg',
  ];
  for (const file of untouched) expect(inode(path.join(served, file)), file).toBe(inode(path.join(before, file)));
  // Touched: the chapter and its neighbours (their previous/next links) were rendered again.
  for (const n of [2, 3, 4])
    expect(inode(path.join(served, page('bench-story-1', n)))).not.toBe(inode(path.join(before, page('bench-story-1', n))));
}, 120_000);

it('gives the full build’s site after a new last chapter, an unpublished chapter and two stories swapping slugs', async () => {
  const story = await database.db.selectFrom('stories').select('id').where('slug', '=', 'bench-story-2').executeTakeFirstOrThrow();
  await database.db
    .insertInto('chapters')
    .values({
      story_id: story.id,
      chapter_number: 7,
      slug: 'chapter-7',
      title: 'Chapter 7',
      content: 'The end, for now.',
      status: 'published',
    })
    .execute();
  await publishAndCompare('new chapter');

  const { id } = await chapterOf('bench-story-1', 6);
  await database.db.updateTable('chapters').set({ status: 'draft', updated_at: sql`now()` }).where('id', '=', id).execute();
  await publishAndCompare('chapter unpublished');

  await database.db.transaction().execute(async (trx) => {
    await trx.updateTable('stories').set({ slug: 'swap-in-progress' }).where('slug', '=', 'bench-story-1').execute();
    await trx.updateTable('stories').set({ slug: 'bench-story-1' }).where('slug', '=', 'bench-story-2').execute();
    await trx.updateTable('stories').set({ slug: 'bench-story-2' }).where('slug', '=', 'swap-in-progress').execute();
  });
  const { served } = await publishAndCompare('slugs swapped');
  expect(fs.existsSync(path.join(served, 'storytime/story/bench-story-1/chapter/7/index.html'))).toBe(true);
  expect(fs.existsSync(path.join(served, 'storytime/story/bench-story-2/chapter/6/index.html'))).toBe(false);
}, 240_000);

it('draws a story’s share picture again when its cover changes, and only that one', async () => {
  const before = publisher.current!;
  await database.db.updateTable('stories').set({ cover_image: '/images/lofi_bg.png' }).where('slug', '=', 'bench-story-2').execute();
  const { served, line } = await publishAndCompare('cover changed');
  expect(line).toMatch(/^site: incremental publish/);
  expect(inode(path.join(served, 'share/story/bench-story-2.jpg'))).not.toBe(inode(path.join(before, 'share/story/bench-story-2.jpg')));
  for (const file of ['share/story/bench-story-1.jpg', 'share/site.jpg'])
    expect(inode(path.join(served, file)), file).toBe(inode(path.join(before, file)));
}, 120_000);

it('fails a publish whose page cannot be rendered, says why in the publish state, and keeps the site', async () => {
  const before = publisher.current!;
  const builds = () => fs.readdirSync(path.join(root, 'served')).filter((entry) => /^build-[^.]+$/.test(entry));
  const buildsBefore = builds();
  const { id } = await chapterOf('bench-story-1', 4);
  const [row] = await database.db
    .updateTable('chapters')
    .set({ content: 'Words that cannot be read.', updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(['id', 'updated_at'])
    .execute();
  // The chapter's text file, as the publish names it, is a folder: its page (and the story's feed) cannot be rendered.
  const blocked = path.join(root, 'served', 'texts', chapterTextFile({ id: row!.id, updated_at: row!.updated_at.toISOString() }));
  fs.mkdirSync(blocked, { recursive: true });
  await expect(publisher.publishNow('chapter edited')).rejects.toThrow(/Rendering \/storytime\/story\/bench-story-1\//);
  expect(publisher.current).toBe(before);
  expect(publisher.state().last_error?.message).toMatch(/Rendering \/storytime\/story\/bench-story-1\/.*EISDIR/s);
  // The failed publish's folder is gone (a spare it was writing into goes too); the served one stays.
  expect(builds()).toContain(path.basename(before));
  expect(builds().every((build) => buildsBefore.includes(build))).toBe(true);

  fs.rmSync(blocked, { recursive: true });
  await publishAndCompare('chapter edited again');
  expect(publisher.state().last_error).toBeNull();
}, 120_000);

it('puts 50 edits made during a full build into the next publish, and a chapter deleted while its publish waits', async () => {
  await database.db.updateTable('author_profile').set({ tagline: 'Fifty edits later.' }).execute();
  const full = publisher.publishNow('profile changed');
  const chapters = await database.db.selectFrom('chapters').select('id').where('status', '=', 'published').orderBy('id').execute();
  for (let edit = 1; edit <= 50; edit++) {
    const { id } = chapters[edit % chapters.length]!;
    await database.db
      .updateTable('chapters')
      .set({ content: `Edit ${edit} of chapter ${id}.`, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    publisher.schedule(`edit ${edit}`);
  }
  const deleted = chapters.at(-1)!.id;
  await database.db.deleteFrom('chapters').where('id', '=', deleted).execute();
  publisher.schedule('chapter deleted');
  await full;
  await publishAndCompare('after the edits');
  expect(logs.filter((line) => line.includes('edit 50')).length).toBeGreaterThan(0);
  // Every chapter's page shows its last edit.
  const pages = await database.db
    .selectFrom('chapters')
    .innerJoin('stories', 'stories.id', 'chapters.story_id')
    .select(['chapters.id', 'chapters.content', 'chapters.chapter_number', 'stories.slug'])
    .where('chapters.status', '=', 'published')
    .where('stories.status', '=', 'published')
    .execute();
  for (const page of pages.filter((row) => row.content.startsWith('Edit ')))
    expect(
      fs.readFileSync(
        path.join(publisher.current!, 'storytime/story', page.slug, 'chapter', String(page.chapter_number), 'index.html'),
        'utf8',
      ),
    ).toContain(page.content);
}, 240_000);

it('brings the folder served before up to date instead of making a new one, with the same result', async () => {
  const wait = () => new Promise((resolve) => setTimeout(resolve, 2_100));
  await wait();
  await publisher.publishNow('settle');
  const older = inode(publisher.current!);
  await wait();
  const { id } = await chapterOf('bench-story-1', 2);
  await database.db.updateTable('chapters').set({ content: 'Second, again.', updated_at: sql`now()` }).where('id', '=', id).execute();
  await publisher.publishNow('chapter edited');
  await wait();
  await database.db.updateTable('chapters').set({ title: 'Second, retitled', updated_at: sql`now()` }).where('id', '=', id).execute();
  const { served } = await publishAndCompare('chapter retitled');
  // The same folder, renamed for this publish.
  expect(inode(served)).toBe(older);
  expect(fs.readFileSync(path.join(served, 'storytime/story/bench-story-1/index.html'), 'utf8')).toContain('Second, retitled');
}, 120_000);

it('builds everything again when the profile, shown on every page, changes', async () => {
  await database.db.updateTable('author_profile').set({ name: 'Mara Q. Quillon' }).execute();
  const { served, line } = await publishAndCompare('profile changed');
  expect(line).toMatch(/^site: full publish \(content every page shows changed\)/);
  expect(fs.readFileSync(path.join(served, 'storytime/story/bench-story-1/chapter/2/index.html'), 'utf8')).toContain('Mara Q. Quillon');
}, 120_000);

it('renders a chapter page from the body kept for its version, and keeps bodies only of the chapters published', async () => {
  const bodiesDir = path.join(root, 'served', 'bodies');
  const codes = fs.readdirSync(bodiesDir);
  expect(codes).toHaveLength(1);
  const kept = path.join(bodiesDir, codes[0]!);
  const { id: second } = await chapterOf('bench-story-2', 2);
  const { id: third } = await chapterOf('bench-story-2', 3);
  const bodyOf = (chapterId: number) => fs.readdirSync(kept).filter((name) => name.startsWith(`${chapterId}-`));
  expect(bodyOf(second)).toHaveLength(1);
  // The second chapter is rendered again for its neighbour's edit, from its kept body.
  fs.writeFileSync(path.join(kept, bodyOf(second)[0]!), '<p>The body kept for this version.</p>');
  const thirdBefore = bodyOf(third);
  await database.db
    .updateTable('chapters')
    .set({ content: 'A third, rewritten.', updated_at: sql`now()` })
    .where('id', '=', third)
    .execute();
  await publisher.publishNow('chapter edited');
  const page = fs.readFileSync(path.join(publisher.current!, 'storytime/story/bench-story-2/chapter/2/index.html'), 'utf8');
  expect(page).toContain('<p>The body kept for this version.</p>');
  expect(bodyOf(third)).toHaveLength(1);
  expect(bodyOf(third)).not.toEqual(thirdBefore);
  const published = await database.db.selectFrom('chapters').select('id').where('status', '=', 'published').execute();
  const chapterIds = new Set(published.map((row) => String(row.id)));
  expect(fs.readdirSync(kept).every((name) => chapterIds.has(name.split('-')[0]!))).toBe(true);
}, 120_000);
