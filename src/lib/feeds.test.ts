import { describe, expect, it } from 'vitest';
import { parseAtom } from '#scripts/test/atom.ts';
import { entryTitle, FEED_ENTRY_LIMIT, type FeedContent, newestChapters, siteFeedXml, storyFeedXml } from './feeds.ts';
import { FALLBACK_PROFILE, FULL_TEXT_FEED_ENTRIES } from './profile.ts';
import { testChapter, testStory, textOfTestChapter } from './epub/test-story.ts';
import type { ChapterWithText, SnapshotStory } from './snapshot.ts';

const ORIGIN = 'https://author.example';
const UUID_URN = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const LONG = 'The warship came out of the Veil the way a whale surfaces, slow and enormous.';

function chapter(n: number, updated: string, extra: Partial<ChapterWithText> = {}): ChapterWithText {
  return testChapter(n, `# H\n\n${LONG}`, { title: `Title ${n}`, updated_at: updated, ...extra });
}

function story(id: number, slug: string, chapters: ChapterWithText[], extra: Partial<SnapshotStory> = {}): SnapshotStory {
  return testStory(chapters, { id, slug, title: `Story ${id}`, description: `About story ${id}`, blurb: '', genres: [], ...extra });
}

const fleet = story(1, 'the-fleet', [chapter(1, '2026-03-01T10:00:00.000Z'), chapter(2, '2026-03-05T10:00:00.000Z')]);
const gate = story(2, 'the-gate', [chapter(1, '2026-03-03T10:00:00.000Z')], { title: 'The Gate' });
const draft = story(3, 'secret', [chapter(1, '2026-04-01T10:00:00.000Z', { title: 'Unpublished twist' })], {
  status: 'draft',
  title: 'Secret',
});
const content: FeedContent = {
  generatedAt: '2026-04-02T00:00:00.000Z',
  profile: { ...FALLBACK_PROFILE, name: 'Mara Quillon', tagline: 'Stories from the edge.' },
  stories: [fleet, gate, draft],
  readText: textOfTestChapter,
};

const siteFeed = parseAtom(await siteFeedXml(content, ORIGIN));

describe('siteFeedXml', () => {
  const feed = siteFeed;

  it('describes the site: title, author, links, language, copyright', () => {
    expect(feed).toMatchObject({
      lang: 'en-US',
      id: `${ORIGIN}/storytime/`,
      title: 'Mara Quillon: new chapters',
      subtitle: 'Stories from the edge.',
      author: 'Mara Quillon',
      selfLink: `${ORIGIN}/storytime/feed.xml`,
      alternateLink: `${ORIGIN}/storytime/`,
      icon: `${ORIGIN}/icons/icon-192.png`,
      logo: `${ORIGIN}/icons/icon-512.png`,
      rights: '© 2026 Mara Quillon. All rights reserved.',
      // As new as its newest entry, not the build.
      updated: '2026-03-05T10:00:00.000Z',
    });
  });

  it('lists the published chapters of every story, newest first, never a draft story', async () => {
    expect(feed.entries.map((entry) => entry.link)).toEqual([
      `${ORIGIN}/storytime/story/the-fleet/chapter/2/`,
      `${ORIGIN}/storytime/story/the-gate/chapter/1/`,
      `${ORIGIN}/storytime/story/the-fleet/chapter/1/`,
    ]);
    expect(feed.entries[0]).toEqual({
      title: 'Story 1 — Chapter 2: Title 2',
      id: expect.stringMatching(UUID_URN),
      link: `${ORIGIN}/storytime/story/the-fleet/chapter/2/`,
      updated: '2026-03-05T10:00:00.000Z',
      published: '2026-01-01T03:04:05.678Z',
      summary: LONG,
      content: undefined,
      categories: [],
    });
    expect(await siteFeedXml(content, ORIGIN)).not.toMatch(/secret|Unpublished/i);
  });

  it('carries at most the newest 50 chapters', async () => {
    const many = Array.from({ length: 60 }, (_, i) => chapter(i + 1, new Date(Date.UTC(2026, 0, 1 + i)).toISOString()));
    const entries = parseAtom(await siteFeedXml({ ...content, stories: [story(9, 'long', many)] }, ORIGIN)).entries;
    expect(entries).toHaveLength(FEED_ENTRY_LIMIT);
    expect(entries[0]!.title).toContain('Chapter 60');
    expect(entries.at(-1)!.title).toContain('Chapter 11');
  });

  it('is a valid empty feed, dated by the build, when nothing is published', async () => {
    const empty = parseAtom(await siteFeedXml({ ...content, stories: [] }, ORIGIN));
    expect(empty.entries).toEqual([]);
    expect(empty.updated).toBe('2026-04-02T00:00:00.000Z');
  });
});

