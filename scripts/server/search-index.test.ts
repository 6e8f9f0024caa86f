import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testChapter, testStory, textOfTestChapter } from '#lib/epub/test-story.ts';
import { FALLBACK_PROFILE } from '#lib/profile.ts';
import type { ContentSnapshot } from '#lib/snapshot.ts';
import { emptySocialLinks } from '#lib/socials.ts';
import { openSearch, type SearchHit } from '#scripts/test/pagefind-search.ts';
import { writeSearchIndex } from './search-index.ts';

const chapters = Array.from({ length: 40 }, (_, i) =>
  testChapter(i + 1, `The brass lantern swung over the deck (${i + 1}).\n\nNothing else happened that watch.`),
);
chapters[36] = testChapter(37, 'The brass lantern swung.\n\nAt dawn a *violet* heron sang on the mast.', { title: 'Heron & <Mast>' });
chapters[2] = testChapter(3, 'Markup as text: `<script>alert(1)</script>` and a < b & "c" beside the brass lantern.');

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
  ],
};

let siteDir: string;
type Search = (query: string) => Promise<SearchHit[]>;
let search: Search;
let searchWithAdult: Search;

beforeAll(async () => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-index-test-'));
  await writeSearchIndex(siteDir, snapshot, textOfTestChapter);
  search = await openSearch(path.join(siteDir, 'pagefind'));
  searchWithAdult = await openSearch(path.join(siteDir, 'pagefind'), [path.join(siteDir, 'pagefind-adult')]);
}, 60_000);

afterAll(() => {
  if (siteDir) fs.rmSync(siteDir, { recursive: true, force: true });
});

const urls = (hits: SearchHit[]) => hits.map((hit) => hit.url).sort();

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

  it('keeps stories behind the 18+ confirmation in their own index', async () => {
    expect(urls(await search('scarlet'))).toEqual([]);
    expect(urls(await search('amber'))).toEqual(['/storytime/story/open-pier/chapter/1/']);
    expect(urls(await searchWithAdult('scarlet'))).toEqual(['/storytime/story/night-harbour/chapter/1/']);
    expect(urls(await searchWithAdult('lantern'))).toHaveLength(42);
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

  // Pagefind cannot open an index of no pages, so the pages never ask for one (src/lib/search-scope.ts).
  it('writes no index that would hold no chapter', async () => {
    const dir = path.join(siteDir, 'general-only');
    await writeSearchIndex(
      dir,
      { ...snapshot, stories: [snapshot.stories[0]!, testStory([], { id: 4, slug: 'empty', target_audience: 'adults' })] },
      textOfTestChapter,
    );
    expect(fs.readdirSync(dir)).toEqual(['pagefind']);
  });

  it('publishes the index and its search script, not Pagefind ready-made interfaces', () => {
    const files = fs.readdirSync(path.join(siteDir, 'pagefind'));
    expect(files).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-entry.json', 'pagefind-worker.js', 'wasm.en.pagefind']));
    expect(files.filter((file) => /ui|highlight|playground/.test(file))).toEqual([]);
  });
});
