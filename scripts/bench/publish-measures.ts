// What bench:publish times, from outside, through the API and the public pages only, so it measures
// any publisher the server has: the time from a change's answer until readers are served all of it.
// Every wait polls every POLL_MS and gives up after `limitMs`.
import { storyEpubPath } from '#lib/epub/index.ts';
import { chapterPath, SITE_FEED_PATH, storyFeedPath, storyPath } from '#lib/reader-urls.ts';
import { SITEMAP_INDEX_PATH } from '#lib/sitemap.ts';
import { chapterText } from './catalogue.ts';
import { api, type BenchServer, fetchAgain } from './site-server.ts';

const POLL_MS = 50;

/** A word no page holds yet, to look for once the change is served. */
export const markerWord = (label: string) => `bench${label}${Date.now().toString(36)}`;

async function pageText(server: BenchServer, pathname: string): Promise<string> {
  const answer = await fetchAgain(server.base + pathname);
  return answer.ok ? answer.text() : '';
}

/**
 * Polls every check until all have passed (each once: a file served never goes back); resolves
 * with the ms since `since` and the name of the check that passed last.
 */
async function servedAll(checks: Record<string, () => Promise<boolean>>, since: number, limitMs: number) {
  const waiting = new Map(Object.entries(checks));
  let last = '';
  while (waiting.size > 0) {
    for (const [name, check] of waiting) {
      if (!(await check())) continue;
      waiting.delete(name);
      last = name;
    }
    if (waiting.size === 0) break;
    if (performance.now() - since > limitMs) throw new Error(`not served within ${limitMs / 1000} s: ${[...waiting.keys()].join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return { ms: performance.now() - since, last };
}

export interface BenchStory {
  id: number;
  slug: string;
}

export async function findStory(server: BenchServer, slug: string): Promise<BenchStory> {
  const { body } = await api<{ stories: { id: number }[] }>(server.base, `/api/stories/list?slug=${slug}`, { cookie: server.cookie });
  return { id: body.stories[0]!.id, slug };
}

/** Saves chapter `number` of `story` with a marker word in front; ms from the save's answer until its page shows it. */
export async function timeEdit(server: BenchServer, story: BenchStory, number: number, limitMs: number): Promise<number> {
  const { base, cookie } = server;
  type Listed = { chapters: { id: number; content: string }[] };
  const { body } = await api<Listed>(base, `/api/chapters/list?story_id=${story.id}&chapter_number=${number}`, { cookie });
  const chapter = body.chapters[0]!;
  const marker = markerWord('edit');
  await api(base, '/api/chapters/update', { cookie, json: { id: chapter.id, content: `${marker} ${chapter.content}` } });
  const saved = performance.now();
  const page = `${chapterPath(story.slug, number)}/`;
  return (await servedAll({ page: async () => (await pageText(server, page)).includes(marker) }, saved, limitMs)).ms;
}

/** The sitemap files the index names, fetched from this server whatever origin they carry. */
async function sitemapHolds(server: BenchServer, address: string): Promise<boolean> {
  const index = await pageText(server, SITEMAP_INDEX_PATH);
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    if ((await pageText(server, new URL(loc!).pathname)).includes(`${address}<`)) return true;
  }
  return false;
}

async function etagOf(server: BenchServer, pathname: string): Promise<string | null> {
  const answer = await fetchAgain(server.base + pathname, { method: 'HEAD' });
  return answer.ok ? answer.headers.get('etag') : null;
}

/**
 * Creates chapter `number` of `story` published; ms from the answer until its page, the story page
 * and both feeds list it, the sitemap names it and the story's EPUB is a new file (another ETag).
 */
export async function timeNewChapter(server: BenchServer, story: BenchStory, number: number, limitMs: number) {
  const { base, cookie } = server;
  const epub = storyEpubPath(story.slug);
  const epubBefore = await etagOf(server, epub);
  const marker = markerWord('new');
  const json = {
    story_id: story.id,
    chapter_number: number,
    title: marker,
    slug: marker,
    content: chapterText(3000, number),
    status: 'published',
  };
  await api(base, '/api/chapters/create', { cookie, json });
  const created = performance.now();
  const address = `${chapterPath(story.slug, number)}/`;
  const lists = (pathname: string) => async () => (await pageText(server, pathname)).includes(address);
  return servedAll(
    {
      'chapter page': async () => (await pageText(server, address)).includes(marker),
      'story page': lists(`${storyPath(story.slug)}/`),
      'story feed': lists(storyFeedPath(story.slug)),
      'site feed': lists(SITE_FEED_PATH),
      sitemap: () => sitemapHolds(server, address),
      'the EPUB': async () => ((await etagOf(server, epub)) ?? epubBefore) !== epubBefore,
    },
    created,
    limitMs,
  );
}

/** Renames the author; ms from the answer until the landing page and `chapterPage` show the new name. */
export async function timeProfileChange(server: BenchServer, chapterPage: string, limitMs: number): Promise<number> {
  const name = `Author ${markerWord('name')}`;
  await api(server.base, '/api/author/update', { cookie: server.cookie, json: { name } });
  const saved = performance.now();
  const shows = (pathname: string) => async () => (await pageText(server, pathname)).includes(name);
  return (await servedAll({ landing: shows('/'), chapter: shows(chapterPage) }, saved, limitMs)).ms;
}
