// Admin → Subscribers (docs/product.md, Following by email): the list with its counts and
// filters, removing an address, the CSV export (formulas defused) and the import, which queues
// a confirmation for every new address and sends nothing before it is confirmed.
import { beforeEach, describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { createApp } from '#functions/app.ts';
import { EMAIL_CONTROL, EMAIL_INVALID } from '#lib/email-address.ts';
import { SUBSCRIBER_LIST_LIMIT } from './admin-store.ts';
import { IMPORT_MAX_LINES } from './csv.ts';
import { MAIL_OFF_ADMIN, STORY_NOT_FOUND, SUBSCRIBER_NOT_FOUND } from './messages.ts';
import { subscriptionTestKit } from './test-kit.ts';

const t = useApiTestContext();
const kit = subscriptionTestKit(t);
let cookie: string;
let storyId: number;

beforeEach(async () => {
  cookie = await t.signedInAs('author');
  storyId = await kit.insertStory();
});

const list = async (query = '') => (await t.call(`/api/admin/subscribers${query}`, { cookie })).json();
const importCsv = (csv: string, story_slug: string | null = null) =>
  t.call('/api/admin/subscribers/import', { json: { csv, story_slug }, cookie });

describe('GET /api/admin/subscribers', () => {
  beforeEach(async () => {
    await kit.confirmedSubscriber('ann@example.com');
    await kit.confirmedSubscriber('bob@example.com', storyId);
    await kit.subscribe({ email: 'cat_100%@example.com', story_slug: 'the-lantern-fleet' });
  });

  it('lists newest first, with counts per scope and whether email is on', async () => {
    const body = await list();
    expect(body.subscribers.map((row: { email: string }) => row.email)).toEqual([
      'cat_100%@example.com',
      'bob@example.com',
      'ann@example.com',
    ]);
    expect(body.subscribers[0]).toEqual({
      id: expect.any(Number),
      email: 'cat_100%@example.com',
      story_slug: 'the-lantern-fleet',
      status: 'pending',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      confirmed_at: null,
    });
    expect(body).toMatchObject({ success: true, total: 3, mail_enabled: true });
    expect(body.counts).toEqual([
      { story_slug: null, story_title: null, pending: 0, confirmed: 1 },
      { story_slug: 'the-lantern-fleet', story_title: 'The Lantern Fleet', pending: 1, confirmed: 1 },
    ]);
  });

  it.each([
    ['?q=BOB', ['bob@example.com']],
    ['?q=_', ['cat_100%@example.com']], // LIKE's wildcards are taken as typed
    ['?q=%25', ['cat_100%@example.com']],
    ['?story_slug=all', ['ann@example.com']],
    ['?story_slug=the-lantern-fleet', ['cat_100%@example.com', 'bob@example.com']],
    ['?status=confirmed', ['bob@example.com', 'ann@example.com']],
    ['?story_slug=the-lantern-fleet&status=pending', ['cat_100%@example.com']],
    ['?story_slug=nothing-here', []],
  ])('filters by %s', async (query, emails) => {
    const body = await list(query);
    expect(body.subscribers.map((row: { email: string }) => row.email)).toEqual(emails);
    expect(body.total).toBe(emails.length);
  });

  it.each(['?status=gone', '?story_slug=Not%20A%20Slug', '?page=2', `?q=${'x'.repeat(300)}`])('answers 400 to %s', async (query) => {
    expect((await t.call(`/api/admin/subscribers${query}`, { cookie })).status).toBe(400);
  });

  it(`answers at most ${SUBSCRIBER_LIST_LIMIT} rows and the total of all matches`, async () => {
    const emails = Array.from({ length: SUBSCRIBER_LIST_LIMIT + 5 }, (_, i) => `r${i}@example.com`);
    await t.database.db
      .insertInto('subscribers')
      .values(emails.map((email) => ({ email, story_id: null, status: 'confirmed' as const })))
      .execute();
    const body = await list('?story_slug=all');
    expect(body.subscribers).toHaveLength(SUBSCRIBER_LIST_LIMIT);
    expect(body.total).toBe(SUBSCRIBER_LIST_LIMIT + 6);
  });
});

describe('DELETE /api/admin/subscribers/:id', () => {
  it('removes the address and its queued emails, then answers 404', async () => {
    await kit.subscribe({ email: 'reader@example.com' });
    const { id } = await kit.subscriber('reader@example.com');
    const res = await t.call(`/api/admin/subscribers/${id}`, { method: 'DELETE', cookie });
    expect(await res.json()).toEqual({ success: true, message: 'The subscriber was removed.' });
    expect(await kit.subscribers()).toEqual([]);
    expect(await kit.outbox()).toEqual([]);
    const again = await t.call(`/api/admin/subscribers/${id}`, { method: 'DELETE', cookie });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ success: false, error: SUBSCRIBER_NOT_FOUND });
  });

  it.each(['0', 'x', '99999999999'])('answers 400 to the id %s', async (id) => {
    expect((await t.call(`/api/admin/subscribers/${id}`, { method: 'DELETE', cookie })).status).toBe(400);
  });
});

