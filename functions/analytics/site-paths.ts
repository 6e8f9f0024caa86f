// The pages the site has, as a reader's browser names them (src/lib/reader-urls.ts,
// src/lib/gallery-urls.ts): the Pages table counts only these, since anyone can send a page view
// of any path (decision 21).
import { type RawBuilder, sql } from 'kysely';
import { GALLERIES_PATH } from '#lib/gallery-urls.ts';
import { STORIES_PATH } from '#lib/reader-urls.ts';

/** Every page's path, without a trailing slash, one per row (`path`): a FROM item. */
const sitePaths = sql`(
  select unnest(array['/', ${STORIES_PATH}, ${GALLERIES_PATH}]::text[]) as path
  union all select ${`${STORIES_PATH}/story/`} || slug from stories
  union all
  select ${`${STORIES_PATH}/story/`} || s.slug || '/chapter/' || ch.chapter_number
  from chapters ch join stories s on s.id = ch.story_id
  union all select ${`${GALLERIES_PATH}/`} || slug from galleries
)`;

/** Whether `path` (a page view's url_path) is one of the site's pages; pages answer with or without a trailing slash. */
export function isSitePath(path: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`(case when ${path} = '/' then '/' else rtrim(${path}, '/') end) in (select path from ${sitePaths} as site_paths)`;
}
