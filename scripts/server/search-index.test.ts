import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBodies, testChapter, testStory } from '#lib/epub/test-story.ts';
import { FALLBACK_PROFILE } from '#lib/profile.ts';
import type { ContentSnapshot, SnapshotStory } from '#lib/snapshot.ts';
import { emptySocialLinks } from '#lib/socials.ts';
import { openSearch, type SearchHit } from '#scripts/test/pagefind-search.ts';
import { endSearchIndexer, PART_SIZE, searchParts, writeSearchIndex, writeSearchListing, writeSearchPart } from './search-index.ts';

const chapters = Array.from({ length: 40 }, (_, i) =>
  testChapter(i + 1, `The brass lantern swung over the deck (${i + 1}).\n\nNothing else happened that watch.`),
);
chapters[36] = testChapter(37, 'The brass lantern swung.\n\nAt dawn a *violet* heron sang on the mast.', { title: 'Heron & <Mast>' });
chapters[2] = testChapter(3, 'Markup as text: `<script>alert(1)</script>` and a < b & "c" beside the brass lantern.');

// Two parts: the last chapter lies in the second.
const longChapters = Array.from({ length: PART_SIZE + 2 }, (_, i) =>
  testChapter(i + 1, i === PART_SIZE + 1 ? 'A copper kettle, the last of the road.' : 'Dust on the road.', { id: 1000 + i }),
);

const snapshot: ContentSnapshot = {
  generatedAt: '2026-01-01T00:00:00.000Z',
  profile: FALLBACK_PROFILE,
  socials: emptySocialLinks(),
  follow_by_email: false,
  galleries: [],
  stories: [
    testStory(chapters, { id: 1, slug: 'the-fleet', title: 'The Fleet' }),
    testStory([testChapter(1, 'A scarlet lantern in the harbour.')], {
      id: 2,
      slug: 'night-harbour',
      title: 'Night Harbour',
      target_audience: 'Adults 18+',
    }),
    // The author turned the confirmation off: its pages show without asking, so its chapters are searched alike.
    testStory([testChapter(1, 'An amber lantern on the pier.')], {
      id: 3,
      slug: 'open-pier',
      title: 'Open Pier',
      target_audience: 'adults',
      age_gate: false,
    }),
    testStory(longChapters, { id: 4, slug: 'long-road', title: 'The Long Road' }),
  ],
};

let siteDir: string;
type Search = (query: string) => Promise<SearchHit[]>;
let search: Search;
let searchWithAdult: Search;

beforeAll(async () => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-index-test-'));
  await writeSearchIndex(siteDir, snapshot, testBodies);
  search = await openSearch(siteDir);
  searchWithAdult = await openSearch(siteDir, { adult: true });
}, 60_000);

afterAll(() => {
  if (siteDir) fs.rmSync(siteDir, { recursive: true, force: true });
});

const urls = (hits: SearchHit[]) => hits.map((hit) => hit.url).sort();
const filesUnder = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();

