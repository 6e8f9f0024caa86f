// A reader follows a story from start to finish, against a real SMTP server on loopback:
// subscribe, the confirmation email, confirm, a chapter published by the author arrives once with
// the one-click unsubscribe headers, the mail provider's one-click POST, and then nothing more.
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { headerValue, mailTestKit, SITE_URL } from './test-kit.ts';

const t = useApiTestContext();
const kit = mailTestKit(t);

/** The one link in a text part that starts with `prefix`. */
function linkIn(text: string, prefix: string): URL {
  const links = text.match(/https?:\/\/\S+/g)?.filter((link) => link.startsWith(prefix)) ?? [];
  expect(links).toHaveLength(1);
  return new URL(links[0]!);
}

describe('following a story by email', () => {
  it('confirms, gets one notification per chapter with RFC 8058 headers, unsubscribes in one click, then gets nothing', async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await kit.insertStory('lantern-fleet', { title: 'The Lantern Fleet' });
    const subscribed = await t.call('/api/subscribe', {
      json: { email: 'Reader@Example.com', story_slug: 'lantern-fleet' },
      ip: '198.51.100.7',
    });
    expect(subscribed.status).toBe(202);

    await kit.send();
    expect(kit.deliveries()).toEqual(['reader@example.com: Confirm that you want to follow The Lantern Fleet']);
    const confirmLink = linkIn(kit.smtp.received[0]!.parsed.text!, `${SITE_URL}/subscribe/confirm/`);
    expect(headerValue(kit.smtp.received[0]!, 'List-Unsubscribe')).toBeUndefined();
    const confirmed = await t.call('/api/subscribe/confirm', { json: { token: confirmLink.searchParams.get('token') } });
    expect(confirmed.status).toBe(200);

    const publish = async (chapter_number: number) => {
      const res = await t.call('/api/chapters/create', {
        cookie,
        json: {
          story_id: storyId,
          chapter_number,
          title: `Part ${chapter_number}`,
          slug: `part-${chapter_number}`,
          content: 'Text.',
          status: 'published',
        },
      });
      expect(res.status).toBe(201);
    };
    kit.smtp.reset();
    await publish(1);
    await kit.send();
    await kit.send(); // a second run finds nothing more to send
    expect(kit.deliveries()).toEqual(['reader@example.com: New chapter of The Lantern Fleet: Chapter 1: Part 1']);
    const notification = kit.smtp.received[0]!;
    expect(headerValue(notification, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(headerValue(notification, 'List-Unsubscribe')!.replace(/^<|>$/g, ''));
    expect(oneClick.origin + oneClick.pathname).toBe(`${SITE_URL}/api/unsubscribe`);

    // As a mail provider sends it: form-encoded, no cookie, no Origin header.
    const unsubscribed = await t.call(`/api/unsubscribe${oneClick.search}`, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: '' },
    });
    expect(unsubscribed.status).toBe(200);
    expect(await t.database.db.selectFrom('subscribers').selectAll().execute()).toEqual([]);

    kit.smtp.reset();
    await publish(2);
    expect(await kit.send()).toMatchObject({ announced: 0, sent: 0 });
    expect(kit.smtp.received).toEqual([]);
  });
});
