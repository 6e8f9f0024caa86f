// Following by email, the subscribe (docs/product.md, Following by email): one answer for every
// address, a pending subscription with one queued confirmation, limits per address and per client,
// hostile input refused with 400, and plain form posts for pages without JavaScript.
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { createApp } from '#functions/app.ts';
import { EMAIL_CONTROL, EMAIL_INVALID, EMAIL_TOO_LONG } from '#lib/email-address.ts';
import { MAIL_OFF_PUBLIC, STORY_NOT_FOUND, SUBSCRIBE_ACCEPTED } from './messages.ts';
import { CONFIRMS_PER_ADDRESS_PER_DAY } from './store.ts';
import { subscriptionTestKit } from './test-kit.ts';

const t = useApiTestContext();
const kit = subscriptionTestKit(t);
const ACCEPTED = { success: true, message: SUBSCRIBE_ACCEPTED };

describe('POST /api/subscribe', () => {
  it('writes a pending subscription to every story and queues one confirmation, then wakes the sender', async () => {
    const wakes = kit.mail().wakes;
    const res = await kit.subscribe({ email: 'reader@example.com' });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual(ACCEPTED);
    expect(await kit.subscribers()).toMatchObject([{ email: 'reader@example.com', story_id: null, status: 'pending', confirmed_at: null }]);
    const [subscriber] = await kit.subscribers();
    expect(await kit.outbox()).toMatchObject([{ kind: 'confirm', subscriber_id: subscriber!.id, chapter_id: null, state: 'pending' }]);
    expect(kit.mail().wakes).toBe(wakes + 1);
    expect(kit.mail().sent).toEqual([]); // queued, never sent inline
  });

  it('follows one published story by its slug', async () => {
    const storyId = await kit.insertStory();
    expect((await kit.subscribe({ email: 'reader@example.com', story_slug: 'the-lantern-fleet' })).status).toBe(202);
    expect(await kit.subscribers()).toMatchObject([{ email: 'reader@example.com', story_id: storyId }]);
  });

  it.each([
    ['an unknown story', 'no-such-story'],
    ['a draft story', 'draft-story'],
    ['an archived story', 'archived-story'],
  ])('answers 404 for %s and writes nothing', async (_, slug) => {
    await kit.insertStory('draft-story', 'draft');
    await kit.insertStory('archived-story', 'archived');
    const res = await kit.subscribe({ email: 'reader@example.com', story_slug: slug });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: STORY_NOT_FOUND });
    expect(await kit.subscribers()).toEqual([]);
  });

  it('answers the same for a new, a pending and a following address, and queues nothing more', async () => {
    await kit.confirmedSubscriber('following@example.com');
    const answers = [];
    for (const email of ['new@example.com', 'new@example.com', 'following@example.com']) {
      const res = await kit.subscribe({ email });
      answers.push({ status: res.status, body: await res.json() });
    }
    expect(answers).toEqual(Array(3).fill({ status: 202, body: ACCEPTED }));
    expect((await kit.outbox()).map((row) => row.kind)).toEqual(['confirm']);
    expect((await kit.subscriber('following@example.com')).status).toBe('confirmed');
  });

  it('queues nothing for a story when the address already follows every story', async () => {
    await kit.insertStory();
    await kit.confirmedSubscriber('reader@example.com');
    expect((await kit.subscribe({ email: 'reader@example.com', story_slug: 'the-lantern-fleet' })).status).toBe(202);
    expect(await kit.subscribers()).toHaveLength(1);
    expect(await kit.outbox()).toEqual([]);
  });

  it('sends one confirmation for 50 subscribes of one address, and a new link only after ten minutes', async () => {
    for (let i = 0; i < 50; i++) expect((await kit.subscribe({ email: 'victim@example.com' })).status).toBe(202);
    expect(await kit.subscribers()).toHaveLength(1);
    expect(await kit.outbox()).toHaveLength(1);

    // The first email went out; ten minutes later a repeat sends a fresh link.
    await t.database.db.updateTable('mail_outbox').set({ state: 'sent' }).execute();
    const first = await kit.subscriber('victim@example.com');
    t.clock.now = new Date(Date.now() + 9 * 60_000);
    await kit.subscribe({ email: 'victim@example.com' });
    expect(await kit.outbox()).toHaveLength(1);
    t.clock.now = new Date(Date.now() + 11 * 60_000);
    await kit.subscribe({ email: 'victim@example.com' });
    expect((await kit.outbox()).map((row) => row.state)).toEqual(['sent', 'pending']);
    expect((await kit.subscriber('victim@example.com')).token_issued_at.getTime()).toBeGreaterThan(first.token_issued_at.getTime());
  });

  it(`sends one address at most ${CONFIRMS_PER_ADDRESS_PER_DAY} confirmations a day, whatever the stories`, async () => {
    for (let i = 0; i < CONFIRMS_PER_ADDRESS_PER_DAY + 3; i++) {
      await kit.insertStory(`story-${i}`, 'published', `Story ${i}`);
      expect((await kit.subscribe({ email: 'victim@example.com', story_slug: `story-${i}` })).status).toBe(202);
    }
    expect(await kit.outbox()).toHaveLength(CONFIRMS_PER_ADDRESS_PER_DAY);
  });

  it('limits one client address, with Retry-After', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await kit.subscribe({ email: `reader${i}@example.com` }, { ip: '203.0.113.7' })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const refused = await kit.subscribe({ email: 'other@example.com' }, { ip: '203.0.113.7' });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await kit.subscribers()).toHaveLength(5);
  });

  it('stores the address in one form: trimmed, lower case, an international domain in ASCII', async () => {
    expect((await kit.subscribe({ email: '  Reader.One@Bücher.Example  ' })).status).toBe(202);
    expect((await kit.subscribe({ email: 'reader.one@xn--bcher-kva.example' })).status).toBe(202);
    expect((await kit.subscribers()).map((row) => row.email)).toEqual(['reader.one@xn--bcher-kva.example']);
  });

  it('keeps an address with a quote in it as it is (the SQL is parameterised)', async () => {
    expect((await kit.subscribe({ email: "o'brien+x@example.com" })).status).toBe(202);
    expect((await kit.subscribers()).map((row) => row.email)).toEqual(["o'brien+x@example.com"]);
  });

  it.each([
    ['a header injection (CR/LF)', { email: 'reader@example.com\r\nBcc: everyone@example.com' }, EMAIL_CONTROL],
    ['a line feed alone', { email: 'reader@example.com\nX: y' }, EMAIL_CONTROL],
    ['a 10,000-character address', { email: `${'a'.repeat(9988)}@example.com` }, EMAIL_TOO_LONG],
    ['no domain', { email: 'reader@' }, EMAIL_INVALID],
    ['two addresses', { email: 'a@example.com, b@example.com' }, EMAIL_INVALID],
    ['a display name', { email: 'Reader <reader@example.com>' }, EMAIL_INVALID],
    ['a NUL character', { email: 'reader\u0000@example.com' }, 'email must not contain NUL characters'],
    ['a number', { email: 5 }, 'email must be a string'],
    ['a list', { email: ['reader@example.com'] }, 'email must be a string'],
    ['no address', {}, 'email is required'],
    ['a numeric story', { email: 'reader@example.com', story_slug: 7 }, 'story_slug must be a string'],
    ['a story slug with SQL in it', { email: 'reader@example.com', story_slug: "x' or '1'='1" }, 'story_slug may contain only'],
    ['an unknown field', { email: 'reader@example.com', name: 'x' }, 'Unknown field: name'],
    ['a list for a body', [{ email: 'reader@example.com' }], 'The request body must be a JSON object.'],
    ['text for a body', 'reader@example.com', 'The request body must be a JSON object.'],
  ])('answers 400 to %s and writes nothing', async (_, body, error) => {
    const res = await kit.subscribe(body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toContain(error);
    expect(await kit.subscribers()).toEqual([]);
  });

  it('answers 503 when the site has no mail server, and writes nothing', async () => {
    const { mail: _, ...withoutMail } = t.deps;
    const res = await createApp(withoutMail).request('http://localhost:4321/api/subscribe', {
      method: 'POST',
      headers: { origin: 'http://localhost:4321', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'reader@example.com' }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ success: false, error: MAIL_OFF_PUBLIC });
    expect(await kit.subscribers()).toEqual([]);
  });
});

