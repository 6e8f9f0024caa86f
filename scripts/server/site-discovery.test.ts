// The built site as search engines and feed readers find it: one real build from a database
// holding drafts, then the sitemap, robots.txt and feeds read from the output and served by the
// static server. Drafts must not appear in any file of the build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContentSnapshot } from '#functions/site/snapshot.ts';
import { parseAtom } from '#scripts/test/atom.ts';
import { openTestDatabase } from '#scripts/test/database.ts';
import { openSearch } from '#scripts/test/pagefind-search.ts';
import { childElements, ownText, parseXml, type XmlElement } from '#scripts/test/xml.ts';
import { writeChapterTexts } from './content-files.ts';
import { buildStaticSite } from './site-publishing.ts';
import { staticSite } from './static-site.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ORIGIN = 'https://mara.example';
const LONG = 'The warship came out of the Veil the way a whale surfaces, slow and enormous.';
// Every text of a draft carries this word, so one search of the output finds any leak.
const DRAFT_MARK = 'Zanzibarine';

let outDir: string;
let tempRoot: string;

beforeAll(async () => {
  const database = await openTestDatabase();
  try {
    const { db } = database;
    await db
      .insertInto('author_profile')
      .values({ id: 1, name: 'Mara Quillon', site_domain: ORIGIN, updated_at: '2026-01-01T00:00:00Z' })
      .execute();
    const [fleet, secret] = await db
      .insertInto('stories')
      .values([
        { slug: 'the-fleet', title: 'The Fleet', status: 'published', updated_at: '2026-01-15T00:00:00Z' },
        { slug: `secret-${DRAFT_MARK.toLowerCase()}`, title: `${DRAFT_MARK} story`, status: 'draft', updated_at: '2026-01-15T00:00:00Z' },
      ])
      .returning('id')
      .execute();
    const chapter = (story_id: number, n: number, status: 'draft' | 'published', updated_at: string, title = `Title ${n}`) => ({
      story_id,
      chapter_number: n,
      slug: `chapter-${n}`,
      title,
      content: status === 'draft' || story_id === secret!.id ? `${DRAFT_MARK} ${LONG}` : `${LONG} (${n})`,
      status,
      updated_at,
    });
    await db
      .insertInto('chapters')
      .values([
        chapter(fleet!.id, 1, 'published', '2026-02-01T00:00:00.000Z'),
        chapter(fleet!.id, 2, 'published', '2026-03-01T00:00:00.000Z'),
        chapter(fleet!.id, 3, 'draft', '2026-04-01T00:00:00.000Z', `${DRAFT_MARK} twist`),
        // Scheduled: a draft with a release time still to come.
        { ...chapter(fleet!.id, 4, 'draft', '2026-04-02T00:00:00.000Z', `${DRAFT_MARK} ambush`), release_at: '2099-01-01T00:00:00.000Z' },
        chapter(secret!.id, 1, 'published', '2026-04-01T00:00:00.000Z', `${DRAFT_MARK} opening`),
      ])
      .execute();
    const snapshot = await readContentSnapshot(db, new Date());
    tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-discovery-test-'));
    outDir = path.join(tempRoot, 'site');
    const textsDir = path.join(tempRoot, 'texts');
    await writeChapterTexts(db, textsDir, snapshot);
    // SITE_URL differs from the profile's domain: every address must use the profile's.
    await buildStaticSite({ projectRoot: REPO_ROOT, outDir, snapshot, textsDir, siteUrl: 'http://localhost:4321' });
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(() => {
  if (tempRoot) fs.rmSync(tempRoot, { recursive: true, force: true });
});

const read = (file: string) => fs.readFileSync(path.join(outDir, file), 'utf8');

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)));
}

/** The texts of every element with this name, with a strict parser (malformed XML throws). */
function xmlTexts(xml: string, name: string): string[] {
  const texts: string[] = [];
  const visit = (element: XmlElement) => {
    if (element.name === name) texts.push(ownText(element));
    childElements(element).forEach(visit);
  };
  visit(parseXml(xml));
  return texts;
}

