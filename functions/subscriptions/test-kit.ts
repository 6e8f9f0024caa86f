// Shared by the follow-by-email API tests: stories to follow, the rows a subscribe leaves, the
// links an email would carry, and the calls a reader's browser or a mail provider makes.
import type { ApiTestContext, CallOptions } from '#scripts/test/api.ts';
import type { RecordingMail } from '#scripts/test/recording-mail.ts';
import type { StoryStatus } from '#lib/stories.ts';
import { confirmToken, unsubscribeToken } from './tokens.ts';

export function subscriptionTestKit(t: ApiTestContext) {
  const db = () => t.database.db;
  let ipCounter = 0;

  const kit = {
    /** A story to follow; its title is the slug in title case. */
    async insertStory(slug = 'the-lantern-fleet', status: StoryStatus = 'published', title = 'The Lantern Fleet'): Promise<number> {
      const { id } = await db().insertInto('stories').values({ slug, title, status }).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    /** A subscribe as the island sends it, from an address of its own unless given (so the per-address limit stays out of the way). */
    subscribe(body: unknown, options: CallOptions = {}) {
      return t.call('/api/subscribe', { json: body, ip: `198.51.100.${(ipCounter++ % 250) + 1}`, ...options });
    },

    /** A form post as a page without JavaScript sends it. */
    formPost(path: string, fields: Record<string, string>, options: CallOptions = {}) {
      return t.call(path, {
        body: new URLSearchParams(fields).toString(),
        ...options,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...options.headers },
      });
    },

    subscribers: () => db().selectFrom('subscribers').selectAll().orderBy('id').execute(),
    outbox: () => db().selectFrom('mail_outbox').selectAll().orderBy('id').execute(),

    async subscriber(email: string, storyId: number | null = null) {
      return db()
        .selectFrom('subscribers')
        .selectAll()
        .where('email', '=', email)
        .where('story_id', storyId === null ? 'is' : '=', storyId)
        .executeTakeFirstOrThrow();
    },

    /** The confirmation link's token, as the email made now would carry it. */
    async confirmTokenOf(email: string, storyId: number | null = null) {
      return confirmToken(t.deps.sessionSecret, await kit.subscriber(email, storyId));
    },

    async unsubscribeTokenOf(email: string, storyId: number | null = null) {
      return unsubscribeToken(t.deps.sessionSecret, await kit.subscriber(email, storyId));
    },

    /** A subscription already confirmed, as if its reader had clicked the link. */
    async confirmedSubscriber(email: string, storyId: number | null = null) {
      const { id } = await db()
        .insertInto('subscribers')
        .values({ email, story_id: storyId, status: 'confirmed', confirmed_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    mail: () => t.deps.mail as RecordingMail,
  };
  return kit;
}
