// Story queries. Chapter counts and the start chapter come from the chapters table in the same
// query; `publishedOnly` decides whether readers' numbers (published chapters) or staff's (all).
import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import { DEFAULT_COVER, DEFAULT_PAGE_BREAK, type Story, type StoryStatus } from '#lib/stories.ts';
import type { StoryCreate, StoryUpdate } from './schema.ts';

type Db = Kysely<Database>;

interface StoryFilter {
  status?: StoryStatus;
  slug?: string;
  id?: number;
  /** Count and start from published chapters only (what readers see). */
  publishedOnly: boolean;
}

function selectStories(db: Db, { status, slug, id, publishedOnly }: StoryFilter) {
  const chapterStats = db
    .selectFrom('chapters')
    .select((eb) => ['story_id', eb.fn.countAll<number>().as('chapter_count'), eb.fn.min<number>('chapter_number').as('first_chapter')])
    .$if(publishedOnly, (qb) => qb.where('status', '=', 'published'))
    .groupBy('story_id')
    .as('stats');
  const nextRelease = db
    .selectFrom('chapters')
    .select((eb) => ['story_id', eb.fn.min('release_at').as('next_release_at')])
    .where('status', '=', 'draft')
    .where('release_at', 'is not', null)
    .groupBy('story_id')
    .as('releases');
  return db
    .selectFrom('stories')
    .leftJoin(chapterStats, 'stats.story_id', 'stories.id')
    .leftJoin(nextRelease, 'releases.story_id', 'stories.id')
    .selectAll('stories')
    .select('releases.next_release_at')
    .select([
      sql<number>`coalesce(stats.chapter_count, 0)::int`.as('chapter_count'),
      sql<number>`coalesce(stats.first_chapter, 1)::int`.as('first_chapter'),
    ])
    .$if(status !== undefined, (qb) => qb.where('stories.status', '=', status!))
    .$if(slug !== undefined, (qb) => qb.where('stories.slug', '=', slug!))
    .$if(id !== undefined, (qb) => qb.where('stories.id', '=', id!))
    .orderBy('stories.created_at', 'desc')
    .orderBy('stories.id', 'desc');
}

type StoryRow = Awaited<ReturnType<ReturnType<typeof selectStories>['executeTakeFirstOrThrow']>>;

function toStory(row: StoryRow): Story {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    blurb: row.blurb,
    cover_image: row.cover_image,
    cover: row.cover_image ?? DEFAULT_COVER,
    break_image: row.break_image,
    breakImage: row.break_image ?? DEFAULT_PAGE_BREAK,
    startIndex: row.first_chapter,
    status: row.status,
    genres: row.genres as Story['genres'],
    primary_keywords: row.primary_keywords,
    longtail_keywords: row.longtail_keywords,
    target_audience: row.target_audience,
    release_schedule: row.release_schedule,
    age_gate: row.age_gate,
    next_release_at: row.next_release_at ? new Date(row.next_release_at).toISOString() : null,
    chapter_count: row.chapter_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const storyStore = {
  async list(db: Db, filter: StoryFilter): Promise<Story[]> {
    return (await selectStories(db, filter).execute()).map(toStory);
  },

  async find(db: Db, filter: StoryFilter): Promise<Story | null> {
    const row = await selectStories(db, filter).executeTakeFirst();
    return row ? toStory(row) : null;
  },

  async slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
    const row = await db
      .selectFrom('stories')
      .select('id')
      .where('slug', '=', slug)
      .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId!))
      .executeTakeFirst();
    return row !== undefined;
  },

  async create(db: Db, story: StoryCreate): Promise<number> {
    const { id } = await db.insertInto('stories').values(story).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  /** False when there is no such story. */
  async update(db: Db, { id, ...fields }: StoryUpdate): Promise<boolean> {
    const result = await db
      .updateTable('stories')
      .set({ ...fields, updated_at: sql`now()` })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** Deletes the story and, by cascade, its chapters with their likes and comments. */
  async delete(db: Db, id: number): Promise<boolean> {
    const result = await db.deleteFrom('stories').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },
};