describe('sitemap', () => {
  it('lists every page the build wrote except the admin app, at the profile origin', () => {
    const index = read('sitemap-index.xml');
    const sitemaps = xmlTexts(index, 'loc');
    expect(sitemaps.length).toBeGreaterThan(0);
    const listed = sitemaps.flatMap((loc) => {
      expect(loc.startsWith(`${ORIGIN}/`)).toBe(true);
      return xmlTexts(read(new URL(loc).pathname), 'loc');
    });
    const pages = filesUnder(outDir)
      // The admin app, the 'Gallery not found.' page (served for unknown slugs), the preview as a
      // reader (a shell that loads a chapter behind the session) and the pages that answer links
      // from emails (subscribe, confirm, unsubscribe) are not pages to index.
      .filter(
        (file) =>
          path.basename(file) === 'index.html' && !/^(admin|gallery-not-found|storytime\/preview|subscribe|unsubscribe)\b/.test(file),
      )
      .map((file) => `${ORIGIN}/${path.dirname(file) === '.' ? '' : `${path.dirname(file)}/`}`);
    expect([...listed].sort()).toEqual([...pages].sort());
    // The reader's pages, once each; chapter 3 is a draft.
    for (const page of [
      '/',
      '/storytime/',
      '/storytime/story/the-fleet/',
      '/storytime/story/the-fleet/chapter/1/',
      '/storytime/story/the-fleet/chapter/2/',
    ]) {
      expect(listed.filter((url) => url === `${ORIGIN}${page}`)).toHaveLength(1);
    }
    expect(listed.some((url) => /\/admin|chapter\/3|secret/.test(url))).toBe(false);
  });

  it('dates chapters, stories and the story list by their newest published chapter', () => {
    const sitemap = read('sitemap-0.xml');
    const lastmodOf = (page: string) => new RegExp(`<loc>${ORIGIN}${page}</loc><lastmod>([^<]+)</lastmod>`).exec(sitemap)?.[1];
    expect(lastmodOf('/storytime/story/the-fleet/chapter/1/')).toBe('2026-02-01T00:00:00.000Z');
    expect(lastmodOf('/storytime/story/the-fleet/')).toBe('2026-03-01T00:00:00.000Z');
    expect(lastmodOf('/storytime/')).toBe('2026-03-01T00:00:00.000Z');
    expect(lastmodOf('/')).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the admin app and the API and names the sitemap', () => {
    const robots = read('robots.txt');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Disallow: \/admin$/m);
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
    expect(robots).toMatch(new RegExp(`^Sitemap: ${ORIGIN}/sitemap-index.xml$`, 'm'));
  });
});

describe('feeds', () => {
  const published = [`${ORIGIN}/storytime/story/the-fleet/chapter/2/`, `${ORIGIN}/storytime/story/the-fleet/chapter/1/`];

  it('the site feed holds exactly the published chapters, newest first', () => {
    const feed = parseAtom(read('storytime/feed.xml'));
    expect(feed.selfLink).toBe(`${ORIGIN}/storytime/feed.xml`);
    expect(feed.entries.map((entry) => entry.link)).toEqual(published);
    expect(feed.entries[0]).toMatchObject({
      title: 'The Fleet — Chapter 2: Title 2',
      summary: `${LONG} (2)`,
      updated: '2026-03-01T00:00:00.000Z',
    });
  });

  it('each published story has its own feed; a draft story has none', () => {
    const feed = parseAtom(read('storytime/story/the-fleet/feed.xml'));
    expect(feed.selfLink).toBe(`${ORIGIN}/storytime/story/the-fleet/feed.xml`);
    expect(feed.entries.map((entry) => entry.link)).toEqual(published);
    expect(fs.readdirSync(path.join(outDir, 'storytime', 'story'))).toEqual(['the-fleet']);
  });

  it('the landing page names the site feed', () => {
    expect(read('index.html')).toMatch(
      /<link rel="alternate" type="application\/atom\+xml" title="Mara Quillon: new chapters" href="\/storytime\/feed.xml">/,
    );
  });
});

it('no file of the build mentions a draft', () => {
  const leaks = filesUnder(outDir).filter((file) => /\.(html|xml|txt|js|json)$/.test(file) && read(file).includes(DRAFT_MARK));
  expect(leaks).toEqual([]);
});

describe('following by email', () => {
  it('offers no Follow form when the site sends no email', () => {
    const forms = filesUnder(outDir).filter((file) => file.endsWith('.html') && read(file).includes('action="/api/subscribe"'));
    expect(forms).toEqual([]);
  });

  it('keeps the pages that answer links from emails out of search engines', () => {
    for (const page of ['subscribe', 'subscribe/confirm', 'unsubscribe'])
      expect(read(`${page}/index.html`)).toContain('<meta name="robots" content="noindex">');
  });

  // The confirmation link of an email typed or cut without its trailing slash still opens the page, query and all.
  it('serves the confirm page with its trailing slash, and sends the address without it there', async () => {
    const app = new Hono().use(staticSite(() => outDir));
    const response = await app.request('/subscribe/confirm/?token=12.ab');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('data-follow-page="confirm"');
    const slashless = await app.request('/subscribe/confirm?token=12.ab');
    expect({ status: slashless.status, location: slashless.headers.get('location') }).toEqual({
      status: 301,
      location: '/subscribe/confirm/?token=12.ab',
    });
  });
});

describe('served by the static server', () => {
  it.each([
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/sitemap-index.xml', 'application/xml; charset=utf-8'],
    ['/storytime/feed.xml', 'application/atom+xml; charset=utf-8'],
    ['/storytime/story/the-fleet/feed.xml', 'application/atom+xml; charset=utf-8'],
  ])('%s as %s', async (file, type) => {
    const app = new Hono().use(staticSite(() => outDir));
    const response = await app.request(file);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe(type);
  });
});

