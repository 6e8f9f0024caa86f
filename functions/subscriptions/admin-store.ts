// The author's view of the list (docs/product.md, Following by email): who follows what, how
// many per story, and every row for the CSV export.
import { type Kysely, sql } from 'kysely';
import type { Database, SubscriberStatus } from '#db/types.ts';
import type { SubscriberListQuery } from './schema.ts';

type Db = Kysely<Database>;

/** Rows one list answer holds at most; `total` says how many matched. */
export const SUBSCRIBER_LIST_LIMIT = 500;

export interface SubscriberListRow {
  id: number;
  email: string;
  story_slug: string | null;
  status: SubscriberStatus;
  created_at: Date;
  confirmed_at: Date | null;
}

export interface ScopeCount {
  story_slug: string | null;
  story_title: string | null;
  pending: number;
  confirmed: number;
}

/** `q` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function matching(db: Db, { q, story_slug, status }: SubscriberListQuery) {
  return db
    .selectFrom('subscribers as s')
    .leftJoin('stories as st', 'st.id', 's.story_id')
    .$if(Boolean(q), (qb) => qb.where('s.email', 'ilike', containing(q!)))
    .$if(story_slug === 'all', (qb) => qb.where('s.story_id', 'is', null))
    .$if(story_slug !== undefined && story_slug !== 'all', (qb) => qb.where('st.slug', '=', story_slug!))
    .$if(status !== undefined, (qb) => qb.where('s.status', '=', status!));
}

const LIST_COLUMNS = ['s.id', 's.email', 'st.slug as story_slug', 's.status', 's.created_at', 's.confirmed_at'] as const;

export const subscriberAdminStore = {
  /** The newest matches first, at most `limit`, and how many matched in all. */
  async list(db: Db, query: SubscriberListQuery, limit = SUBSCRIBER_LIST_LIMIT): Promise<{ rows: SubscriberListRow[]; total: number }> {
    const rows = await matching(db, query)
      .select(LIST_COLUMNS)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(limit)
      .execute();
    const { total } = await matching(db, query)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(total) };
  },

  /** Pending and confirmed per scope: every story first, then the stories by title. */
  async counts(db: Db): Promise<ScopeCount[]> {
    const rows = await db
      .selectFrom('subscribers as s')
      .leftJoin('stories as st', 'st.id', 's.story_id')
      .select([
        'st.slug as story_slug',
        'st.title as story_title',
        sql<number>`count(*) filter (where s.status = 'pending')`.as('pending'),
        sql<number>`count(*) filter (where s.status = 'confirmed')`.as('confirmed'),
      ])
      .groupBy(['s.story_id', 'st.slug', 'st.title'])
      .orderBy(sql`s.story_id is null`, 'desc')
      .orderBy('st.title')
      .execute();
    return rows.map((row) => ({ ...row, pending: Number(row.pending), confirmed: Number(row.confirmed) }));
  },

  /** Every subscription, oldest first, for the CSV export. */
  async all(db: Db): Promise<SubscriberListRow[]> {
    return db
      .selectFrom('subscribers as s')
      .leftJoin('stories as st', 'st.id', 's.story_id')
      .select(LIST_COLUMNS)
      .orderBy('s.id')
      .execute();
  },
};