describe('POST /api/subscribe as a plain form (no JavaScript)', () => {
  it('redirects to the page that says the link was sent', async () => {
    await kit.insertStory();
    const res = await kit.formPost('/api/subscribe', { email: 'reader@example.com', story_slug: 'the-lantern-fleet' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/subscribe/?sent=1');
    expect(await kit.outbox()).toHaveLength(1);
  });

  it('takes an empty story field as every story', async () => {
    expect((await kit.formPost('/api/subscribe', { email: 'reader@example.com', story_slug: '' })).status).toBe(303);
    expect(await kit.subscribers()).toMatchObject([{ story_id: null }]);
  });

  it('redirects a refusal to the page with its message and the story to go back to', async () => {
    await kit.insertStory();
    const res = await kit.formPost('/api/subscribe', { email: 'not an address', story_slug: 'the-lantern-fleet' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!, 'http://x');
    expect(location.pathname).toBe('/subscribe/');
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: EMAIL_INVALID, story: 'the-lantern-fleet' });
    expect(await kit.subscribers()).toEqual([]);
  });

  it('redirects with the unknown story refused', async () => {
    const res = await kit.formPost('/api/subscribe', { email: 'reader@example.com', story_slug: 'gone' });
    expect(new URL(res.headers.get('location')!, 'http://x').searchParams.get('error')).toBe(STORY_NOT_FOUND);
  });

  it('is refused from another site (the origin check still applies)', async () => {
    const res = await kit.formPost('/api/subscribe', { email: 'reader@example.com' }, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await kit.subscribers()).toEqual([]);
  });
});