describe('GET /api/admin/subscribers/export', () => {
  it('is a CSV attachment of every subscription, formulas defused', async () => {
    await kit.confirmedSubscriber('=cmd|calc@example.com');
    await kit.subscribe({ email: '+1@example.com', story_slug: 'the-lantern-fleet' });
    const res = await t.call('/api/admin/subscribers/export', { cookie });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="subscribers.csv"');
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,story_slug,status,created_at,confirmed_at');
    expect(lines[1]).toMatch(/^'=cmd\|calc@example\.com,,confirmed,\d{4}-[^,]+Z,\d{4}-[^,]+Z$/);
    expect(lines[2]).toMatch(/^'\+1@example\.com,the-lantern-fleet,pending,\d{4}-[^,]+Z,$/);
  });
});

describe('POST /api/admin/subscribers/import', () => {
  it('adds every new address as pending with a queued confirmation, and reports the rest by line', async () => {
    await kit.confirmedSubscriber('known@example.com');
    const csv = [
      'Name,E-mail address',
      'Ann,Ann@Example.com',
      'Bob,not an address',
      '',
      'Ann again,ann@example.com',
      'Known,known@example.com',
      'Cat,cat@bücher.example',
    ].join('\n');
    const wakes = kit.mail().wakes;
    const res = await importCsv(csv);
    expect(await res.json()).toEqual({
      success: true,
      added: 2,
      already: 2,
      invalid: [{ line: 3, value: 'not an address', error: EMAIL_INVALID }],
      message: '2 addresses added, each sent an email to confirm; 2 were already on the list; 1 line holds no valid address.',
    });
    const pending = (await kit.subscribers()).filter((row) => row.status === 'pending');
    expect(pending.map((row) => row.email)).toEqual(['ann@example.com', 'cat@xn--bcher-kva.example']);
    expect((await kit.outbox()).map((row) => [row.kind, row.subscriber_id])).toEqual(pending.map((row) => ['confirm', row.id]));
    expect(kit.mail().wakes).toBe(wakes + 1);
    expect(kit.mail().sent).toEqual([]);
  });

  it('reads a bare list of addresses (no header) into one story', async () => {
    const res = await importCsv('a@example.com\r\nb@example.com\r\n', 'the-lantern-fleet');
    expect((await res.json()).added).toBe(2);
    expect((await kit.subscribers()).map((row) => row.story_id)).toEqual([storyId, storyId]);
  });

  it('skips addresses that already follow every story when importing for a story', async () => {
    await kit.confirmedSubscriber('all@example.com');
    expect(await (await importCsv('all@example.com', 'the-lantern-fleet')).json()).toMatchObject({ added: 0, already: 1 });
  });

  it('shows a hostile value cut short and printable', async () => {
    const body = await (await importCsv(`a@example.com\n"${'x'.repeat(10_000)}\u0007"`)).json();
    expect(body.invalid).toMatchObject([{ line: 2, error: EMAIL_CONTROL }]);
    expect(body.invalid[0].value).toHaveLength(81);
  });

  it.each([
    ['an unclosed quote', '"a@example.com', 400, 'The CSV file could not be read'],
    ['too many lines', Array.from({ length: IMPORT_MAX_LINES + 1 }, (_, i) => `r${i}@example.com`).join('\n'), 400, 'at most 10,000'],
    ['more than 1 MB', 'x'.repeat(1024 * 1024 + 1), 400, 'too large'],
  ])('refuses %s and adds nothing', async (_, csv, status, error) => {
    const res = await importCsv(csv);
    expect(res.status).toBe(status);
    expect((await res.json()).error).toContain(error);
    expect(await kit.subscribers()).toEqual([]);
  });

  it('answers 404 for an unknown story', async () => {
    const res = await importCsv('a@example.com', 'no-such-story');
    expect(await res.json()).toEqual({ success: false, error: STORY_NOT_FOUND });
  });

  it('answers 503 with the way to turn email on when it is off', async () => {
    const { mail: _, ...withoutMail } = t.deps;
    const res = await createApp(withoutMail).request('http://localhost:4321/api/admin/subscribers/import', {
      method: 'POST',
      headers: { origin: 'http://localhost:4321', 'content-type': 'application/json', cookie },
      body: JSON.stringify({ csv: 'a@example.com', story_slug: null }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ success: false, error: MAIL_OFF_ADMIN });
    const listed = await createApp(withoutMail).request('http://localhost:4321/api/admin/subscribers', { headers: { cookie } });
    expect((await listed.json()).mail_enabled).toBe(false);
  });
});
