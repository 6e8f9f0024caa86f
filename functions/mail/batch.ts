// Turns a claimed batch into emails: one per subscriber, listing every chapter due to it (several
// released together arrive as one email), or its confirmation link. Rows that must not be sent
// any more (chapter deleted or unpublished, story hidden) are set aside with the reason.
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import type { MailMessage } from '#core/mail.ts';
import { confirmToken, unsubscribeToken } from '#functions/subscriptions/tokens.ts';
import { confirmMail, type ReleasedChapter, type ReleasedStory, releaseMail } from './compose.ts';
import type { ClaimedRow } from './outbox-store.ts';

export interface PlannedMail {
  rows: ClaimedRow[];
  message: MailMessage;
}

export interface BatchPlan {
  mails: PlannedMail[];
  drops: { rows: ClaimedRow[]; reason: string }[];
}

export interface PlanContext {
  db: Kysely<Database>;
  sessionSecret: Uint8Array;
  siteUrl: string;
  authorName: string;
}

export const DROP_CHAPTER_DELETED = 'The chapter was deleted before this email went out.';
export const DROP_CHAPTER_UNPUBLISHED = 'The chapter was unpublished before this email went out.';
export const DROP_STORY_HIDDEN = 'The story was hidden from readers before this email went out.';
export const DROP_ALREADY_CONFIRMED = 'The address was confirmed before this email went out.';
export const DROP_NOT_CONFIRMED = 'The subscription is not confirmed.';

async function loadRows(db: Kysely<Database>, ids: number[]) {
  return db
    .selectFrom('mail_outbox as o')
    .innerJoin('subscribers as s', 's.id', 'o.subscriber_id')
    .leftJoin('stories as scope', 'scope.id', 's.story_id')
    .leftJoin('chapters as c', 'c.id', 'o.chapter_id')
    .leftJoin('stories as st', 'st.id', 'c.story_id')
    .select(['o.id', 's.email', 's.status as subscriber_status', 's.token_issued_at', 'scope.title as scope_title'])
    .select(['c.chapter_number', 'c.title as chapter_title', 'c.content', 'c.content_warnings', 'c.status as chapter_status'])
    .select(['st.slug', 'st.title as story_title', 'st.cover_image', 'st.genres', 'st.target_audience', 'st.status as story_status'])
    .where('o.id', 'in', ids)
    .orderBy('st.title')
    .orderBy('c.chapter_number')
    .execute();
}
type LoadedRow = Awaited<ReturnType<typeof loadRows>>[number];

function dropReason(claimed: ClaimedRow, row: LoadedRow): string | null {
  if (claimed.kind === 'confirm') return row.subscriber_status === 'pending' ? null : DROP_ALREADY_CONFIRMED;
  if (row.subscriber_status !== 'confirmed') return DROP_NOT_CONFIRMED;
  if (row.chapter_status === null) return DROP_CHAPTER_DELETED;
  if (row.chapter_status !== 'published') return DROP_CHAPTER_UNPUBLISHED;
  if (row.story_status !== 'published') return DROP_STORY_HIDDEN;
  return null;
}

/** Plans the emails of a claimed batch. Rows whose subscriber is gone meanwhile went with it. */
export async function planBatch(ctx: PlanContext, claimed: ClaimedRow[]): Promise<BatchPlan> {
  const loaded = new Map(
    (
      await loadRows(
        ctx.db,
        claimed.map((row) => row.id),
      )
    ).map((row) => [row.id, row]),
  );
  const plan: BatchPlan = { mails: [], drops: [] };
  const bySubscriber = new Map<number, { row: LoadedRow; claimed: ClaimedRow }[]>();
  for (const row of claimed) {
    const data = loaded.get(row.id);
    if (!data) continue;
    const reason = dropReason(row, data);
    if (reason) plan.drops.push({ rows: [row], reason });
    else bySubscriber.set(row.subscriber_id, [...(bySubscriber.get(row.subscriber_id) ?? []), { row: data, claimed: row }]);
  }
  for (const [subscriberId, entries] of bySubscriber) {
    const first = entries[0]!.row;
    const subject = { id: subscriberId, email: first.email, token_issued_at: first.token_issued_at };
    const confirm = entries.find((entry) => entry.claimed.kind === 'confirm');
    if (confirm) {
      // A confirmation always goes alone: nothing else is sent before the reader clicked it.
      const confirmUrl = `${ctx.siteUrl}/subscribe/confirm/?token=${await confirmToken(ctx.sessionSecret, subject)}`;
      const composed = confirmMail({ authorName: ctx.authorName, scopeTitle: first.scope_title, confirmUrl });
      plan.mails.push({ rows: [confirm.claimed], message: { to: first.email, ...composed } });
      continue;
    }
    const token = await unsubscribeToken(ctx.sessionSecret, subject);
    const composed = releaseMail({
      siteUrl: ctx.siteUrl,
      authorName: ctx.authorName,
      scopeTitle: first.scope_title,
      unsubscribeUrl: `${ctx.siteUrl}/unsubscribe/?token=${token}`,
      items: entries.map(({ row }) => ({ story: storyOf(row), chapter: chapterOf(row) })),
    });
    plan.mails.push({
      rows: entries.map((entry) => entry.claimed),
      message: {
        to: first.email,
        ...composed,
        // RFC 8058 one-click unsubscribe, as Gmail and Yahoo require of bulk senders.
        headers: {
          'List-Unsubscribe': `<${ctx.siteUrl}/api/unsubscribe?token=${token}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
    });
  }
  return plan;
}

const storyOf = (row: LoadedRow): ReleasedStory => ({
  slug: row.slug!,
  title: row.story_title!,
  cover_image: row.cover_image,
  genres: row.genres ?? [],
  target_audience: row.target_audience ?? '',
});

const chapterOf = (row: LoadedRow): ReleasedChapter => ({
  chapter_number: row.chapter_number!,
  title: row.chapter_title!,
  content: row.content!,
  content_warnings: row.content_warnings ?? [],
});
