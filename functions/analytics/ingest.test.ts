import { afterEach, describe, expect, it, vi } from 'vitest';
import { remoteTarget, TEST_ORIGIN, useApiTestContext } from '#scripts/test/api.ts';
import { CHROME_ON_WINDOWS, SESSION_ID, ingest, pageView, setClock, storedEvents } from './test-kit.ts';

const t = useApiTestContext();
afterEach(() => vi.useRealTimers());

async function expectStored204(response: Promise<Response>) {
  const res = await response;
  expect(res.status).toBe(204);
  expect(await res.text()).toBe('');
}

describe('POST /api/analytics/ingest: storing events', () => {
  // One event of each type, as the reader's pages send them.
  const events = [
    { event_type: 'page_view' },
    { event_type: 'story_view', content_type: 'story', content_id: 'the-long-night' },
    { event_type: 'chapter_view', content_type: 'chapter', content_id: '3', parent_type: 'story', parent_id: 'the-long-night' },
    {
      event_type: 'chapter_depth',
      content_type: 'chapter',
      content_id: 3,
      parent_type: 'story',
      parent_id: 'the-long-night',
      value_num: 0.75,
      meta: { time_ms: 64000 },
    },
    { event_type: 'gallery_view', content_type: 'gallery', content_id: 'starships' },
    { event_type: 'image_view', content_type: 'image', content_id: 42, parent_type: 'gallery', parent_id: 'starships' },
    { event_type: 'click', meta: { name: 'continue_reading', chapter: 4 } },
    // As the story list's Start Reading sends it (src/scripts/analytics.ts).
    { event_type: 'click', content_type: 'story', content_id: 'the-long-night', meta: { name: 'start_reading' } },
  ];

  for (const sent of events) {
    it(`stores a ${sent.event_type} with its fields and the derived columns, and answers 204 with no body`, async () => {
      setClock('2026-11-25T23:30:00.000Z'); // a Wednesday, late: hour and weekday must be UTC
      await expectStored204(
        ingest(t, {
          session_id: SESSION_ID.toUpperCase(),
          url_path: '/storytime/the-long-night/3',
          referrer: 'https://www.reddit.com/r/serials/comments/abc?utm=x',
          ...sent,
        }),
      );
      const [row, ...more] = await storedEvents(t);
      expect(more).toEqual([]);
      expect(row).toMatchObject({
        event_type: sent.event_type,
        session_id: SESSION_ID, // stored in lower case
        url_path: '/storytime/the-long-night/3',
        referrer: 'www.reddit.com',
        content_type: sent.content_type ?? null,
        content_id: sent.content_id === undefined ? null : String(sent.content_id),
        parent_type: sent.parent_type ?? null,
        parent_id: sent.parent_id ?? null,
        value_num: sent.value_num ?? null,
        meta: sent.meta ?? {},
        device: 'desktop',
        browser: 'Chrome',
        hour: 23,
        day_of_week: 3,
      });
      expect(row!.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(new Date(row!.created_at).toISOString()).toBe('2026-11-25T23:30:00.000Z');
    });
  }

  it("dates the event by the app's clock (decision 14)", async () => {
    t.clock.now = new Date('2026-03-04T05:06:07.000Z');
    await expectStored204(ingest(t, pageView()));
    const [row] = await storedEvents(t);
    expect(row?.created_at).toEqual(t.clock.now);
  });

  it('answers at the .php path too', async () => {
    await expectStored204(ingest(t, pageView(), { path: '/api/analytics/ingest.php' }));
    expect(await storedEvents(t)).toHaveLength(1);
  });

  it('accepts an event with only the required fields (no session id where the device blocks storage)', async () => {
    await expectStored204(ingest(t, { event_type: 'page_view', url_path: '/' }));
    expect(await storedEvents(t)).toMatchObject([{ session_id: null, referrer: null, meta: {}, value_num: null }]);
  });

  it('reads the device class and browser from the user agent', async () => {
    const agents = [
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
        'mobile',
        'Chrome',
      ],
      [
        'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
        'tablet',
        'Safari',
      ],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'desktop', 'Firefox'],
      [
        'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0 TV Safari/537.36',
        'other',
        'Samsung Internet for Android',
      ],
      ["x'); drop table analytics_events; --", 'other', 'Other'],
    ];
    for (const [agent] of agents) await expectStored204(ingest(t, pageView(), { headers: { 'user-agent': agent! } }));
    const rows = await storedEvents(t);
    expect(rows.map((r) => [r.device, r.browser])).toEqual(agents.map(([, device, browser]) => [device, browser]));
  });

  it('keeps only the host of the referrer, and none for links between our own pages', async () => {
    // Behind a proxy the page's origin is not the one the API was addressed at. The worker has its
    // SITE_URL set, and then only that origin may send (decision 21): there the page is the worker's.
    const pageOrigin = remoteTarget ? TEST_ORIGIN : 'https://author.example';
    const referrers = [
      ['https://user:secret@search.example.org/search?q=my+name&token=abc#x', 'search.example.org'],
      [`${TEST_ORIGIN}/storytime/the-long-night`, null], // the API's own host
      [`${pageOrigin}/storytime`, null], // the page's host (Origin)
      ['android-app://com.google.android.gm/', 'com.google.android.gm'],
      ['about:blank', null],
      [`https://${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.example/`, null], // over 255
    ] as const;
    for (const [referrer] of referrers) {
      await expectStored204(ingest(t, pageView({ referrer }), { headers: { origin: pageOrigin, 'sec-fetch-site': 'same-origin' } }));
    }
    expect((await storedEvents(t)).map((r) => r.referrer)).toEqual(referrers.map(([, host]) => host));
  });

  it('cuts a query or fragment off the path and keeps ".." as plain text', async () => {
    for (const url_path of ['/storytime?email=me@example.org', '/galleries#top', '/storytime/../admin']) {
      await expectStored204(ingest(t, pageView({ url_path })));
    }
    expect((await storedEvents(t)).map((r) => r.url_path)).toEqual(['/storytime', '/galleries', '/storytime/../admin']);
  });

  it('stores HTML, script and SQL quotes in meta and ids as data', async () => {
    const meta = { name: '<script>alert("x")</script>', note: "'); drop table analytics_events; --", nested: { list: [1, '<b>'] } };
    await expectStored204(ingest(t, pageView({ content_type: 'story', content_id: "<img src=x onerror=alert(1)>'--", meta })));
    const [row] = await storedEvents(t);
    expect(row).toMatchObject({ meta, content_id: "<img src=x onerror=alert(1)>'--" });
  });

  it('accepts reading depths at both ends of 0-1', async () => {
    for (const value_num of [0, 1]) await expectStored204(ingest(t, pageView({ event_type: 'chapter_depth', value_num })));
    expect((await storedEvents(t)).map((r) => r.value_num)).toEqual([0, 1]);
  });
});

