// Leaving (docs/product.md, Following by email): the List-Unsubscribe one-click POST of RFC 8058
// (no Origin, no cookie: the token authorises it), our page's choice of this story or every story,
// and a GET of the visible link that changes nothing.
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useApiTestContext } from '#scripts/test/api.ts';
import { createApp } from '#functions/app.ts';
import { ALREADY_UNSUBSCRIBED, UNSUBSCRIBE_INVALID, unsubscribedMessage } from './messages.ts';
import { subscriptionTestKit } from './test-kit.ts';

const t = useApiTestContext();
const kit = subscriptionTestKit(t);

/** The POST a mail provider sends for List-Unsubscribe-Post: a form body, no Origin, no cookie. */
function oneClick(app: ReturnType<typeof createApp>, token: string, origin = TEST_ORIGIN) {
  return app.request(`${origin}/api/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
}

async function twoSubscriptions() {
  const storyId = await kit.insertStory();
  await kit.confirmedSubscriber('reader@example.com', storyId);
  await kit.confirmedSubscriber('reader@example.com');
  await kit.confirmedSubscriber('other@example.com', storyId);
  return storyId;
}

const remaining = async () => (await kit.subscribers()).map(({ email, story_id }) => `${email} ${story_id ?? 'every'}`);

describe('POST /api/unsubscribe, one click from a mail provider', () => {
  it('removes that subscription at once, with no Origin and no cookie', async () => {
    const storyId = await twoSubscriptions();
    const res = await oneClick(t.app, await kit.unsubscribeTokenOf('reader@example.com', storyId));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: unsubscribedMessage('this', 'The Lantern Fleet') });
    expect(await remaining()).toEqual(['reader@example.com every', `other@example.com ${storyId}`]);
  });

  it('works where the site origin is configured, and from any origin (the token is the authority)', async () => {
    const storyId = await twoSubscriptions();
    const app = createApp({ ...t.deps, siteOrigin: 'https://author.example' });
    expect((await oneClick(app, await kit.unsubscribeTokenOf('reader@example.com', storyId), 'https://author.example')).status).toBe(200);
    const res = await app.request(`https://author.example/api/unsubscribe?token=${await kit.unsubscribeTokenOf('reader@example.com')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await remaining()).toEqual([`other@example.com ${storyId}`]);
  });

  it('answers 200 again for a subscription already gone', async () => {
    const storyId = await twoSubscriptions();
    const token = await kit.unsubscribeTokenOf('reader@example.com', storyId);
    await oneClick(t.app, token);
    const again = await oneClick(t.app, token);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ success: true, message: ALREADY_UNSUBSCRIBED });
  });

  it('refuses a forged or malformed token and removes nothing', async () => {
    const storyId = await twoSubscriptions();
    const good = await kit.unsubscribeTokenOf('reader@example.com', storyId);
    const other = await kit.subscriber('other@example.com', storyId);
    for (const token of [`${other.id}.${good.split('.')[1]}`, `${other.id}.${'f'.repeat(32)}`, 'nonsense', '']) {
      const res = await oneClick(t.app, token);
      expect({ token, status: res.status, body: await res.json() }).toEqual({
        token,
        status: 400,
        body: { success: false, error: UNSUBSCRIBE_INVALID },
      });
    }
    expect(await kit.subscribers()).toHaveLength(3);
  });

  it('keeps the origin check on every other form post', async () => {
    const res = await createApp(t.deps).request(`${TEST_ORIGIN}/api/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=reader%40example.com',
    });
    expect(res.status).toBe(403);
    expect(await kit.subscribers()).toEqual([]);
  });
});

describe('POST /api/unsubscribe from our page', () => {
  it('ends every subscription of the address with scope=all, and redirects to say so', async () => {
    const storyId = await twoSubscriptions();
    const token = await kit.unsubscribeTokenOf('reader@example.com', storyId);
    const res = await kit.formPost('/api/unsubscribe', { token, scope: 'all' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/unsubscribe/?done=all');
    expect(await remaining()).toEqual([`other@example.com ${storyId}`]);
  });

  it('takes JSON from the island, the token in the body', async () => {
    const storyId = await twoSubscriptions();
    const token = await kit.unsubscribeTokenOf('reader@example.com');
    const res = await t.call('/api/unsubscribe', { json: { token, scope: 'this' } });
    expect(await res.json()).toEqual({ success: true, message: unsubscribedMessage('this', null) });
    expect(await remaining()).toEqual([`reader@example.com ${storyId}`, `other@example.com ${storyId}`]);
    const all = await t.call('/api/unsubscribe', {
      json: { token: await kit.unsubscribeTokenOf('other@example.com', storyId), scope: 'all' },
    });
    expect((await all.json()).message).toBe(unsubscribedMessage('all', null));
  });

  it('redirects a refused form post to the page with the message', async () => {
    const id = await kit.confirmedSubscriber('reader@example.com');
    const res = await kit.formPost('/api/unsubscribe', { token: `${id}.${'0'.repeat(32)}`, scope: 'this' });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!, 'http://x').searchParams.get('error')).toBe(UNSUBSCRIBE_INVALID);
  });

  it.each([
    ['an unknown scope', { token: '1.00000000000000000000000000000000', scope: 'everything' }],
    ['a numeric token', { token: 5 }],
    ['no token', {}],
    ['a list', [1]],
  ])('answers 400 to %s, never 500', async (_, json) => {
    expect((await t.call('/api/unsubscribe', { json })).status).toBe(400);
  });
});

describe('GET /api/unsubscribe and /api/unsubscribe/info', () => {
  it('sends the visible link to the page that asks, and changes nothing', async () => {
    const storyId = await twoSubscriptions();
    const token = await kit.unsubscribeTokenOf('reader@example.com', storyId);
    const res = await t.call(`/api/unsubscribe?token=${token}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/unsubscribe/?token=${encodeURIComponent(token)}`);
    expect(await kit.subscribers()).toHaveLength(3);
  });

  it('tells the page what the subscription follows, never the address', async () => {
    const storyId = await twoSubscriptions();
    const res = await t.call(`/api/unsubscribe/info?token=${await kit.unsubscribeTokenOf('reader@example.com', storyId)}`);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ success: true, story_slug: 'the-lantern-fleet', story_title: 'The Lantern Fleet' });
    expect(text).not.toContain('reader');
    const every = await t.call(`/api/unsubscribe/info?token=${await kit.unsubscribeTokenOf('reader@example.com')}`);
    expect(await every.json()).toEqual({ success: true, story_slug: null, story_title: null });
  });

  it('refuses a forged token', async () => {
    const id = await kit.confirmedSubscriber('reader@example.com');
    const res = await t.call(`/api/unsubscribe/info?token=${id}.${'0'.repeat(32)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: UNSUBSCRIBE_INVALID });
  });
});
