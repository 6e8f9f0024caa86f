// The Node server's mail sender: a content change wakes it (a chapter the author publishes goes
// out at once), and stopping it in the middle of a paced release records what was sent and leaves
// the rest due, untouched.
import { describe, expect, it } from 'vitest';
import { mailTestKit, MAIL_FROM, SITE_URL } from '#functions/mail/test-kit.ts';
import { useApiTestContext } from '#scripts/test/api.ts';
import { contentChanged } from './create-server.ts';
import { createMailSender } from './mail-timer.ts';
import type { SitePublisher } from './site-publisher.ts';

const t = useApiTestContext();
const kit = mailTestKit(t);

function sender(ratePerMinute: number) {
  const config = { smtpUrl: new URL(kit.smtp.url), from: MAIL_FROM, ratePerMinute };
  return createMailSender({ config, siteUrl: SITE_URL, db: t.database.db, sessionSecret: t.deps.sessionSecret, log: () => {} });
}

describe('the mail timer', () => {
  it('sends a release as soon as content changed', async () => {
    const mail = sender(60_000);
    try {
      const storyId = await kit.insertStory('lantern-fleet');
      await kit.subscribe(storyId, ['ada@example.com']);
      await kit.publishChapter(storyId, 1);
      const scheduled: string[] = [];
      const publisher = { schedule: (reason: string) => scheduled.push(reason), state: () => ({}) } as unknown as SitePublisher;
      contentChanged(publisher, mail.mail).schedule('chapter 1 updated');

      await kit.smtp.waitForMessages(1, 10_000);
      expect(scheduled).toEqual(['chapter 1 updated']);
      expect(kit.smtp.received.map((one) => one.to[0])).toEqual(['ada@example.com']);
    } finally {
      await mail.stop();
    }
  });

  it('stops between two paced emails, leaving the rest due and their tries uncounted', async () => {
    const mail = sender(1); // one a minute: the second email waits
    const storyId = await kit.insertStory('lantern-fleet');
    await kit.subscribe(storyId, ['ada@example.com', 'bo@example.com', 'cy@example.com']);
    await kit.publishChapter(storyId, 1);
    void mail.timer.wake();
    await kit.smtp.waitForMessages(1, 10_000);

    const stopping = performance.now();
    await mail.stop();
    expect(performance.now() - stopping).toBeLessThan(2000);
    const rows = await kit.outbox();
    expect(rows.map((row) => [row.state, row.attempts]).sort()).toEqual([
      ['pending', 0],
      ['pending', 0],
      ['sent', 1],
    ]);
    expect(kit.smtp.received).toHaveLength(1);
  });
});
