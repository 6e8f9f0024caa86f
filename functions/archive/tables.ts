// Which tables an archive holds, in the order they are written (parents before children), and
// why the others stay out. Read with db/types.ts and db/migrations: a new table must be placed
// here or in LEFT_OUT, which functions/archive/tables.test.ts checks against the database.

export interface ArchivedTable {
  name: string;
  /** The primary key's columns: rows are written to the archive in this order. */
  key: readonly string[];
  /** The sequence behind the id column, set past the imported ids (null: no generated ids). */
  sequence: 'own' | 'comment_ids' | null;
  analytics: boolean;
  /** Columns archived as null: what they hold does not travel (see the tables below). */
  blanked?: readonly string[];
  /**
   * Columns written from an SQL expression over the archived row `r` instead of its value: a
   * reference to something the archive does not carry.
   */
  importedAs?: Readonly<Record<string, string>>;
  /** Columns that refer to a table written after this one: written once every table is in. */
  linkedLater?: readonly string[];
}

const table = (
  name: string,
  key: readonly string[],
  sequence: ArchivedTable['sequence'],
  more: Partial<Pick<ArchivedTable, 'analytics' | 'blanked' | 'importedAs' | 'linkedLater'>> = {},
): ArchivedTable => ({ name, key, sequence, analytics: false, ...more });

/** The column's account id when this installation has that account, else null. */
const knownUser = (column: string) => `case when exists (select 1 from users u where u.id = r.${column}) then r.${column} end`;

export const ARCHIVED_TABLES: readonly ArchivedTable[] = [
  table('author_profile', ['id'], null),
  table('social_links', ['platform'], null),
  table('stories', ['id'], 'own'),
  table('chapters', ['id'], 'own'),
  // The hero is one of the gallery's images, which come next.
  table('galleries', ['id'], 'own', { linkedLater: ['hero_image_id'] }),
  table('gallery_images', ['id'], 'own'),
  // Both comment tables draw ids from one sequence (migration 2026-11-22T0300_moderation).
  table('chapter_comments', ['id'], 'comment_ids'),
  table('image_comments', ['id'], 'comment_ids'),
  table('chapter_likes', ['id'], 'own'),
  // Who wrote a revision or an autosave is kept only where that account exists (accounts are not archived).
  table('chapter_revisions', ['id'], 'own', { importedAs: { created_by: knownUser('created_by') } }),
  table('chapter_autosaves', ['chapter_id'], null, { importedAs: { saved_by: knownUser('saved_by') } }),
  table('chapter_redirects', ['story_id', 'old_number'], null),
  table('image_likes', ['id'], 'own'),
  // Accounts are not archived: who banned an address is kept only where that account exists.
  table('banned_ips', ['id'], 'own', { importedAs: { banned_by: knownUser('banned_by') } }),
  // The author's mailing list travels with the site (docs/product.md, Following by email).
  table('subscribers', ['id'], 'own'),
  table('analytics_events', ['id'], 'own', { analytics: true }),
  table('analytics_daily_totals', ['day'], null, { analytics: true }),
  table('analytics_daily_segments', ['segment', 'day', 'value'], null, { analytics: true }),
  table('analytics_daily_content', ['kind', 'day', 'content_id', 'parent_id'], null, { analytics: true }),
  // periods_day null: the period cache is not archived, so the importing site has none yet.
  table('analytics_rollup_state', ['id'], null, { analytics: true, blanked: ['periods_day'] }),
];

/**
 * Tables no archive holds. Secrets and per-installation state: accounts and their password
 * hashes, sign-in throttles, sessions signed out, rate-limit counters, the deploy hook's state and the analytics salts
 * (whose whole point is that old visitor hashes can no longer be recomputed). Derived: the analytics period cache,
 * recomputed from the daily rollups (the archived rollup state says it is empty). The import's own
 * journal (journal.ts) describes this installation's files, not the site. The mail outbox is this
 * installation's sending state (what it sent and what is queued), not the site's content.
 */
export const LEFT_OUT_TABLES = [
  'users',
  'login_throttle',
  'revoked_sessions',
  'rate_limit_counters',
  'deploy_hook_state',
  'analytics_salts',
  'analytics_period_content',
  'archive_imports',
  'mail_outbox',
] as const;

/**
 * Left-out tables whose rows point at archived rows: an import empties them with the tables it
 * replaces (the queued emails were for the subscribers and chapters being replaced).
 */
export const EMPTIED_ON_IMPORT: readonly (typeof LEFT_OUT_TABLES)[number][] = ['mail_outbox'];

export function tablesFor(analytics: boolean): ArchivedTable[] {
  return ARCHIVED_TABLES.filter((t) => analytics || !t.analytics);
}

/** Chapters are archived as Markdown files, every other table as one JSON file of its rows. */
export const CHAPTERS_TABLE = 'chapters';