describe('structured data and share previews', () => {
  const pages = () => filesUnder(outDir).filter((file) => file.endsWith('.html'));
  const metaOf = (html: string) => {
    const meta = new Map<string, string>();
    for (const [, name, content] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) meta.set(name!, content!);
    return meta;
  };
  const structuredData = (html: string): Record<string, unknown>[] =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
  const breadcrumbLabels = (html: string) =>
    [.../<nav class="breadcrumb"[^>]*>(.*?)<\/nav>/s.exec(html)![1]!.matchAll(/<li>(?:<a[^>]*>|<span[^>]*>)([^<]*)</g)].map(
      (match) => match[1],
    );

  it('every page that shows a breadcrumb describes the same trail as a BreadcrumbList', () => {
    const withTrail = pages().filter((file) => read(file).includes('<nav class="breadcrumb"'));
    expect(withTrail).toContain('storytime/story/the-fleet/chapter/2/index.html');
    for (const file of withTrail) {
      const html = read(file);
      const trail = structuredData(html).find((data) => data['@type'] === 'BreadcrumbList') as { itemListElement: { name: string }[] };
      expect(
        trail?.itemListElement.map((item) => item.name),
        file,
      ).toEqual(breadcrumbLabels(html));
    }
    const chapterTrail = structuredData(read('storytime/story/the-fleet/chapter/2/index.html')).find(
      (data) => data['@type'] === 'BreadcrumbList',
    );
    expect(chapterTrail).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Home', item: `${ORIGIN}/` },
        { position: 2, name: 'Stories', item: `${ORIGIN}/storytime/` },
        { position: 3, name: 'The Fleet', item: `${ORIGIN}/storytime/story/the-fleet/` },
        { position: 4, name: 'Chapter 2' },
      ],
    });
  });

  it('dates a chapter by its publication and its last change', () => {
    const chapter = structuredData(read('storytime/story/the-fleet/chapter/2/index.html')).find((data) => data['@type'] === 'Chapter');
    expect(chapter).toMatchObject({ dateModified: '2026-03-01T00:00:00.000Z' });
    expect(Number.isNaN(Date.parse(String(chapter?.['datePublished'])))).toBe(false);
  });

  it('every page names the site and a 1200x630 JPEG preview with its text alternative', () => {
    for (const file of pages().filter((page) => !page.startsWith('admin'))) {
      const meta = metaOf(read(file));
      expect(meta.get('og:site_name'), file).toBe('Mara Quillon');
      expect(meta.get('og:image'), file).toMatch(new RegExp(`^${ORIGIN}/share/.+\\.jpg$`));
      expect([meta.get('og:image:width'), meta.get('og:image:height')], file).toEqual(['1200', '630']);
      expect(meta.get('og:image:alt'), file).toBeTruthy();
      expect(meta.get('twitter:image:alt'), file).toBe(meta.get('og:image:alt'));
    }
    const story = metaOf(read('storytime/story/the-fleet/index.html'));
    expect(story.get('og:image')).toBe(`${ORIGIN}/share/story/the-fleet.jpg`);
    expect(story.get('og:image:alt')).toBe('Cover of The Fleet');
    expect(metaOf(read('index.html')).get('og:image')).toBe(`${ORIGIN}/share/site.jpg`);
  });

  it('the build holds the share images the pages name, and none of a draft story', () => {
    expect(fs.readdirSync(path.join(outDir, 'share', 'story'))).toEqual(['the-fleet.jpg']);
    expect(fs.existsSync(path.join(outDir, 'share', 'site.jpg'))).toBe(true);
  });
});

describe('the search', () => {
  // The search index is compressed, so the search above cannot see into it: ask it as a reader would.
  it('its index holds the published chapters and no draft', async () => {
    const search = await openSearch(path.join(outDir, 'pagefind'));
    const published = ['/storytime/story/the-fleet/chapter/1/', '/storytime/story/the-fleet/chapter/2/'];
    expect((await search('warship')).map((hit) => hit.url).sort()).toEqual(published);
    // Pagefind answers a word it lacks with near words of other pages, so look at what comes back.
    for (const word of [DRAFT_MARK, 'twist', 'ambush', 'opening']) {
      const hits = await search(word);
      expect(hits.filter((hit) => !published.includes(hit.url) || JSON.stringify(hit).toLowerCase().includes(word.toLowerCase()))).toEqual(
        [],
      );
    }
  });

  // Pagefind compiles its WebAssembly in the page (docs/decisions/0046-search-with-pagefind.md).
  it('may compile WebAssembly under both content policies of a page, and nothing more', async () => {
    const app = new Hono().use(staticSite(() => outDir));
    const response = await app.request('/storytime/story/the-fleet/chapter/1/');
    const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(await response.text())?.[1];
    for (const policy of [response.headers.get('content-security-policy'), meta]) {
      const scriptSrc = policy
        ?.split(';')
        .map((directive) => directive.trim())
        .find((directive) => directive.startsWith('script-src '));
      expect(scriptSrc).toContain("'wasm-unsafe-eval'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
    }
    expect((await app.request('/pagefind/pagefind.js')).status).toBe(200);
  });
});