describe('storyFeedXml', () => {
  it('lists only that story, newest first, with the story as title and description', async () => {
    const feed = parseAtom(await storyFeedXml(content, fleet, ORIGIN));
    expect(feed).toMatchObject({
      id: expect.stringMatching(UUID_URN),
      title: 'Story 1',
      subtitle: 'About story 1',
      selfLink: `${ORIGIN}/storytime/story/the-fleet/feed.xml`,
      alternateLink: `${ORIGIN}/storytime/story/the-fleet/`,
    });
    expect(feed.entries.map((entry) => entry.title)).toEqual(['Story 1 — Chapter 2: Title 2', 'Story 1 — Chapter 1: Title 1']);
  });

  it('has no entries for a draft story handed to it', async () => {
    expect(parseAtom(await storyFeedXml(content, draft, ORIGIN)).entries).toEqual([]);
  });
});

describe('adult stories', () => {
  const SECRET = 'The velvet rope parted and the private rooms opened their doors, one by one.';
  const adultChapter = chapter(1, '2026-03-04T10:00:00.000Z', { content: SECRET });
  const gated = story(6, 'velvet', [adultChapter], { title: 'Velvet', target_audience: 'Adults only' });
  const ungated = story(7, 'steam', [{ ...adultChapter, id: 70 }], { title: 'Steam', genres: ['Steamy Romance'], age_gate: false });
  const mixed = { ...content, stories: [fleet, gated, ungated] };

  it("marks their entries with an 18+ category in the site feed, and nobody else's", async () => {
    const entries = parseAtom(await siteFeedXml(mixed, ORIGIN)).entries;
    const bySlug = (slug: string) => entries.find((entry) => entry.link.includes(`/${slug}/`))!;
    expect(bySlug('velvet').categories).toEqual(['18+']);
    expect(bySlug('steam').categories).toEqual(['18+']);
    expect(bySlug('the-fleet').categories).toEqual([]);
    expect(await siteFeedXml(mixed, ORIGIN)).toContain('<category label="Adult content (18+)" term="18+"/>');
  });

  it('keeps the text of a gated story out of every feed, and shows it when the author turned the gate off', async () => {
    expect((await siteFeedXml(mixed, ORIGIN)).match(/velvet rope/g)).toHaveLength(1); // Steam's entry only
    const velvet = parseAtom(await storyFeedXml(mixed, gated, ORIGIN));
    expect(velvet.entries[0]!.summary).toBeUndefined();
    expect(await storyFeedXml(mixed, gated, ORIGIN)).not.toContain('velvet rope');
    expect(parseAtom(await storyFeedXml(mixed, ungated, ORIGIN)).entries[0]!.summary).toBe(SECRET);
  });

  it("marks an adult story's own feed as a whole, and no other story's", async () => {
    expect(parseAtom(await storyFeedXml(mixed, gated, ORIGIN)).categories).toEqual(['18+']);
    expect(parseAtom(await storyFeedXml(mixed, ungated, ORIGIN)).categories).toEqual(['18+']);
    expect(parseAtom(await storyFeedXml(mixed, fleet, ORIGIN)).categories).toEqual([]);
    expect(parseAtom(await siteFeedXml(mixed, ORIGIN)).categories).toEqual([]);
  });
});

