// How the Subscribers screen words its rows: a subscription's scope, an email of the outbox and
// its state (docs/product.md, The Subscribers screen).
import type { OutboxRow, OutboxState, ScopeCount } from './api.ts';

export { localDate } from '../moderation/display.ts';

export const EVERY_STORY = 'Every story';

/** The story titles by slug, from the counts (they name every story that has a follower). */
export function titlesBySlug(counts: readonly ScopeCount[]): Map<string, string> {
  return new Map(counts.flatMap(({ story_slug, story_title }) => (story_slug ? [[story_slug, story_title ?? story_slug]] : [])));
}

/** What a subscription follows: a story's title (its slug when the title is unknown) or every story. */
export function scopeLabel(slug: string | null, titles: ReadonlyMap<string, string>): string {
  return slug === null ? EVERY_STORY : (titles.get(slug) ?? slug);
}

/** What an email of the outbox was: the confirmation link, or a chapter's release. */
export function outboxSubject(row: OutboxRow): string {
  if (row.kind === 'confirm') return 'Confirmation link';
  if (row.chapter_number === null) return 'A chapter since deleted';
  const chapter = `Chapter ${row.chapter_number}${row.chapter_title ? `: ${row.chapter_title}` : ''}`;
  return row.story_title ? `${chapter} (${row.story_title})` : chapter;
}

export const STATE_LABEL: Record<OutboxState, string> = {
  pending: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  dropped: 'Dropped',
};
