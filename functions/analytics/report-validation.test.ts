// What the report routes refuse (400 with the first problem named), who may call them (admins
// only: 401 anonymous, 403 author and mod), and the period they use when none is asked for.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { ANALYTICS_PERIODS } from '#lib/analytics-report.ts';
import { withoutFields } from '#functions/chapters/test-kit.ts';
import { createStory, getReport, reportData } from './report-kit.ts';
import { setClock } from './test-kit.ts';

const t = useApiTestContext();
let admin: string;
beforeEach(async () => {
  setClock('2026-11-25T12:00:00.000Z');
  admin = await t.signedInAs('admin');
  await createStory(t, 'long-night', 'The Long Night', [['Dusk']]);
});
afterEach(() => vi.useRealTimers());

/** Each route with the other fields it needs, valid. */
const ROUTES = {
  summary: '',
  segment: '&segment=device',
  content: '&type=stories',
  retention: '&story=long-night',
};

const DAYS_ERROR = 'days must be one of 7, 30, 90, 365';

async function expect400(query: string, error: string) {
  const { status, body } = await getReport(t, query, admin);
  expect({ status, body: withoutFields(body) }).toEqual({ status: 400, body: { success: false, error } });
}

describe('the report routes: the period', () => {
  for (const [route, rest] of Object.entries(ROUTES)) {
    it(`${route} accepts each period and refuses any other`, async () => {
      for (const days of ANALYTICS_PERIODS) await reportData(t, admin, `${route}?days=${days}${rest}`);
      const refused = ['0', '1', '31', '-7', '7.5', '07', ' 7', '7e0', 'abc', '', '99999999999999999999999', '7%00'];
      for (const days of refused)
        await expect400(`${route}?days=${days}${rest}`, days === '7%00' ? 'days must not contain NUL characters' : DAYS_ERROR);
      await expect400(`${route}?days=7&days=7${rest}`, DAYS_ERROR); // repeated
    });

    it(`${route} refuses a field it does not know`, async () => {
      await expect400(`${route}?days=7${rest}&x=1`, 'Unknown field: x');
      await expect400(
        `${route}?days=7${rest}&${route === 'segment' ? 'type=stories' : 'segment=device'}`,
        `Unknown field: ${route === 'segment' ? 'type' : 'segment'}`,
      );
    });
  }

  it('uses 30 days when none is asked for', async () => {
    const summary = await reportData(t, admin, 'summary');
    expect(summary.period_days).toBe(30);
    expect(summary.daily).toHaveLength(30);
    expect(summary.daily[0].day).toBe('2026-10-27');
    expect(summary.daily.at(-1).day).toBe('2026-11-25');
    expect(await reportData(t, admin, 'segment?segment=device')).toEqual({ segments: [] });
    expect(await reportData(t, admin, 'content?type=pages')).toEqual({ content: [] });
    expect(await reportData(t, admin, 'retention?story=long-night')).toEqual({
      story_slug: 'long-night',
      chapters: [{ chapter_number: 1, title: 'Dusk', unique_readers: 0, share_of_first: null }],
    });
  });
});

describe('the report routes: what is counted by', () => {
  const SEGMENT_ERROR = 'segment must be one of: device, browser, referrer, hour, day_of_week, content_type';
  const TYPE_ERROR = 'type must be one of: stories, chapters, galleries, pages';
  const hostile = ["device'; drop table analytics_events;--", '../device', '<script>', 'device%00'];

  it('refuses a missing, unknown, wrongly cased or hostile segment', async () => {
    for (const segment of ['Device', 'DEVICE', 'devices', 'country', '', ...hostile]) {
      await expect400(
        `segment?days=7&segment=${segment}`,
        segment === 'device%00' ? 'segment must not contain NUL characters' : SEGMENT_ERROR,
      );
    }
    await expect400('segment?days=7', SEGMENT_ERROR);
    await expect400('segment?days=7&segment=device&segment=browser', SEGMENT_ERROR);
  });

  it('refuses a missing, unknown, wrongly cased or hostile content type', async () => {
    for (const type of ['Stories', 'PAGES', 'story', 'images', '', ...hostile]) {
      await expect400(`content?days=7&type=${type}`, type === 'device%00' ? 'type must not contain NUL characters' : TYPE_ERROR);
    }
    await expect400('content?days=7', TYPE_ERROR);
  });

  it('refuses a retention call without a story, or with one no slug could be', async () => {
    await expect400('retention?days=7', 'story is required');
    await expect400('retention?days=7&story=', 'story must not be empty');
    await expect400(`retention?days=7&story=${'x'.repeat(121)}`, 'story is too long (at most 120 characters)');
  });
});

describe('the report routes: who may call them', () => {
  const paths = Object.entries(ROUTES).flatMap(([route, rest]) => [`${route}?days=7${rest}`, `${route}.php?days=7${rest}`]);

  it('answers 401 to an anonymous caller and 403 to an author or a mod, at every path', async () => {
    const author = await t.signedInAs('author');
    const mod = await t.signedInAs('mod');
    for (const path of paths) {
      expect((await getReport(t, path)).status, path).toBe(401);
      for (const cookie of [author, mod]) {
        const { status, body } = await getReport(t, path, cookie);
        expect(status, path).toBe(403);
        expect(body).toEqual({ success: false, error: expect.any(String) });
        expect(JSON.stringify(body)).not.toContain('data');
      }
      await reportData(t, admin, path);
    }
  });

  it('checks the caller before the query (an anonymous bad request is a 401, not a 400)', async () => {
    expect((await getReport(t, 'summary?days=abc')).status).toBe(401);
  });

  it('answers 404 for a report that does not exist', async () => {
    for (const path of ['sumary?days=7', 'summary/extra?days=7', 'summary.json?days=7']) {
      const res = await t.call(`/api/admin/analytics/${path}`, { cookie: admin });
      expect(res.status, path).toBe(404);
    }
  });
});