describe('content warnings', () => {
  const warned = chapter(3, '2026-03-06T10:00:00.000Z', { content_warnings: ['Violence', 'Death & <grief>'] });
  const withWarnings = story(1, 'the-fleet', [warned]);

  it('come first in the entry summary, before the description, escaped as text', async () => {
    const xml = await storyFeedXml({ ...content, stories: [withWarnings] }, withWarnings, ORIGIN);
    expect(parseAtom(xml).entries[0]!.summary).toBe(`Content warnings: Violence, Death & <grief>.\n\n${LONG}`);
    expect(xml).not.toContain('<grief>');
  });

  it('are the whole summary of a chapter too short for a description, and absent behind the 18+ confirmation', async () => {
    const short = story(1, 'the-fleet', [{ ...warned, content: 'Short.' }]);
    expect(parseAtom(await storyFeedXml({ ...content, stories: [short] }, short, ORIGIN)).entries[0]!.summary).toBe(
      'Content warnings: Violence, Death & <grief>.',
    );
    const gated = story(6, 'velvet', [warned], { target_audience: 'Adults only' });
    expect(parseAtom(await storyFeedXml({ ...content, stories: [gated] }, gated, ORIGIN)).entries[0]!.summary).toBeUndefined();
  });
});

describe('hostile text', () => {
  const hostileTitle = `<script>alert("x")</script> & 'Tom' ]]> ]]> \u0001end`;
  const hostile = story(
    5,
    'hostile',
    [chapter(1, '2026-03-01T10:00:00.000Z', { title: hostileTitle, content: `${LONG} <img src=x onerror=alert(1)> & "more" ]]>` })],
    {
      title: 'Fish & <Chips> "Co"',
      description: '<b>bold</b> & ]]>',
    },
  );
  const evil = { ...content, profile: { ...content.profile, name: 'A & B <i>', tagline: 'x ]]> y' }, stories: [hostile] };

  it('stays well-formed and shows readers exactly the text, never markup', async () => {
    for (const xml of [await siteFeedXml(evil, ORIGIN), await storyFeedXml(evil, hostile, ORIGIN)]) {
      // parseAtom throws on malformed XML, so an unescaped <, & or ]]> fails here.
      const feed = parseAtom(xml);
      const entry = feed.entries[0]!;
      expect(entry.title).toBe(`Fish & <Chips> "Co" — Chapter 1: <script>alert("x")</script> & 'Tom' ]]> ]]> end`);
      expect(entry.summary).toContain('& "more" ]]>');
      expect(xml).not.toMatch(/<script|<Chips|<img|<b>|<i>|\u0001/);
    }
    expect(parseAtom(await storyFeedXml(evil, hostile, ORIGIN))).toMatchObject({
      title: 'Fish & <Chips> "Co"',
      subtitle: '<b>bold</b> & ]]>',
      author: 'A & B <i>',
    });
  });
});

describe('ids', () => {
  const ids = async (feedStory: SnapshotStory, origin: string) => {
    const feed = parseAtom(await storyFeedXml({ ...content, stories: [feedStory] }, feedStory, origin));
    return [feed.id, ...feed.entries.map((entry) => entry.id)];
  };

  it('stay when the site gets a domain or changes it, and when a chapter moves to another number', async () => {
    const before = await ids(fleet, 'http://localhost:4321');
    expect(await ids(fleet, ORIGIN)).toEqual(before);
    const moved = { ...fleet, chapters: fleet.chapters.map((c) => ({ ...c, chapter_number: c.chapter_number + 10 })) };
    expect(await ids(moved, 'https://new.example')).toEqual(before);
  });

  it('differ between chapters, between stories and between a story and one recreated with its id', async () => {
    const fleetIds = await ids(fleet, ORIGIN);
    expect(new Set(fleetIds).size).toBe(fleetIds.length);
    expect(await ids({ ...fleet, id: 9 }, ORIGIN)).not.toContain(fleetIds[1]);
    expect(await ids({ ...fleet, created_at: '2027-01-01T00:00:00.000Z' }, ORIGIN)).not.toContain(fleetIds[1]);
  });
});

describe('published', () => {
  it('is when the chapter first came out, or its last update for a chapter without that record', async () => {
    const dated = story(1, 'the-fleet', [
      chapter(1, '2026-03-01T10:00:00.000Z', { published_at: '2026-02-01T08:00:00.000Z' }),
      chapter(2, '2026-03-05T10:00:00.000Z', { published_at: null }),
    ]);
    const entries = parseAtom(await storyFeedXml({ ...content, stories: [dated] }, dated, ORIGIN)).entries;
    expect(entries.map((entry) => entry.published)).toEqual(['2026-03-05T10:00:00.000Z', '2026-02-01T08:00:00.000Z']);
  });
});

