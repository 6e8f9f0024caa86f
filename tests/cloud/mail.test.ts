// Following by email in workerd, against a real SMTP server on loopback (the worker's SMTP_URL
// names it, scripts/cloud/run.ts): subscribe, the confirmation sent by the cron, confirm, a
// release notified exactly once with the one-click unsubscribe headers, the one-click POST as a
// mail provider sends it, and nothing more after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterPath } from '#lib/reader-urls.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '#scripts/test/smtp-server.ts';
import { FOLLOWED_STORY } from '#scripts/cloud/followed-story.ts';
import { answer, BASE_URL, call, signInAsAdmin } from './client.ts';

const SMTP_PORT = Number(process.env['CLOUD_SMTP_PORT']);

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer(SMTP_PORT);
});
afterAll(() => smtp.close());

/** wrangler dev --test-scheduled: runs the worker's scheduled() handler, which sends what is due before it answers. */
async function runCron(): Promise<void> {
  expect((await fetch(`${BASE_URL}/__scheduled?cron=*+*+*+*+*`)).status).toBe(200);
}

const to = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
const linkIn = (mail: ReceivedMail, path: string) =>
  new RegExp(`${BASE_URL}${path}\\?token=([^\\s"<&]+)`).exec(mail.parsed.text ?? '')?.[1];

/** Publishes the followed story's chapter `number` (scripts/cloud/followed-story.ts built its page as deployed). */
async function publishBuiltChapter(cookie: string, storyId: number, number: number) {
  const listed = await answer(call(`/api/chapters/list?story_id=${storyId}&chapter_number=${number}`, { cookie }));
  const [chapter] = listed.body.chapters;
  const published = await answer(call('/api/chapters/update', { cookie, json: { id: chapter.id, status: 'published' } }));
  expect(published).toMatchObject({ status: 200, body: { chapter: { status: 'published' } } });
}

/** Publishes a new chapter, whose page no deploy has written. */
async function publishNewChapter(cookie: string, storyId: number, number: number, title: string) {
  const created = await answer(
    call('/api/chapters/create', {
      cookie,
      json: {
        story_id: storyId,
        title,
        slug: `part-${number}`,
        content: `<p>The ${title} begins.</p>`,
        chapter_number: number,
        status: 'published',
      },
    }),
  );
  expect(created).toMatchObject({ status: 201, body: { chapter: { status: 'published' } } });
}

describe('following a story by email, in the worker', () => {
  it('confirms by the emailed link, notifies one release once, and unsubscribes in one click', async () => {
    const cookie = await signInAsAdmin();
    const slug = FOLLOWED_STORY.slug;
    const READER = `reader-${Date.now()}@example.com`; // a retry of the test follows afresh
    const story = await answer(call(`/api/stories/list?slug=${slug}`, { cookie }));
    const storyId = story.body.stories[0].id;

    const subscribed = await answer(call('/api/subscribe', { json: { email: READER, story_slug: slug } }));
    expect(subscribed).toMatchObject({ status: 202, body: { success: true } });
    expect(to(READER)).toEqual([]); // queued, not sent inline
    await runCron();
    const [confirmation] = to(READER);
    expect(confirmation).toBeDefined();
    expect(smtp.logins.at(-1)).toBe('news@author.example');
    expect(confirmation!.parsed.from?.value[0]).toEqual({ name: 'Cloud Tëst', address: 'news@author.example' });
    const confirmToken = linkIn(confirmation!, '/subscribe/confirm/');
    expect(confirmToken).toBeTruthy();

    const confirmed = await answer(call('/api/subscribe/confirm', { json: { token: decodeURIComponent(confirmToken!) } }));
    expect(confirmed).toMatchObject({ status: 200, body: { success: true, story_slug: slug, story_title: 'Followed Tidings' } });

    // A chapter whose page no deploy has written yet is not announced: the email would lead nowhere.
    await publishNewChapter(cookie, storyId, 3 + (Date.now() % 1000), 'Undeployed Light'); // a retry needs a free number
    await runCron();
    expect(to(READER)).toHaveLength(1);
    await publishBuiltChapter(cookie, storyId, 1);
    await runCron();
    await runCron(); // a second run sends nothing again
    const notices = to(READER).slice(1);
    expect(notices).toHaveLength(1);
    const notice = notices[0]!;
    expect(notice.parsed.subject).toContain('First Light');
    expect(notice.parsed.text).not.toContain('Undeployed Light');
    expect(notice.parsed.html).toContain(`<a href="${BASE_URL}${chapterPath(slug, 1)}/"`);
    expect(notice.parsed.text).toContain('First Light');
    const unsubscribeHeader = /^List-Unsubscribe: <([^>]+)>\r$/m.exec(notice.raw)?.[1];
    expect(unsubscribeHeader).toMatch(new RegExp(`^${BASE_URL}/api/unsubscribe\\?token=`));
    expect(notice.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);

    // As a mail provider posts it: form-encoded, no cookie, no Origin header.
    const oneClick = await fetch(unsubscribeHeader!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
      redirect: 'manual',
    });
    expect(oneClick.status).toBe(200);

    await publishBuiltChapter(cookie, storyId, 2);
    await runCron();
    expect(to(READER)).toHaveLength(2);
  }, 120_000);
});
