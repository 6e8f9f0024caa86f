// Admin -> Subscribers' mail status: what the outbox holds, retrying failures, and the test email
// sent at once through a real SMTP server on loopback.
import { describe, expect, it } from 'vitest';
import { createApp } from '#functions/app.ts';
import { MAIL_OFF_ADMIN } from '#functions/subscriptions/messages.ts';
import { useApiTestContext } from '#scripts/test/api.ts';
import { MAIL_FROM, mailTestKit } from './test-kit.ts';

const t = useApiTestContext();
const kit = mailTestKit(t);

/** A story with three followers, one of whom the server refuses; the release is sent. */
async function sentWithOneFailure() {
  const storyId = await kit.insertStory('lantern-fleet', { title: 'The Lantern Fleet' });
  await kit.subscribe(storyId, ['ada@example.com', 'bad@example.com', 'cy@example.com']);
  await kit.publishChapter(storyId, 2, { title: 'Crossing' });
  kit.smtp.faults.refuse = new Map([['bad@example.com', 'No such mailbox']]);
  await kit.send();
  kit.smtp.faults.refuse = undefined;
}

describe('the mail status', () => {
  it('shows the sender, the rate, the counts and the latest emails with the server answer', async () => {
    const cookie = await t.signedInAs('author');
    await sentWithOneFailure();
    await kit.subscribe(null, ['waiting@example.com'], 'pending');
    const [waiting] = await t.database.db.selectFrom('subscribers').select('id').where('email', '=', 'waiting@example.com').execute();
    await t.database.db.insertInto('mail_outbox').values({ kind: 'confirm', subscriber_id: waiting!.id }).execute();

    const body = await (await t.call('/api/admin/mail/status', { cookie })).json();
    expect(body).toMatchObject({
      success: true,
      mail_enabled: true,
      from: MAIL_FROM,
      rate_per_minute: kit.ratePerMinute,
      queued: 1,
      failed: 1,
    });
    const failed = body.recent.find((row: { state: string }) => row.state === 'failed');
    expect(failed).toMatchObject({
      kind: 'release',
      email: 'bad@example.com',
      story_title: 'The Lantern Fleet',
      chapter_number: 2,
      chapter_title: 'Crossing',
      attempts: 1,
      sent_at: null,
    });
    expect(failed.last_error).toContain('550 No such mailbox');
    expect(body.recent.find((row: { state: string }) => row.state === 'pending')).toMatchObject({
      kind: 'confirm',
      email: 'waiting@example.com',
      chapter_number: null,
    });
    expect(body.recent.filter((row: { state: string }) => row.state === 'sent')).toHaveLength(2);
  });

  it('says email is off, with nothing to show, on a site without SMTP_URL', async () => {
    const cookie = await t.signedInAs('admin');
    const { mail: _, ...withoutMail } = t.deps;
    const app = createApp(withoutMail);
    const status = await app.request('http://localhost:4321/api/admin/mail/status', { headers: { cookie } });
    expect(await status.json()).toEqual({
      success: true,
      mail_enabled: false,
      from: null,
      rate_per_minute: null,
      queued: 0,
      failed: 0,
      recent: [],
    });
    const test = await app.request('http://localhost:4321/api/admin/mail/test', {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost:4321', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'me@example.com' }),
    });
    expect(test.status).toBe(503);
    expect(await test.json()).toEqual({ success: false, error: MAIL_OFF_ADMIN });
  });

  it('tries a failed email again: it goes out once on the next run', async () => {
    const cookie = await t.signedInAs('author');
    await sentWithOneFailure();
    const failedId = (await kit.outbox()).find((row) => row.state === 'failed')!.id;

    const res = await t.call('/api/admin/mail/retry', { cookie, json: { id: failedId } });
    expect(await res.json()).toEqual({ success: true, retried: 1, message: '1 failed email will be tried again now.' });
    expect(await (await t.call('/api/admin/mail/retry', { cookie, json: {} })).json()).toMatchObject({ retried: 0 });
    await kit.send();
    expect(kit.smtp.received.map((mail) => mail.to[0]).sort()).toEqual(['ada@example.com', 'bad@example.com', 'cy@example.com']);
  });

  it('sends the test email at once, and shows the server answer when it refuses it', async () => {
    const cookie = await t.signedInAs('author');
    const sent = await t.call('/api/admin/mail/test', { cookie, json: { email: ' Me@Example.COM ' } });
    expect(await sent.json()).toEqual({ success: true, message: 'A test email was sent to me@example.com.' });
    expect(kit.smtp.received.map((mail) => [mail.to[0], mail.parsed.subject])).toEqual([
      ['me@example.com', 'Test email from your website'],
    ]);

    kit.smtp.faults.refuse = new Map([['me@example.com', 'Mailbox disabled']]);
    const refused = await t.call('/api/admin/mail/test', { cookie, json: { email: 'me@example.com' } });
    expect(refused.status).toBe(502);
    expect((await refused.json()).error).toMatch(/^The mail server refused the test email: 550 Mailbox disabled/);

    const bad = await t.call('/api/admin/mail/test', { cookie, json: { email: 'me@example.com\r\nBcc: x@example.com' } });
    expect(bad.status).toBe(400);
  });
});
