// The dashboard's numbers (GET /api/admin/analytics/*), each checked against a small fixture whose
// answer is worked out by hand beside it, by the definitions of docs/decisions/0010.
// The clock stands at NOW: the 7-day period is 2026-11-19 to 2026-11-25 (UTC). Events before
// today are read from the daily rollups (every report rolls up what is due first), today's live.
import { beforeEach, describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import {
  chapterDepth,
  chapterView,
  createGallery,
  createStory,
  galleryView,
  imageView,
  insertEvents,
  page,
  useAdminReports,
  storyView,
} from './report-kit.ts';

const t = useApiTestContext();
const NOW = '2026-11-25T12:00:00.000Z';
const { report } = useAdminReports(t, NOW);

describe('GET /api/admin/analytics/summary', () => {
  beforeEach(async () => {
    await createStory(t, 'long-night', 'The Long Night', [['Dusk'], ['Midnight']]);
    await createStory(t, 'sky-road', 'Sky Road', [['Up']]);
    await createGallery(t, 'neon-city', 'Neon City', 2);
    await insertEvents(t, [
      // The last moment before the 7-day period: counted in 30 days only.
      page('2026-11-18T23:59:59.999Z', 'v-old'),
      storyView('2026-11-18T23:59:59.999Z', 'v-old', 'long-night'),
      // The period's first moment.
      page('2026-11-19T00:00:00.000Z', 'v5'),
      // Yesterday: v1 on two pages (one visitor), v2; v1's last page a second before midnight.
      page('2026-11-24T10:00:00Z', 'v1', '/stories'),
      storyView('2026-11-24T10:00:01Z', 'v1', 'long-night'),
      chapterView('2026-11-24T10:01:00Z', 'v1', 'long-night', 1),
      chapterDepth('2026-11-24T10:09:00Z', 'v1', 'long-night', 1, 0.5, 480_000),
      page('2026-11-24T11:00:00Z', 'v2'),
      page('2026-11-24T23:59:59Z', 'v1'),
      // Today: the same key v1 again at midnight (a new day: counted again), v3 and v4.
      page('2026-11-25T00:00:00Z', 'v1'),
      chapterDepth('2026-11-25T00:05:00Z', 'v1', 'long-night', 1, 0.333),
      page('2026-11-25T09:00:00Z', 'v3', '/story/long-night/2'),
      chapterView('2026-11-25T09:00:01Z', 'v3', 'long-night', 2),
      chapterDepth('2026-11-25T09:10:00Z', 'v3', 'long-night', 2, 0.8),
      storyView('2026-11-25T09:30:00Z', 'v3', 'sky-road'),
      galleryView('2026-11-25T09:40:00Z', 'v3', 'neon-city'),
      imageView('2026-11-25T09:41:00Z', 'v3', '1'),
      // A story nobody wrote, a chapter nobody wrote and a gallery nobody made: counted nowhere.
      page('2026-11-25T10:00:00Z', 'v4', '/story/invented'),
      storyView('2026-11-25T10:00:01Z', 'v4', 'invented'),
      chapterView('2026-11-25T10:00:02Z', 'v4', 'invented', 1),
      chapterView('2026-11-25T10:00:03Z', 'v4', 'sky-road', 99),
      galleryView('2026-11-25T10:00:04Z', 'v4', 'invented'),
      chapterDepth('2026-11-25T10:00:05Z', 'v4', 'invented', 1, 1),
    ]);
  });

  it('counts the 7 days: views, visitors per day added up, each kind of view, reading depth', async () => {
    const data = await report('summary?days=7');
    expect(data.period_days).toBe(7);
    expect(data.summary).toEqual({
      total_views: 7, // 11-19: 1, 11-24: 3, 11-25: 3 (page views only)
      unique_visitors: 6, // 11-19: v5; 11-24: v1, v2; 11-25: v1, v3, v4
      story_views: 2, // long-night, sky-road (invented stories and chapters are not counted)
      chapter_views: 2, // long-night 1 and 2
      gallery_views: 1,
      avg_reading_depth: 54.4, // (0.5 + 0.333 + 0.8) / 3 = 0.5443
    });
  });

  it('lists top stories by their story and chapter views, only stories that exist', async () => {
    const { top_stories } = await report('summary?days=7');
    expect(top_stories).toEqual([
      { story_slug: 'long-night', title: 'The Long Night', views: 3 }, // story page, chapter 1, chapter 2
      { story_slug: 'sky-road', title: 'Sky Road', views: 1 },
    ]);
  });

  it('gives every UTC day of the period, oldest first, days without visits as zero', async () => {
    const { daily } = await report('summary?days=7');
    expect(daily).toEqual([
      { day: '2026-11-19', views: 1, unique_visitors: 1 },
      { day: '2026-11-20', views: 0, unique_visitors: 0 },
      { day: '2026-11-21', views: 0, unique_visitors: 0 },
      { day: '2026-11-22', views: 0, unique_visitors: 0 },
      { day: '2026-11-23', views: 0, unique_visitors: 0 },
      { day: '2026-11-24', views: 3, unique_visitors: 2 },
      { day: '2026-11-25', views: 3, unique_visitors: 3 },
    ]);
  });

  it('takes in the day before the 7 days when asked for 30', async () => {
    const data = await report('summary?days=30');
    expect(data.period_days).toBe(30);
    expect(data.summary).toMatchObject({ total_views: 8, unique_visitors: 7, story_views: 3 });
    expect(data.top_stories[0]).toEqual({ story_slug: 'long-night', title: 'The Long Night', views: 4 });
    expect(data.daily).toHaveLength(30);
    expect(data.daily[0].day).toBe('2026-10-27');
    expect(data.daily.find((d: { day: string }) => d.day === '2026-11-18')).toEqual({ day: '2026-11-18', views: 1, unique_visitors: 1 });
  });

  it('answers the same at .php', async () => {
    expect(await report('summary.php?days=7')).toEqual(await report('summary?days=7'));
  });
});

describe('GET /api/admin/analytics/summary: edges', () => {
  it('answers zeros, a null depth and a full daily list when nothing was counted', async () => {
    const data = await report('summary?days=365');
    expect(data.summary).toEqual({
      total_views: 0,
      unique_visitors: 0,
      story_views: 0,
      chapter_views: 0,
      gallery_views: 0,
      avg_reading_depth: null,
    });
    expect(data.top_stories).toEqual([]);
    expect(data.daily).toHaveLength(365);
    expect(data.daily.at(0)).toEqual({ day: '2025-11-26', views: 0, unique_visitors: 0 });
    expect(data.daily.at(-1)).toEqual({ day: '2026-11-25', views: 0, unique_visitors: 0 });
  });

  it('lists the 10 most viewed stories, most viewed first', async () => {
    for (let i = 1; i <= 12; i++) {
      const slug = `story-${String(i).padStart(2, '0')}`;
      await createStory(t, slug, `Story ${i}`);
      await insertEvents(
        t,
        Array.from({ length: i }, (_, n) => storyView(`2026-11-2${n % 2 ? 4 : 5}T08:00:00Z`, `v${n}`, slug)),
      );
    }
    const { top_stories } = await report('summary?days=7');
    expect(top_stories.map((s: { story_slug: string; views: number }) => [s.story_slug, s.views])).toEqual(
      Array.from({ length: 10 }, (_, n) => [`story-${String(12 - n).padStart(2, '0')}`, 12 - n]),
    );
  });
});

describe('GET /api/admin/analytics/segment', () => {
  beforeEach(() =>
    insertEvents(t, [
      // Page views: what every segment but content type counts.
      page('2026-11-22T00:30:00Z', 'a', '/', { device: 'mobile', browser: 'Safari', referrer: 'news.example' }), // Sunday
      page('2026-11-22T00:45:00Z', 'a', '/x', { device: 'mobile', browser: 'Safari', referrer: null }),
      page('2026-11-24T14:10:00Z', 'b', '/', { device: 'desktop', browser: 'Chrome', referrer: 'news.example' }), // Tuesday
      page('2026-11-24T23:59:59Z', 'c', '/', { device: 'desktop', browser: 'Firefox', referrer: null }),
      page('2026-11-25T11:20:00Z', 'b', '/', { device: 'desktop', browser: 'Chrome', referrer: 'search.example' }), // Wednesday
      // Other events (desktop Chrome, no referrer): counted by content type only.
      storyView('2026-11-22T00:31:00Z', 'a', 'long-night'),
      imageView('2026-11-22T00:32:00Z', 'a', '1'),
      imageView('2026-11-22T00:33:00Z', 'a', '2'),
      chapterView('2026-11-24T14:11:00Z', 'b', 'long-night', 1),
      chapterDepth('2026-11-24T14:20:00Z', 'b', 'long-night', 1, 0.9),
      chapterView('2026-11-24T23:00:00Z', 'c', 'long-night', 2),
      galleryView('2026-11-24T20:00:00Z', 'c', 'neon-city'),
      imageView('2026-11-25T11:21:00Z', 'b', '3'),
      { at: '2026-11-25T11:22:00Z', visitor: 'b', event_type: 'click', meta: { name: 'like' } },
    ]),
  );

  // Ties are broken by name.
  const cases: [string, [segment: string, views: number, visitors: number][]][] = [
    [
      'device',
      [
        ['desktop', 3, 3],
        ['mobile', 2, 1],
      ],
    ],
    [
      'browser',
      [
        ['Chrome', 2, 2],
        ['Safari', 2, 1],
        ['Firefox', 1, 1],
      ],
    ],
    [
      'referrer',
      [
        ['Direct', 2, 2],
        ['news.example', 2, 2],
        ['search.example', 1, 1],
      ],
    ],
    [
      'hour',
      [
        ['00:00', 2, 1],
        ['11:00', 1, 1],
        ['14:00', 1, 1],
        ['23:00', 1, 1],
      ],
    ],
    [
      'day_of_week',
      [
        ['Sunday', 2, 1],
        ['Tuesday', 2, 2],
        ['Wednesday', 1, 1],
      ],
    ],
    [
      'content_type',
      [
        ['image', 3, 2],
        ['chapter', 2, 2],
        ['gallery', 1, 1],
        ['story', 1, 1],
      ],
    ],
  ];
  for (const [segment, rows] of cases) {
    it(`counts by ${segment}`, async () => {
      const { segments } = await report(`segment?days=7&segment=${segment}`);
      expect(segments).toEqual(rows.map(([name, views, unique_visitors]) => ({ segment: name, views, unique_visitors })));
    });
  }

  it('lists the 10 largest segments only', async () => {
    await insertEvents(
      t,
      Array.from({ length: 12 }, (_, i) =>
        Array.from({ length: 10 + i }, (_, n) =>
          page('2026-11-23T08:00:00Z', `r${i}-${n}`, '/', { referrer: `site-${String(i).padStart(2, '0')}.example` }),
        ),
      ).flat(),
    );
    const { segments } = await report('segment?days=7&segment=referrer');
    expect(segments.map((s: { segment: string; views: number }) => [s.segment, s.views])).toEqual(
      Array.from({ length: 10 }, (_, n) => [`site-${String(11 - n).padStart(2, '0')}.example`, 21 - n]),
    );
  });

  it('answers the same at .php', async () => {
    expect(await report('segment.php?days=7&segment=device')).toEqual(await report('segment?days=7&segment=device'));
  });
});

describe('GET /api/admin/analytics/content', () => {
  beforeEach(async () => {
    await createStory(t, 'long-night', 'The Long Night', [['Dusk'], ['Midnight'], ['Dawn', 'draft']]);
    await createStory(t, 'sky-road', 'Sky Road', [['Up']]);
    await createGallery(t, 'neon-city', 'Neon City', 3);
    await createGallery(t, 'deep-sea', 'Deep Sea', 0);
    await insertEvents(t, [
      storyView('2026-11-24T10:00:00Z', 'v1', 'long-night'),
      chapterView('2026-11-24T10:01:00Z', 'v1', 'long-night', 1),
      chapterDepth('2026-11-24T10:02:00Z', 'v1', 'long-night', 1, 0.5, 60_000),
      chapterView('2026-11-24T11:00:00Z', 'v2', 'long-night', 1),
      chapterDepth('2026-11-24T11:05:00Z', 'v2', 'long-night', 1, 0.25),
      chapterView('2026-11-25T08:00:00Z', 'v1', 'long-night', 2),
      chapterDepth('2026-11-25T08:02:00Z', 'v1', 'long-night', 2, 1, 95_450),
      chapterDepth('2026-11-25T08:30:00Z', 'v1', 'long-night', 2, 0.85, 30_000),
      chapterView('2026-11-25T09:00:00Z', 'v3', 'long-night', 1),
      storyView('2026-11-25T09:10:00Z', 'v3', 'sky-road'),
      chapterView('2026-11-25T09:11:00Z', 'v3', 'sky-road', 1),
      chapterView('2026-11-25T09:40:00Z', 'v3', 'sky-road', 1),
      storyView('2026-11-25T09:50:00Z', 'v3', 'invented'),
      chapterView('2026-11-25T09:51:00Z', 'v3', 'invented', 1),
      galleryView('2026-11-24T12:00:00Z', 'v1', 'neon-city'),
      galleryView('2026-11-24T12:05:00Z', 'v1', 'neon-city'),
      galleryView('2026-11-25T10:00:00Z', 'v2', 'neon-city'),
      galleryView('2026-11-25T10:01:00Z', 'v2', 'deep-sea'),
      galleryView('2026-11-25T10:02:00Z', 'v2', 'fake-gallery'),
    ]);
  });

  it('lists stories: story and chapter views, readers per day added up, depth of its chapters, published chapters', async () => {
    const { content } = await report('content?days=7&type=stories');
    expect(content).toEqual([
      // 1 story view + 4 chapter views; readers 11-24 v1 v2, 11-25 v1 v3; depth (0.5+0.25+1+0.85)/4
      { title: 'The Long Night', slug: 'long-night', total_views: 5, unique_readers: 4, avg_reading_depth: 65, total_chapters: 2 },
      { title: 'Sky Road', slug: 'sky-road', total_views: 3, unique_readers: 1, avg_reading_depth: null, total_chapters: 1 },
    ]);
  });

  it('lists chapters: views, readers, depth and reading time in seconds with one decimal', async () => {
    const { content } = await report('content?days=7&type=chapters');
    const chapter = (chapter_number: number, title: string, story_title: string, story_slug: string) => ({
      chapter_number,
      title,
      story_title,
      story_slug,
    });
    expect(content).toEqual([
      // Time from the one reader who sent it: 60 s.
      {
        ...chapter(1, 'Dusk', 'The Long Night', 'long-night'),
        total_views: 3,
        unique_readers: 3,
        avg_reading_depth: 37.5,
        avg_time_spent: 60,
      },
      { ...chapter(1, 'Up', 'Sky Road', 'sky-road'), total_views: 2, unique_readers: 1, avg_reading_depth: null, avg_time_spent: null },
      // (95.45 s + 30 s) / 2 = 62.725 s
      {
        ...chapter(2, 'Midnight', 'The Long Night', 'long-night'),
        total_views: 1,
        unique_readers: 1,
        avg_reading_depth: 92.5,
        avg_time_spent: 62.7,
      },
    ]);
  });

  it('lists galleries with their images now, not galleries nobody made', async () => {
    const { content } = await report('content?days=7&type=galleries');
    expect(content).toEqual([
      { title: 'Neon City', slug: 'neon-city', total_views: 3, unique_visitors: 2, total_images: 3 },
      { title: 'Deep Sea', slug: 'deep-sea', total_views: 1, unique_visitors: 1, total_images: 0 },
    ]);
  });

  it('answers the same at .php', async () => {
    expect(await report('content.php?days=7&type=chapters')).toEqual(await report('content?days=7&type=chapters'));
  });
});

describe('GET /api/admin/analytics/content: the 20-row cut', () => {
  it('lists the 20 most viewed stories, chapters and galleries', async () => {
    const slug = (i: number) => `s${String(i).padStart(2, '0')}`;
    for (let i = 1; i <= 22; i++) {
      await createStory(t, slug(i), `Story ${i}`, [['One']]);
      await createGallery(t, slug(i), `Gallery ${i}`);
      await insertEvents(
        t,
        Array.from({ length: i }, (_, n) => [
          chapterView('2026-11-25T08:00:00Z', `v${n}`, slug(i), 1),
          galleryView('2026-11-25T08:00:00Z', `v${n}`, slug(i)),
        ]).flat(),
      );
    }
    const top20 = Array.from({ length: 20 }, (_, n) => [slug(22 - n), 22 - n]);
    const listed = async (type: string, slugField: string) =>
      (await report(`content?days=7&type=${type}`)).content.map((row: Record<string, unknown>) => [row[slugField], row['total_views']]);
    expect(await listed('stories', 'slug')).toEqual(top20);
    expect(await listed('chapters', 'story_slug')).toEqual(top20);
    expect(await listed('galleries', 'slug')).toEqual(top20);
  });
});

describe('GET /api/admin/analytics/content?type=pages', () => {
  const S1 = '11111111-1111-4111-8111-111111111111';
  const S2 = '22222222-2222-4222-8222-222222222222';
  const S3 = '33333333-3333-4333-8333-333333333333';
  const view = (at: string, visitor: string, path: string, session_id: string | null, title?: string) =>
    page(at, visitor, path, { session_id, ...(title === undefined ? {} : { meta: { title } }) });

  // Pages that exist: galleries a, b and c (/galleries/a, …).
  const A = '/galleries/a';
  const B = '/galleries/b/'; // as the pages link to galleries, with a trailing slash
  const C = '/galleries/c';
  beforeEach(async () => {
    for (const slug of ['a', 'b', 'c']) await createGallery(t, slug, slug.toUpperCase());
  });

  it("gives views, visitors, the latest title and the time to the session's next page (last pages, long gaps and midnight left out)", async () => {
    await insertEvents(t, [
      view('2026-11-24T10:00:00Z', 'v1', A, S1, 'Old A'), // 30 s to /b
      view('2026-11-24T10:00:30Z', 'v1', B, S1, 'B'), // 60 s to /a
      view('2026-11-24T10:01:30Z', 'v1', A, S1, 'Old A'), // 58.5 min to /c: the visit had ended
      view('2026-11-24T11:00:00Z', 'v1', C, S1), // the visit's last page
      view('2026-11-25T10:00:00Z', 'v2', A, S2, 'Newest A'), // 10 s to /b
      view('2026-11-25T10:00:10Z', 'v2', B, S2, 'B'),
      view('2026-11-23T23:59:50Z', 'v3', A, S3, 'Old A'), // the next page is on the next day
      view('2026-11-24T00:00:05Z', 'v3', B, S3, 'B'),
      view('2026-11-25T11:00:00Z', 'v4', B, null, 'B'), // no session: no time
      view('2026-11-25T11:30:00Z', 'v5', B, null, 'B, renamed'),
    ]);
    const { content } = await report('content?days=7&type=pages');
    expect(content).toEqual([
      // Visitors: 11-24 v1 v3, 11-25 v2 v4 v5.
      { page_title: 'B, renamed', page_path: B, total_views: 5, unique_visitors: 5, avg_time_spent: 60 },
      // Visitors: 11-23 v3, 11-24 v1, 11-25 v2; times 30 s and 10 s.
      { page_title: 'Newest A', page_path: A, total_views: 4, unique_visitors: 3, avg_time_spent: 20 },
      { page_title: null, page_path: C, total_views: 1, unique_visitors: 1, avg_time_spent: null },
    ]);
  });

  it('lists the 20 most viewed pages', async () => {
    const path = (n: number) => `/storytime/story/p${String(n).padStart(2, '0')}`;
    for (let i = 1; i <= 25; i++) await createStory(t, `p${String(i).padStart(2, '0')}`, `P${i}`);
    await insertEvents(
      t,
      Array.from({ length: 25 }, (_, i) =>
        Array.from({ length: i + 1 }, (_, n) => page('2026-11-25T08:00:00Z', `v${n}`, path(i + 1))),
      ).flat(),
    );
    const { content } = await report('content?days=7&type=pages');
    expect(content.map((row: { page_path: string; total_views: number }) => [row.page_path, row.total_views])).toEqual(
      Array.from({ length: 20 }, (_, n) => [path(25 - n), 25 - n]),
    );
  });

  it('lists only pages the site has: fixed pages, stories, chapters and galleries, not invented paths', async () => {
    await createStory(t, 'long-night', 'The Long Night', [['Dusk']]);
    const real = ['/', '/storytime/', '/galleries', '/storytime/story/long-night', '/storytime/story/long-night/chapter/1', A];
    const invented = ['/wp-login.php', '/storytime/story/invented', '/storytime/story/long-night/chapter/2', '/galleries/invented', '/a'];
    await insertEvents(
      t,
      [...real, ...invented].map((path, n) => page('2026-11-25T08:00:00Z', `v${n}`, path)),
    );
    const { content } = await report('content?days=7&type=pages');
    expect(content.map((row: { page_path: string }) => row.page_path).sort()).toEqual([...real].sort());
  });

  it('keeps hostile titles as the text they are, and leaves hostile paths out', async () => {
    const path = "/story/'; drop table analytics_events;--/../<script>";
    await insertEvents(t, [
      view('2026-11-25T08:00:00Z', 'v1', path, S1, 'x'),
      view('2026-11-25T08:00:00Z', 'v1', A, S1, '<img src=x onerror=alert(1)>'),
    ]);
    const { content } = await report('content?days=7&type=pages');
    expect(content).toEqual([
      { page_title: '<img src=x onerror=alert(1)>', page_path: A, total_views: 1, unique_visitors: 1, avg_time_spent: null },
    ]);
  });
});