describe('the search index', () => {
  it('finds a phrase in chapter 37 with its story, its chapter and the match marked', async () => {
    const hits = await search('"violet heron"');
    expect(hits).toEqual([
      {
        url: '/storytime/story/the-fleet/chapter/37/',
        meta: { title: 'Chapter 37: Heron & <Mast>', story: 'The Fleet' },
        excerpt: expect.stringContaining('<mark>violet</mark> <mark>heron</mark>'),
      },
    ]);
    expect(await search('"heron violet"')).toEqual([]);
  });

  it('keeps stories behind the 18+ confirmation in parts of their own', async () => {
    expect(urls(await search('scarlet'))).toEqual([]);
    expect(urls(await search('amber'))).toEqual(['/storytime/story/open-pier/chapter/1/']);
    expect(urls(await searchWithAdult('scarlet'))).toEqual(['/storytime/story/night-harbour/chapter/1/']);
    expect(urls(await searchWithAdult('lantern'))).toHaveLength(42);
    const listing = fs.readFileSync(path.join(siteDir, 'pagefind', 'parts.json'), 'utf8');
    expect(listing).not.toContain('pagefind-adult');
    expect(JSON.parse(fs.readFileSync(path.join(siteDir, 'pagefind-adult', 'parts.json'), 'utf8')).parts).toEqual([
      '/pagefind-adult/parts/2-1/',
    ]);
  });

  it('searches every part of a story longer than one part, and never shows the root page', async () => {
    expect(urls(await search('road'))).toHaveLength(PART_SIZE + 2);
    expect(urls(await search('kettle'))).toEqual([`/storytime/story/long-road/chapter/${PART_SIZE + 2}/`]);
    expect(await searchWithAdult('searchroot')).toEqual([]);
  });

  // Each part is searched on its own; one that lacks a word would answer with a shorter word it has.
  it('answers as one index of the whole site: a word some part has is not matched by shorter words elsewhere', async () => {
    expect(urls(await search('kettle'))).toEqual([`/storytime/story/long-road/chapter/${PART_SIZE + 2}/`]);
    expect(await search('lantern kettle')).toEqual([]);
    expect(urls(await search('dust road'))).toHaveLength(PART_SIZE + 1);
    // The beginning of a word still finds the words it begins.
    expect(urls(await search('lant'))).toHaveLength(41);
    expect(urls(await searchWithAdult('lantern scarlet'))).toEqual(['/storytime/story/night-harbour/chapter/1/']);
  });

  it('gives excerpts whose only markup is the match', async () => {
    const [hit] = await search('alert');
    expect(hit!.excerpt.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    expect(hit!.excerpt).toContain('<mark>&lt;script&gt;alert(1)&lt;/script&gt;</mark> and a &lt; b');
  });

  it('answers a 10,000-character query and regular-expression characters with no result, not an error', async () => {
    expect(await search('lantern '.repeat(1250))).toEqual(expect.any(Array));
    for (const query of ['.*', '(?<x>', '[a-z]+$', '\\', '^lantern|', '"', '***']) expect(await search(query)).toEqual(expect.any(Array));
  });

  it("publishes Pagefind's script once and each part's index alone, not its ready-made interfaces", () => {
    const runtime = fs.readdirSync(path.join(siteDir, 'pagefind'));
    expect(runtime).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-worker.js', 'wasm.en.pagefind', 'parts.json', 'parts']));
    expect(runtime.filter((file) => /ui|highlight|playground/.test(file))).toEqual([]);
    for (const part of ['pagefind/parts/1-1', 'pagefind/parts/4-2', 'pagefind-adult/parts/2-1']) {
      expect(fs.readdirSync(path.join(siteDir, part)).filter((file) => !/^(?:index|fragment)$|\.pf_meta$/.test(file))).toEqual([
        'pagefind-entry.json',
      ]);
    }
    expect(fs.readdirSync(path.join(siteDir, 'pagefind-adult'))).toEqual(['parts', 'parts.json']);
  });
});

describe('the parts', () => {
  const [fleet, , , road] = snapshot.stories as [SnapshotStory, SnapshotStory, SnapshotStory, SnapshotStory];
  const keyOf = (story: SnapshotStory) => searchParts([story])[0]!.key;

  it('cut each story into folders of up to PART_SIZE chapters, adult stories apart', () => {
    expect(
      searchParts(snapshot.stories).map((part) => [part.dir, part.adult, part.chapters[0]?.chapter_number, part.chapters.length]),
    ).toEqual([
      ['/pagefind/parts/1-1', false, 1, 40],
      ['/pagefind/parts/3-1', false, 1, 1],
      ['/pagefind/parts/4-1', false, 1, PART_SIZE],
      ['/pagefind/parts/4-2', false, PART_SIZE + 1, 2],
      ['/pagefind-adult/parts/2-1', true, 1, 1],
    ]);
    expect(searchParts([testStory([], { id: 9 })])).toEqual([]);
  });

  it('keep their key through a new text and change it with what else their folder shows', () => {
    const edited = {
      ...fleet,
      chapters: fleet.chapters.map((c) => (c.chapter_number === 5 ? { ...c, updated_at: '2027-01-01T00:00:00Z' } : c)),
    };
    expect(keyOf(edited)).toBe(keyOf(fleet));
    const changes: Partial<SnapshotStory>[] = [
      { title: 'The Armada' },
      { slug: 'the-armada' },
      { breakImage: '/uploads/anchor.png' },
      { target_audience: 'Adults 18+' },
      { chapters: fleet.chapters.slice(1) },
      { chapters: fleet.chapters.map((c) => (c.chapter_number === 5 ? { ...c, title: 'Renamed' } : c)) },
    ];
    for (const change of changes) expect(keyOf({ ...fleet, ...change }), JSON.stringify(change).slice(0, 40)).not.toBe(keyOf(fleet));
    // A new chapter at the end of a long story changes its last part only.
    const longer = { ...road, chapters: [...road.chapters, testChapter(PART_SIZE + 3, 'More road.', { id: 5000 })] };
    const [before, after] = [searchParts([road]), searchParts([longer])];
    expect(after.map((part) => part.key === before.find((old) => old.dir === part.dir)?.key)).toEqual([true, false]);
  });

  it('are the same bytes from a new Pagefind process as from the one that wrote the site', async () => {
    const part = searchParts([road])[0]!; // PART_SIZE chapters: more than Pagefind is sent ahead of its answers
    const again = fs.mkdtempSync(path.join(os.tmpdir(), 'search-part-again-'));
    try {
      await endSearchIndexer();
      await writeSearchPart(again, part, testBodies);
      const files = (dir: string) =>
        fs
          .readdirSync(path.join(dir, part.dir), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => [
            path.relative(dir, path.join(entry.parentPath, entry.name)),
            fs.readFileSync(path.join(entry.parentPath, entry.name)),
          ]);
      expect(files(again)).toEqual(files(siteDir));
    } finally {
      fs.rmSync(again, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a publish that changed one chapter', () => {
  it('rewrites its part beside the served site, whose hard-linked files keep the old text', async () => {
    const served = fs.mkdtempSync(path.join(os.tmpdir(), 'search-served-'));
    const next = `${served}-next`;
    try {
      await writeSearchIndex(served, snapshot, testBodies);
      // Compressed copies the build made (precompress.ts): stale once their file is written anew.
      const compressed = ['pagefind/parts.json.br', 'pagefind/pagefind.js.gz', 'pagefind-adult/parts.json.br'];
      for (const file of compressed) fs.writeFileSync(path.join(served, file), 'old');
      // The next site as a publish starts it: every file hard-linked from the served one.
      for (const file of filesUnder(served)) {
        fs.mkdirSync(path.dirname(path.join(next, file)), { recursive: true });
        fs.linkSync(path.join(served, file), path.join(next, file));
      }
      const fleet = snapshot.stories[0]!;
      const edited = {
        ...fleet,
        chapters: fleet.chapters.map((c) =>
          c.chapter_number === 37 ? testChapter(37, 'At dusk a golden owl sang.', { title: 'Owl' }) : c,
        ),
      };
      // Taken down since: its part must go.
      const stories = [edited, ...snapshot.stories.slice(1, 3)];
      const parts = searchParts(stories);
      const unchanged = filesUnder(path.join(served, 'pagefind/parts/3-1'));
      await writeSearchPart(next, parts.find((part) => part.story.id === 1)!, testBodies);
      await writeSearchListing(next, parts);

      expect(urls(await (await openSearch(next))('"golden owl"'))).toEqual(['/storytime/story/the-fleet/chapter/37/']);
      expect(await (await openSearch(next))('"violet heron"')).toEqual([]);
      expect(await (await openSearch(next))('kettle')).toEqual([]);
      expect(fs.existsSync(path.join(next, 'pagefind/parts/4-1'))).toBe(false);
      expect(filesUnder(path.join(next, 'pagefind/parts/3-1'))).toEqual(unchanged);
      for (const file of compressed)
        expect([fs.existsSync(path.join(next, file)), fs.existsSync(path.join(served, file))]).toEqual([false, true]);
      // The served site still answers as before the publish.
      const old = await openSearch(served);
      expect(urls(await old('"violet heron"'))).toEqual(['/storytime/story/the-fleet/chapter/37/']);
      expect(await old('"golden owl"')).toEqual([]);
      expect(urls(await old('kettle'))).toHaveLength(1);
    } finally {
      fs.rmSync(served, { recursive: true, force: true });
      fs.rmSync(next, { recursive: true, force: true });
    }
  }, 60_000);

  // Pagefind cannot open an index of no pages, so the pages never ask for one (src/lib/search-scope.ts).
  it('leaves no listing that would name no part, and no search at all with no chapter', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-listing-'));
    try {
      await writeSearchIndex(dir, snapshot, testBodies);
      const adultOnly = searchParts([snapshot.stories[1]!]);
      await writeSearchListing(dir, adultOnly);
      expect(fs.existsSync(path.join(dir, 'pagefind', 'parts.json'))).toBe(false);
      expect(fs.readdirSync(path.join(dir, 'pagefind', 'parts'))).toEqual([]);
      expect(urls(await (await openSearch(dir, { adult: true }))('scarlet'))).toEqual(['/storytime/story/night-harbour/chapter/1/']);
      const generalOnly = searchParts([snapshot.stories[2]!]);
      await writeSearchPart(dir, generalOnly[0]!, testBodies);
      await writeSearchListing(dir, generalOnly);
      expect(fs.existsSync(path.join(dir, 'pagefind-adult'))).toBe(false);
      await writeSearchListing(dir, []);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
