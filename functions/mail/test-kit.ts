// Shared by the mail test files: a real SMTP server on loopback, the Node transport pointed at
// it, the sender run against the test database, and rows straight into the database.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { MailDeps, MailTransport } from '#core/mail.ts';
import type { ApiTestContext } from '#scripts/test/api.ts';
import { smtpTransport } from '#scripts/server/smtp-transport.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '#scripts/test/smtp-server.ts';
import { type SendOptions, sendDueMail } from './send-due.ts';

export const SITE_URL = 'https://author.example';
export const MAIL_FROM = 'Mara Quill <news@author.example>';

/** A header of a received message as sent, unfolded (mailparser reads List-* headers into other shapes). */
export function headerValue(mail: ReceivedMail, name: string): string | undefined {
  const line = mail.parsed.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line
    ?.slice(name.length + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
}

export function mailTestKit(t: ApiTestContext) {
  const kit = {
    smtp: undefined as unknown as TestSmtpServer,
    transport: undefined as unknown as MailTransport,
    /** Sends at this rate unless a test changes it (fast, so tests do not wait on pacing). */
    ratePerMinute: 60_000,

    mailDeps(): MailDeps {
      return { transport: kit.transport, from: MAIL_FROM, ratePerMinute: kit.ratePerMinute, siteUrl: SITE_URL };
    },

    send(now = new Date(), options?: SendOptions) {
      return sendDueMail({ db: t.database.db, sessionSecret: t.deps.sessionSecret, mail: kit.mailDeps() }, now, options);
    },

    async insertStory(
      slug: string,
      fields: { title?: string; status?: 'draft' | 'published'; genres?: string[]; cover_image?: string } = {},
    ) {
      const { id } = await t.database.db
        .insertInto('stories')
        .values({ slug, title: slug, status: 'published', ...fields })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** A chapter just published (not announced yet); returns its id. */
    async publishChapter(
      storyId: number,
      chapterNumber: number,
      fields: { title?: string; content?: string; content_warnings?: string[]; published_at?: Date } = {},
    ) {
      const { id } = await t.database.db
        .insertInto('chapters')
        .values({
          story_id: storyId,
          chapter_number: chapterNumber,
          slug: `chapter-${chapterNumber}`,
          title: `Chapter title ${chapterNumber}`,
          content: `The first paragraph of chapter ${chapterNumber}, long enough to be quoted in the email.\n\nThe second paragraph.`,
          status: 'published',
          published_at: new Date(),
          ...fields,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async subscribe(storyId: number | null, emails: string[], status: 'pending' | 'confirmed' = 'confirmed') {
      const rows = await t.database.db
        .insertInto('subscribers')
        .values(emails.map((email) => ({ email, story_id: storyId, status, confirmed_at: status === 'confirmed' ? new Date() : null })))
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    outbox: () => t.database.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute(),

    /** Who received which subject, sorted, for exact comparisons. */
    deliveries: () => kit.smtp.received.map((mail) => `${mail.to.join(',')}: ${mail.parsed.subject}`).sort(),
  };

  beforeAll(async () => {
    kit.smtp = await startSmtpServer();
  });
  afterAll(() => kit.smtp.close());
  beforeEach(() => {
    kit.smtp.received.length = 0;
    kit.smtp.connections = 0;
    for (const key of Object.keys(kit.smtp.faults)) delete kit.smtp.faults[key as keyof typeof kit.smtp.faults];
    kit.ratePerMinute = 60_000;
    kit.transport = smtpTransport({ smtpUrl: new URL(kit.smtp.url), from: MAIL_FROM });
  });
  afterEach(() => kit.transport.close());
  return kit;
}