describe('the whole chapter in the feeds', () => {
  const full = { ...content, profile: { ...content.profile, feed_content: 'full' as const } };
  const text = [
    'The *whole* text of it[^1], [the next chapter](/storytime/story/the-fleet/chapter/2/) and [elsewhere](https://x.example/?a=1&b=2).',
    '![The map](/api/uploads/general/map.png)',
    '---',
    '<script>alert(1)</script><img src=x onerror=alert(1)> Ends ]]> here.',
    '[^1]: A note.',
  ].join('\n\n');
  const told = story(1, 'the-fleet', [chapter(1, '2026-03-01T10:00:00.000Z', { content: text, content_warnings: ['Storms'] })]);

  it('carries the sanitised chapter, every address absolute, when the author chose the whole text', async () => {
    const xml = await storyFeedXml({ ...full, stories: [told] }, told, ORIGIN);
    const entry = parseAtom(xml).entries[0]!;
    const page = `${ORIGIN}/storytime/story/the-fleet/chapter/1/`;
    expect(entry.summary).toBe('Content warnings: Storms.\n\nThe whole text of it, the next chapter and elsewhere.');
    expect(entry.content).toContain('<li>Storms</li>');
    expect(entry.content).toContain(`The <em>whole</em> text of it<sup><a href="${page}#fn-1"`);
    expect(entry.content).toContain(`<a href="${ORIGIN}/storytime/story/the-fleet/chapter/2/">the next chapter</a>`);
    expect(entry.content).toContain('<a href="https://x.example/?a=1&amp;b=2" rel="noopener noreferrer nofollow">elsewhere</a>');
    expect(entry.content).toContain(`<img src="${ORIGIN}/api/uploads/general/map.png" alt="The map"`);
    expect(entry.content).toContain(`<img src="${ORIGIN}/images/page-break.png" alt=""`);
    expect(entry.content).toContain('Ends ]]&gt; here.');
    expect(entry.content).not.toMatch(/<script|onerror|src="\/|href="[/#]/);
  });

  it(`carries the whole text of the newest ${FULL_TEXT_FEED_ENTRIES} chapters only, the older ones summarised`, async () => {
    const many = Array.from({ length: FULL_TEXT_FEED_ENTRIES + 2 }, (_, i) =>
      chapter(i + 1, new Date(Date.UTC(2026, 0, 1 + i)).toISOString()),
    );
    const long = story(1, 'the-fleet', many);
    const entries = parseAtom(await storyFeedXml({ ...full, stories: [long] }, long, ORIGIN)).entries;
    expect(entries.map((entry) => entry.content !== undefined)).toEqual([...Array(FULL_TEXT_FEED_ENTRIES).fill(true), false, false]);
    expect(entries.every((entry) => entry.summary === LONG)).toBe(true);
  });

  it('carries only the summary when the author chose it, and nothing behind the 18+ confirmation', async () => {
    expect(parseAtom(await storyFeedXml({ ...content, stories: [told] }, told, ORIGIN)).entries[0]!.content).toBeUndefined();
    const gated = { ...told, target_audience: 'Adults only' };
    const xml = await storyFeedXml({ ...full, stories: [gated] }, gated, ORIGIN);
    expect(parseAtom(xml).entries[0]!.content).toBeUndefined();
    expect(xml).not.toContain('whole');
  });
});

describe('entryTitle', () => {
  it('does not repeat a chapter title that only names its number', () => {
    expect(entryTitle({ title: 'The Fleet' }, { chapter_number: 3, title: 'Chapter 3' })).toBe('The Fleet — Chapter 3');
    expect(entryTitle({ title: 'The Fleet' }, { chapter_number: 3, title: ' ' })).toBe('The Fleet — Chapter 3');
    expect(entryTitle({ title: 'The Fleet' }, { chapter_number: 3, title: 'Chapter 30' })).toBe('The Fleet — Chapter 3: Chapter 30');
  });
});

describe('newestChapters', () => {
  it('breaks ties in date by story, then by the higher chapter number', () => {
    const same = '2026-03-01T10:00:00.000Z';
    const picked = newestChapters([story(2, 'b', [chapter(1, same)]), story(1, 'a', [chapter(1, same), chapter(2, same)])]);
    expect(picked.map(({ story, chapter }) => `${story.slug}/${chapter.chapter_number}`)).toEqual(['a/2', 'a/1', 'b/1']);
  });
});
