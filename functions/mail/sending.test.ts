// The sender against a real SMTP server on loopback that misbehaves: refusals, deferrals, dropped
// connections, a server that is down or slow; and its pacing, connection reuse and recovery
// after a sender died holding a claim.
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { freePort } from '#scripts/test/free-port.ts';
import { smtpTransport } from '#scripts/server/smtp-transport.ts';
import { runDueReleases } from '#functions/releases/run.ts';
import { BACKOFF_MINUTES } from './outbox-store.ts';
import { MAIL_FROM, mailTestKit } from './test-kit.ts';

const t = useApiTestContext();
const kit = mailTestKit(t);
const MINUTE_MS = 60_000;

const addresses = (count: number) => Array.from({ length: count }, (_, i) => `reader${String(i).padStart(3, '0')}@example.com`);

/** A story with `count` confirmed followers and one new chapter. */
async function releaseTo(count: number) {
  const storyId = await kit.insertStory('lantern-fleet');
  await kit.subscribe(storyId, addresses(count));
  await kit.publishChapter(storyId, 1);
  return addresses(count);
}

const recipients = () => kit.smtp.received.map((mail) => mail.to[0]).sort();

describe('sending through a mail server that misbehaves', () => {
  it('marks a refused address failed with the server answer and sends the others', async () => {
    const all = await releaseTo(3);
    kit.smtp.faults.refuse = new Map([[all[1]!, 'Mailbox unavailable: no such user']]);

    expect(await kit.send()).toMatchObject({ sent: 2, failed: 1 });
    expect(recipients()).toEqual([all[0], all[2]]);
    const failed = (await kit.outbox()).find((row) => row.state === 'failed')!;
    expect(failed.last_error).toContain('550 Mailbox unavailable: no such user');
    expect(await kit.send()).toMatchObject({ sent: 0, nextDueAt: null });
  });

  it('tries a deferred address again after the back-off, and sends it once', async () => {
    const [only] = await releaseTo(1);
    kit.smtp.faults.defer = new Map([[only!, 'Greylisted, try again later']]);
    const start = new Date();

    const first = await kit.send(start);
    expect(first).toMatchObject({ sent: 0, failed: 0 });
    const [row] = await kit.outbox();
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row!.last_error).toContain('451 Greylisted');
    expect(row!.not_before.getTime() - start.getTime()).toBeGreaterThanOrEqual(BACKOFF_MINUTES[0]! * MINUTE_MS);
    expect(first.nextDueAt).toEqual(row!.not_before);

    kit.smtp.faults.defer = undefined;
    expect(await kit.send(new Date(start.getTime() + 30_000))).toMatchObject({ sent: 0 }); // not due yet
    expect(await kit.send(new Date(start.getTime() + 2 * MINUTE_MS))).toMatchObject({ sent: 1 });
    expect(recipients()).toEqual([only]);
  });

  it('loses nothing and sends nothing twice when the server drops the connection in the middle of a batch', async () => {
    const all = await releaseTo(10);
    kit.smtp.faults.dropAfter = 4;
    const start = new Date();
    await kit.send(start);
    expect(kit.smtp.received).toHaveLength(4);

    kit.smtp.faults.dropAfter = undefined;
    await kit.send(new Date(start.getTime() + 10 * MINUTE_MS));
    expect(recipients()).toEqual(all);
    expect((await kit.outbox()).every((row) => row.state === 'sent')).toBe(true);
  });

  it('keeps everything queued while the server is down, stops trying after a few failures, and sends it all once it is back', async () => {
    const all = await releaseTo(8);
    const downUrl = new URL(`smtp://127.0.0.1:${await freePort()}`);
    const working = kit.transport;
    kit.transport = smtpTransport({ smtpUrl: downUrl, from: MAIL_FROM });
    const start = new Date();
    expect(await kit.send(start)).toMatchObject({ sent: 0, failed: 0 });
    const rows = await kit.outbox();
    expect(rows.every((row) => row.state === 'pending')).toBe(true);
    expect(rows.filter((row) => row.attempts === 1)).toHaveLength(3);
    expect(rows.find((row) => row.attempts === 1)!.last_error).toMatch(/ECONNREFUSED/);

    await kit.transport.close();
    kit.transport = working;
    expect(await kit.send(new Date(start.getTime() + 2 * MINUTE_MS))).toMatchObject({ sent: 8 });
    expect(recipients()).toEqual(all);
  });

  it('waits for a slow server and sends each email once', async () => {
    const all = await releaseTo(3);
    kit.smtp.faults.delayMs = 400;
    expect(await kit.send()).toMatchObject({ sent: 3 });
    expect(recipients()).toEqual(all);
  });

  it('holds the configured rate and reuses one connection', async () => {
    await releaseTo(21);
    kit.ratePerMinute = 600; // one every 100 ms: 20 intervals take 2 s
    await kit.send();
    const times = kit.smtp.received.map((mail) => mail.receivedAt);
    expect(times).toHaveLength(21);
    const span = times.at(-1)! - times[0]!;
    expect(span).toBeGreaterThanOrEqual(2000 * 0.95);
    expect(span).toBeLessThan(2000 * 1.25); // loopback latency on a busy machine, never faster than the rate
    expect(kit.smtp.connections).toBe(1);
  });

  it('sends what a killed sender had claimed once its claim runs out, and not before', async () => {
    const all = await releaseTo(3);
    const start = new Date();
    await kit.send(start, { budgetMs: 0 }); // announces only
    await t.database.db
      .updateTable('mail_outbox')
      .set({ state: 'sending', claimed_until: new Date(start.getTime() + 20_000), attempts: 1 })
      .execute();

    expect(await kit.send(new Date(start.getTime() + 10_000))).toMatchObject({ sent: 0 });
    expect(await kit.send(new Date(start.getTime() + 21_000))).toMatchObject({ sent: 3 });
    expect(recipients()).toEqual(all);
  });

  it('notifies a scheduled chapter at its release time and not before', async () => {
    const storyId = await kit.insertStory('lantern-fleet');
    await kit.subscribe(storyId, ['ada@example.com']);
    const release = new Date(Date.now() + 60 * MINUTE_MS);
    await t.database.db
      .insertInto('chapters')
      .values({ story_id: storyId, chapter_number: 1, slug: 'one', title: 'One', content: 'Text.', status: 'draft', release_at: release })
      .execute();
    const rebuild = { schedule: () => {}, state: () => ({ publishing: false, last_published_at: null, last_error: null }) };

    await runDueReleases({ db: t.database.db, rebuild }, new Date(release.getTime() - 1));
    expect(await kit.send(new Date(release.getTime() - 1))).toMatchObject({ announced: 0, sent: 0 });
    await runDueReleases({ db: t.database.db, rebuild }, release);
    expect(await kit.send(release)).toMatchObject({ announced: 1, sent: 1 });
    expect(recipients()).toEqual(['ada@example.com']);
  });
});
