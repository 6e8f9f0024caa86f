import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';

export interface QuickStats {
  galleries: number;
  stories: number;
  comments: number;
  total_likes: number;
}

export async function readQuickStats(db: Kysely<Database>): Promise<QuickStats> {
  const { rows } = await sql<QuickStats>`
    select
      (select count(*) from galleries)::int as galleries,
      (select count(*) from stories)::int as stories,
      ((select count(*) from image_comments) + (select count(*) from chapter_comments))::int as comments,
      ((select count(*) from image_likes) + (select count(*) from chapter_likes))::int as total_likes
  `.execute(db);
  return rows[0]!;
}
