// A scheduled chapter appears exactly at its release time and nowhere before: not in the reader
// API, not in the content snapshot the static pages, feeds, sitemap and EPUBs are built from.
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { buildStoryEpub } from '#lib/epub/index.ts';
import { siteFeedXml, storyFeedXml } from '#lib/feeds.ts';
import { pageLastmods } from '#lib/sitemap.ts';
import { chapterTestKit } from '#functions/chapters/test-kit.ts';
import { chapterTextReader, readContentSnapshot } from '#functions/site/snapshot.ts';
import { runDueReleases } from './run.ts';
import { releaseStore } from './store.ts';

const t = useApiTestContext();
const { insertStory, insertChapters } = chapterTestKit(t);

const RELEASE = new Date('2026-11-24T17:00:00Z');
const JUST_BEFORE = new Date(RELEASE.getTime() - 1);
const ORIGIN = 'https://author.example';
const SCHEDULED_TEXT = 'The scheduled chapter’s secret text.';

/** The text of every document in the story's EPUB, joined. */
async function epubText(story: Parameters<typeof buildStoryEpub>[0]['story']): Promise<string> {
  const book = unzipSync(
    await buildStoryEpub({
      story,
      profile: { name: 'Mara' },
      siteOrigin: ORIGIN,
      readImage: async () => null,
      readText: chapterTextReader(t.database.db),
    }),
  );
  return Object.values(book)
    .map((bytes) => new TextDecoder().decode(bytes))
    .join('\n');
}

async function publicView() {
  const list = await (await t.call('/api/chapters/list?story_slug=the-lantern-fleet')).json();
  const single = await t.call('/api/chapters/list?story_slug=the-lantern-fleet&chapter_number=2');
  const { stories } = await (await t.call('/api/stories/list?status=published')).json();
  const snapshot = { ...(await readContentSnapshot(t.database.db, new Date())), readText: chapterTextReader(t.database.db) };
  const story = snapshot.stories[0]!;
  return {
    apiNumbers: list.chapters.map((c: { chapter_number: number }) => c.chapter_number),
    apiSingle: single.status,
    storyCount: stories[0].chapter_count,
    snapshotNumbers: story.chapters.map((c) => c.chapter_number),
    siteFeedHasIt: (await siteFeedXml(snapshot, ORIGIN)).includes('/storytime/story/the-lantern-fleet/chapter/2'),
    storyFeedHasIt: (await storyFeedXml(snapshot, story, ORIGIN)).includes('/storytime/story/the-lantern-fleet/chapter/2'),
    sitemapHasIt: pageLastmods(snapshot).has('/storytime/story/the-lantern-fleet/chapter/2'),
    epubHasIt: (await epubText(story)).includes(SCHEDULED_TEXT),
    nextRelease: story.next_release_at,
  };
}

describe('releasing scheduled chapters', () => {
  it('publishes a chapter exactly at its release time, and not a millisecond before', async () => {
    const storyId = await insertStory();
    await insertChapters(
      storyId,
      { chapter_number: 1 },
      { chapter_number: 2, status: 'draft', release_at: RELEASE.toISOString(), content: SCHEDULED_TEXT },
    );

    expect(await runDueReleases(t.deps, JUST_BEFORE)).toEqual([]);
    expect(t.rebuilds).toEqual([]);
    expect(await publicView()).toEqual({
      apiNumbers: [1],
      apiSingle: 404,
      storyCount: 1,
      snapshotNumbers: [1],
      siteFeedHasIt: false,
      storyFeedHasIt: false,
      sitemapHasIt: false,
      epubHasIt: false,
      nextRelease: RELEASE.toISOString(),
    });

    const released = await runDueReleases(t.deps, RELEASE);
    expect(released.map((c) => c.chapter_number)).toEqual([2]);
    expect(t.rebuilds).toEqual(['scheduled chapter 2 released']);
    expect(await publicView()).toEqual({
      apiNumbers: [1, 2],
      apiSingle: 200,
      storyCount: 2,
      snapshotNumbers: [1, 2],
      siteFeedHasIt: true,
      storyFeedHasIt: true,
      sitemapHasIt: true,
      epubHasIt: true,
      nextRelease: null,
    });
  });

  it('dates a released chapter from its release time and clears the time', async () => {
    const storyId = await insertStory();
    const [id] = await insertChapters(storyId, { chapter_number: 1, status: 'draft', release_at: RELEASE.toISOString() });
    await runDueReleases(t.deps, new Date(RELEASE.getTime() + 5 * 60_000)); // the server was down for five minutes
    const row = await t.database.db
      .selectFrom('chapters')
      .select(['status', 'release_at', 'updated_at'])
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'published', release_at: null, updated_at: RELEASE });
  });

  it('releases every overdue chapter at once, leaves later ones and plain drafts alone', async () => {
    const storyId = await insertStory();
    await insertChapters(
      storyId,
      { chapter_number: 1, status: 'draft', release_at: '2026-11-20T10:00:00Z' },
      { chapter_number: 2, status: 'draft', release_at: '2026-11-21T10:00:00Z' },
      { chapter_number: 3, status: 'draft', release_at: '2026-12-01T10:00:00Z' },
      { chapter_number: 4, status: 'draft' },
    );
    const released = await runDueReleases(t.deps, new Date('2026-11-22T00:00:00Z'));
    expect(released.map((c) => c.chapter_number).sort()).toEqual([1, 2]);
    expect(t.rebuilds).toEqual(['scheduled chapters 1, 2 released']);
    expect(await releaseStore.nextReleaseAt(t.database.db)).toEqual(new Date('2026-12-01T10:00:00Z'));
  });

  it('releases a chapter once when two runs race', async () => {
    const storyId = await insertStory();
    await insertChapters(storyId, { chapter_number: 1, status: 'draft', release_at: RELEASE.toISOString() });
    const [a, b] = await Promise.all([runDueReleases(t.deps, RELEASE), runDueReleases(t.deps, RELEASE)]);
    expect(a.length + b.length).toBe(1);
  });
});
