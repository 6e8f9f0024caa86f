// Confirming by the emailed link (docs/product.md, Following by email): only a POST with a valid
// token confirms; a used, expired, voided, foreign or guessed token gets one and the same 400.
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { CONFIRM_INVALID, confirmedMessage } from './messages.ts';
import { subscriptionTestKit } from './test-kit.ts';
import { CONFIRM_TOKEN_DAYS } from './tokens.ts';

const t = useApiTestContext();
const kit = subscriptionTestKit(t);
const INVALID = { status: 400, body: { success: false, error: CONFIRM_INVALID } };

async function confirm(token: unknown) {
  const res = await t.call('/api/subscribe/confirm', { json: { token } });
  return { status: res.status, body: await res.json() };
}

describe('POST /api/subscribe/confirm', () => {
  it('confirms a pending subscription to a story, and says which', async () => {
    const storyId = await kit.insertStory();
    await kit.subscribe({ email: 'reader@example.com', story_slug: 'the-lantern-fleet' });
    const answer = await confirm(await kit.confirmTokenOf('reader@example.com', storyId));
    expect(answer).toEqual({
      status: 200,
      body: {
        success: true,
        message: confirmedMessage('The Lantern Fleet'),
        story_slug: 'the-lantern-fleet',
        story_title: 'The Lantern Fleet',
      },
    });
    expect(answer.body.message).toBe('You are following The Lantern Fleet. New chapters will arrive by email.');
    expect(await kit.subscriber('reader@example.com', storyId)).toMatchObject({ status: 'confirmed', confirmed_at: expect.any(Date) });
  });

  it('refuses a token used once already', async () => {
    await kit.subscribe({ email: 'reader@example.com' });
    const token = await kit.confirmTokenOf('reader@example.com');
    expect((await confirm(token)).body.message).toBe('You are following every story. New chapters will arrive by email.');
    expect(await confirm(token)).toEqual(INVALID);
  });

  it(`refuses a token older than ${CONFIRM_TOKEN_DAYS} days and leaves the subscription pending`, async () => {
    await kit.subscribe({ email: 'reader@example.com' });
    const token = await kit.confirmTokenOf('reader@example.com');
    t.clock.now = new Date(Date.now() + CONFIRM_TOKEN_DAYS * 24 * 60 * 60 * 1000 + 60_000);
    expect(await confirm(token)).toEqual(INVALID);
    expect((await kit.subscriber('reader@example.com')).status).toBe('pending');
  });

  it('refuses the link a later subscribe replaced', async () => {
    await kit.subscribe({ email: 'reader@example.com' });
    const first = await kit.confirmTokenOf('reader@example.com');
    t.clock.now = new Date(Date.now() + 11 * 60_000);
    await kit.subscribe({ email: 'reader@example.com' });
    expect(await confirm(first)).toEqual(INVALID);
    expect((await confirm(await kit.confirmTokenOf('reader@example.com'))).status).toBe(200);
  });

  it("refuses another address's token, a guessed one and malformed ones alike, and confirms nothing", async () => {
    await kit.subscribe({ email: 'a@example.com' });
    await kit.subscribe({ email: 'b@example.com' });
    const [a, b] = await kit.subscribers();
    const tokenOfA = await kit.confirmTokenOf('a@example.com');
    const mac = tokenOfA.split('.')[1]!;
    const tokens = [
      `${b!.id}.${mac}`,
      `${a!.id}.${'0'.repeat(32)}`,
      `${a!.id}.${mac.toUpperCase()}`,
      '999999.'.padEnd(39, 'a'),
      'x',
      '',
      `${a!.id}.${mac}x`,
    ];
    for (const token of tokens) expect({ token, ...(await confirm(token)) }).toEqual({ token, ...INVALID });
    expect((await kit.subscribers()).map((row) => row.status)).toEqual(['pending', 'pending']);
  });

  it.each([[5], [null], [['a']], ['x'.repeat(101)]])('answers 400 to the token %j, never 500', async (token) => {
    expect((await confirm(token)).status).toBe(400);
  });

  it('changes nothing on a GET of the link (mail scanners open links)', async () => {
    await kit.subscribe({ email: 'reader@example.com' });
    const token = await kit.confirmTokenOf('reader@example.com');
    const res = await t.call(`/api/subscribe/confirm?token=${token}`);
    expect(res.status).toBe(404);
    expect((await kit.subscriber('reader@example.com')).status).toBe('pending');
  });

  it('following every story takes the place of the single-story subscriptions of that address', async () => {
    const storyId = await kit.insertStory();
    await kit.confirmedSubscriber('reader@example.com', storyId);
    await kit.confirmedSubscriber('other@example.com', storyId);
    await kit.subscribe({ email: 'reader@example.com' });
    expect((await confirm(await kit.confirmTokenOf('reader@example.com'))).status).toBe(200);
    expect((await kit.subscribers()).map(({ email, story_id }) => ({ email, story_id }))).toEqual([
      { email: 'other@example.com', story_id: storyId },
      { email: 'reader@example.com', story_id: null },
    ]);
  });
});

describe('POST /api/subscribe/confirm as a plain form', () => {
  it('redirects to the page that says it is done, with the story', async () => {
    const storyId = await kit.insertStory();
    await kit.subscribe({ email: 'reader@example.com', story_slug: 'the-lantern-fleet' });
    const res = await kit.formPost('/api/subscribe/confirm', { token: await kit.confirmTokenOf('reader@example.com', storyId) });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/subscribe/confirm/?done=1&story=the-lantern-fleet');
  });

  it('redirects a refused token to the page with the message', async () => {
    const res = await kit.formPost('/api/subscribe/confirm', { token: '1.00000000000000000000000000000000' });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!, 'http://x').searchParams.get('error')).toBe(CONFIRM_INVALID);
  });
});