describe('POST /api/analytics/ingest: visitors who are not counted', () => {
  const uncounted: [string, Record<string, string>][] = [
    ['Do Not Track', { dnt: '1' }],
    ['Global Privacy Control', { 'sec-gpc': '1' }],
    ['Googlebot', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
    [
      'a headless browser',
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36' },
    ],
    ['curl', { 'user-agent': 'curl/8.5.0' }],
    ['no user agent', { 'user-agent': '' }],
  ];
  for (const [who, headers] of uncounted) {
    it(`answers 204 to ${who} and stores nothing, not even a salt`, async () => {
      await expectStored204(ingest(t, pageView(), { headers }));
      await expectStored204(ingest(t, { event_type: 'bogus' }, { headers })); // the body is not even read
      expect(await storedEvents(t)).toEqual([]);
      expect(await t.database.db.selectFrom('analytics_salts').selectAll().execute()).toEqual([]);
    });
  }

  it('counts visitors whose DNT or GPC header says 0', async () => {
    await expectStored204(ingest(t, pageView(), { headers: { dnt: '0', 'sec-gpc': '0' } }));
    expect(await storedEvents(t)).toHaveLength(1);
  });

  it('drops events from a banned address with the usual 204 and stores nothing', async () => {
    await t.database.db.insertInto('banned_ips').values({ ip_address: '198.51.100.9', reason: 'spam' }).execute();
    const res = await ingest(t, pageView(), { ip: '198.51.100.9' });
    expect(res.status).toBe(204);
    expect(await storedEvents(t)).toEqual([]);
  });
});

describe('POST /api/analytics/ingest: cross-site requests', () => {
  it("accepts the beacon's JSON from the site's own pages", async () => {
    await expectStored204(ingest(t, pageView(), { headers: { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' } }));
    expect(await storedEvents(t)).toHaveLength(1);
  });

  it('refuses a cross-site post that needs no preflight (text/plain), and a same-site one that is not JSON', async () => {
    const body = JSON.stringify(pageView());
    const headers = { 'user-agent': CHROME_ON_WINDOWS, 'content-type': 'text/plain' };
    const crossSite = await t.call('/api/analytics/ingest', {
      body,
      headers: { ...headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await t.call('/api/analytics/ingest', { body, headers });
    expect(sameSite.status).toBe(400);
    expect(await storedEvents(t)).toEqual([]);
  });

  it('refuses JSON from a page on another site', async () => {
    const res = await ingest(t, pageView(), { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
    expect(await storedEvents(t)).toEqual([]);
  });
});
