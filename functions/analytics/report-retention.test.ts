// A story's chapter-by-chapter retention (GET /api/admin/analytics/retention), checked against a
// small fixture worked out by hand, by the definitions of docs/decisions/0010.
// The clock stands at NOW: the 7-day period is 2026-11-19 to 2026-11-25 (UTC). Events before
// today are read from the daily rollups (every report rolls up what is due first), today's live.
import { beforeEach, describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { withoutFields } from '#functions/chapters/test-kit.ts';
import { chapterDepth, chapterView, createStory, getReport, insertEvents, useAdminReports } from './report-kit.ts';

const t = useApiTestContext();
const NOW = '2026-11-25T12:00:00.000Z';
const { session, report } = useAdminReports(t, NOW);

describe('GET /api/admin/analytics/retention', () => {
  beforeEach(async () => {
    await createStory(t, 'long-night', 'The Long Night', [['Dusk'], ['Midnight'], ['Dawn'], ['Epilogue', 'draft']]);
    await createStory(t, 'sky-road', 'Sky Road', [['Up']]);
  });

  it("gives each published chapter in order with its readers and their share of the first chapter's", async () => {
    await insertEvents(t, [
      chapterView('2026-11-24T10:00:00Z', 'v1', 'long-night', 1),
      chapterView('2026-11-24T10:30:00Z', 'v1', 'long-night', 1), // the same reader that day
      chapterView('2026-11-24T11:00:00Z', 'v2', 'long-night', 1),
      chapterView('2026-11-25T09:00:00Z', 'v3', 'long-night', 1),
      chapterView('2026-11-24T10:40:00Z', 'v1', 'long-night', 2),
      chapterView('2026-11-25T09:30:00Z', 'v3', 'long-night', 2),
      chapterView('2026-11-25T10:00:00Z', 'v3', 'long-night', 3),
      chapterDepth('2026-11-25T10:00:00Z', 'v9', 'long-night', 3, 0.5), // a depth alone is no chapter view
      chapterView('2026-11-25T10:30:00Z', 'v3', 'long-night', 4), // a draft: not listed
      chapterView('2026-11-25T10:00:00Z', 'v7', 'sky-road', 1), // another story's chapter 1
      chapterView('2026-11-18T10:00:00Z', 'v8', 'long-night', 2), // before the 7 days
    ]);
    const data = await report('retention?days=7&story=long-night');
    expect(data).toEqual({
      story_slug: 'long-night',
      chapters: [
        { chapter_number: 1, title: 'Dusk', unique_readers: 3, share_of_first: 100 },
        { chapter_number: 2, title: 'Midnight', unique_readers: 2, share_of_first: 66.7 },
        { chapter_number: 3, title: 'Dawn', unique_readers: 1, share_of_first: 33.3 },
      ],
    });
    expect(await report('retention.php?days=7&story=long-night')).toEqual(data);
  });

  it('gives zero readers and no share when the first chapter had none', async () => {
    const data = await report('retention?days=7&story=sky-road');
    expect(data).toEqual({
      story_slug: 'sky-road',
      chapters: [{ chapter_number: 1, title: 'Up', unique_readers: 0, share_of_first: null }],
    });
  });

  it("answers 404 'Story not found.' for a story that does not exist", async () => {
    await insertEvents(t, [chapterView('2026-11-25T10:00:00Z', 'v1', 'invented', 1)]);
    expect(await getReport(t, 'retention?days=7&story=invented', session.cookie)).toEqual({
      status: 404,
      body: { success: false, error: 'Story not found.' },
    });
  });

  for (const slug of ["'; drop table stories;--", '../long-night', '<script>alert(1)</script>', 'a\u0000b', 'x'.repeat(5000)]) {
    it(`refuses the story ${JSON.stringify(slug.slice(0, 30))} with 400 or 404, never 500`, async () => {
      const { status, body } = await getReport(t, `retention?days=7&story=${encodeURIComponent(slug)}`, session.cookie);
      expect([400, 404]).toContain(status);
      expect(withoutFields(body)).toEqual({ success: false, error: expect.any(String) });
      expect(await t.database.db.selectFrom('stories').select('slug').execute()).toHaveLength(2);
    });
  }
});
