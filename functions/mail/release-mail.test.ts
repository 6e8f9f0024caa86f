// Release notifications against a real SMTP server on loopback: who gets one, what it says, and
// that every chapter is announced once, whatever happens to it afterwards.
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { unsubscribeToken } from '#functions/subscriptions/tokens.ts';
import { DROP_CHAPTER_DELETED, DROP_STORY_HIDDEN } from './batch.ts';
import { ADULT_NOTICE } from './compose.ts';
import { SITE_URL, headerValue, mailTestKit } from './test-kit.ts';

const t = useApiTestContext();
const kit = mailTestKit(t);
const DAY_MS = 24 * 60 * 60 * 1000;

describe('release notifications', () => {
  it('sends one email per confirmed follower of the story or of every story, with both parts, the link and the RFC 8058 headers', async () => {
    const storyId = await kit.insertStory('lantern-fleet', {
      title: 'Die Laternenflotte: Öl & <Feuer>',
      cover_image: '/api/uploads/covers/fleet.webp',
    });
    const otherId = await kit.insertStory('other-story');
    const [storyFollower] = await kit.subscribe(storyId, ['ada@example.com', 'both@example.com']);
    await kit.subscribe(null, ['every@example.com', 'both@example.com']);
    await kit.subscribe(otherId, ['other@example.com']);
    await kit.subscribe(storyId, ['pending@example.com'], 'pending');
    await kit.publishChapter(storyId, 3, { title: 'Überfahrt <script>alert(1)</script>' });

    const run = await kit.send();
    expect(run).toMatchObject({ announced: 3, sent: 3, failed: 0, dropped: 0, nextDueAt: null });
    const subject = 'New chapter of Die Laternenflotte: Öl & <Feuer>: Chapter 3: Überfahrt <script>alert(1)</script>';
    expect(kit.deliveries()).toEqual([`ada@example.com: ${subject}`, `both@example.com: ${subject}`, `every@example.com: ${subject}`]);

    const mail = kit.smtp.received.find((one) => one.to[0] === 'ada@example.com')!;
    const token = await unsubscribeToken(t.deps.sessionSecret, { id: storyFollower!, email: 'ada@example.com' });
    expect(mail.parsed.from?.value).toEqual([{ address: 'news@author.example', name: 'Mara Quill' }]);
    expect(headerValue(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerValue(mail, 'List-Unsubscribe')).toBe(`<${SITE_URL}/api/unsubscribe?token=${token}>`);
    const link = `${SITE_URL}/storytime/story/lantern-fleet/chapter/3/`;
    const html = String(mail.parsed.html);
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('>Read chapter 3</a>');
    expect(html).toContain(`src="${SITE_URL}/api/uploads/covers/fleet.webp"`);
    expect(html).toContain(`href="${SITE_URL}/unsubscribe/?token=${token}"`);
    expect(html).toContain('Überfahrt &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(mail.parsed.text).toContain('The first paragraph of chapter 3, long enough to be quoted in the email.');
    expect(mail.parsed.text).not.toContain('The second paragraph.');
    expect(mail.parsed.text).toContain(`Read chapter 3: ${link}`);
    expect(mail.parsed.text).toContain(`Unsubscribe: ${SITE_URL}/unsubscribe/?token=${token}`);
    // Whoever follows the story and every story gets it through the story's subscription.
    const both = kit.smtp.received.find((one) => one.to[0] === 'both@example.com')!;
    expect(both.parsed.text).toContain('because you follow Die Laternenflotte: Öl & <Feuer>.');
    const every = kit.smtp.received.find((one) => one.to[0] === 'every@example.com')!;
    expect(every.parsed.text).toContain('because you follow every story by The Author.');
  });

  it('announces a chapter once: unpublished and published again, edited or renumbered, it sends nothing more', async () => {
    const storyId = await kit.insertStory('lantern-fleet');
    await kit.subscribe(storyId, ['ada@example.com']);
    const chapterId = await kit.publishChapter(storyId, 1);
    expect((await kit.send()).sent).toBe(1);

    const db = t.database.db;
    await db.updateTable('chapters').set({ status: 'draft' }).where('id', '=', chapterId).execute();
    await db.updateTable('chapters').set({ status: 'published', title: 'Edited', chapter_number: 2 }).where('id', '=', chapterId).execute();
    expect(await kit.send()).toMatchObject({ announced: 0, sent: 0 });
    expect(kit.smtp.received).toHaveLength(1);
  });

  it('lists several chapters released together in one email per follower', async () => {
    const storyId = await kit.insertStory('lantern-fleet', { title: 'The Lantern Fleet' });
    const otherId = await kit.insertStory('salt-roads', { title: 'Salt Roads' });
    await kit.subscribe(null, ['every@example.com']);
    await kit.subscribe(storyId, ['ada@example.com']);
    await kit.publishChapter(storyId, 4);
    await kit.publishChapter(storyId, 5);
    await kit.publishChapter(otherId, 1);

    expect(await kit.send()).toMatchObject({ announced: 5, sent: 2 });
    expect(kit.deliveries()).toEqual([
      'ada@example.com: 2 new chapters of The Lantern Fleet',
      'every@example.com: 3 new chapters by The Author',
    ]);
    const every = kit.smtp.received.find((one) => one.to[0] === 'every@example.com')!;
    for (const link of ['lantern-fleet/chapter/4/', 'lantern-fleet/chapter/5/', 'salt-roads/chapter/1/'])
      expect(every.parsed.text).toContain(link);
  });

  it('says an adult story is for adults and never quotes it; content warnings take the place of the paragraph', async () => {
    const adultId = await kit.insertStory('night-garden', { genres: ['Erotica'] });
    const warnedId = await kit.insertStory('hard-winter');
    await kit.subscribe(null, ['every@example.com']);
    await kit.publishChapter(adultId, 1, { content: 'A secret first paragraph that must never be in any email at all.' });
    await kit.publishChapter(warnedId, 1, {
      content: 'Another first paragraph that the warnings replace in the email.',
      content_warnings: ['violence', 'grief'],
    });

    await kit.send();
    const [mail] = kit.smtp.received;
    expect(mail!.parsed.text).toContain(ADULT_NOTICE);
    expect(mail!.parsed.text).toContain('Content warnings: violence, grief.');
    expect(mail!.raw).not.toContain('secret first paragraph');
    expect(mail!.raw).not.toContain('warnings replace');
  });

  it('does not mail the back catalogue: chapters published more than 7 days ago are marked announced without emails', async () => {
    const storyId = await kit.insertStory('lantern-fleet');
    await kit.subscribe(storyId, ['ada@example.com']);
    const oldId = await kit.publishChapter(storyId, 1, { published_at: new Date(Date.now() - 8 * DAY_MS) });

    expect(await kit.send()).toMatchObject({ announced: 0, sent: 0 });
    const old = await t.database.db.selectFrom('chapters').select('announced_at').where('id', '=', oldId).executeTakeFirstOrThrow();
    expect(old.announced_at).not.toBeNull();
  });

  it('waits while the story is a draft, and announces its chapters once readers can see it', async () => {
    const storyId = await kit.insertStory('lantern-fleet', { status: 'draft' });
    await kit.subscribe(null, ['every@example.com']);
    await kit.publishChapter(storyId, 1);
    expect(await kit.send()).toMatchObject({ announced: 0, sent: 0 });

    await t.database.db.updateTable('stories').set({ status: 'published' }).where('id', '=', storyId).execute();
    expect(await kit.send()).toMatchObject({ announced: 1, sent: 1 });
  });

  it('drops queued emails whose chapter was deleted or whose story was hidden, with the reason', async () => {
    const storyId = await kit.insertStory('lantern-fleet');
    const hiddenId = await kit.insertStory('hidden-later');
    await kit.subscribe(null, ['every@example.com']);
    await kit.publishChapter(storyId, 1);
    await kit.publishChapter(hiddenId, 1);
    // Queued now, sent later: a run that only announces (no time left to send).
    expect(await kit.send(new Date(), { budgetMs: 0 })).toMatchObject({ announced: 2, sent: 0 });
    await t.database.db.deleteFrom('stories').where('id', '=', storyId).execute();
    await t.database.db.updateTable('stories').set({ status: 'draft' }).where('id', '=', hiddenId).execute();

    expect(await kit.send()).toMatchObject({ sent: 0, dropped: 2 });
    expect(kit.smtp.received).toEqual([]);
    expect((await kit.outbox()).map((row) => [row.state, row.last_error]).sort()).toEqual([
      ['dropped', DROP_CHAPTER_DELETED],
      ['dropped', DROP_STORY_HIDDEN],
    ]);
  });

  it('forgets addresses left unconfirmed for 30 days after their last link', async () => {
    await kit.subscribe(null, ['old@example.com', 'new@example.com'], 'pending');
    await t.database.db
      .updateTable('subscribers')
      .set({ token_issued_at: new Date(Date.now() - 31 * DAY_MS) })
      .where('email', '=', 'old@example.com')
      .execute();
    await kit.send();
    expect((await t.database.db.selectFrom('subscribers').select('email').execute()).map((row) => row.email)).toEqual(['new@example.com']);
  });
});
