// Where the site uses an uploaded file of the Upload Manager: story covers and page breaks, the
// author's picture and backgrounds, images and links in blurbs, descriptions and chapters, and
// gallery images. Found in one pass over the content (a query per table, not per file). A file in
// use is only deleted when the author insists; its references are then cleared by the rule in
// docs/product.md ("Deleting an upload that is in use").
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import { MANAGED_FOLDERS, type UploadListing } from '#lib/upload-kinds.ts';
import { type AppDeps, nowOf } from '#core/env.ts';
import { AppError } from '#core/errors.ts';
import { deleteStoredFiles } from '#core/storage.ts';
import { managedKeyOf } from './store.ts';
import { withoutUpload } from './markdown-references.ts';

type ImageColumn = 'cover_image' | 'break_image';
type ProfileColumn = 'profile_image' | 'background_image_light' | 'background_image_dark';
type TextColumn = 'blurb' | 'description';

/** One use of a file, as the admin names it, and the row that a forced delete changes. */
export interface UploadUse {
  label: string;
  target:
    | { table: 'stories'; id: number; column: ImageColumn | TextColumn }
    | { table: 'chapters'; id: number; column: 'content' }
    | { table: 'author_profile'; column: ProfileColumn }
    | { table: 'gallery_images'; id: number };
}

const KEY_IN_TEXT = new RegExp(`uploads/((?:${MANAGED_FOLDERS.join('|')})/[A-Za-z0-9_-][A-Za-z0-9._-]*)`, 'g');

/** Every managed key that `text` mentions in any spelling of its address ("/api/uploads/…", "https://…/uploads/…"). */
function keysIn(text: string | null): string[] {
  if (!text) return [];
  const keys = [...text.matchAll(KEY_IN_TEXT)].map((match) => match[1]!.replace(/\.+$/, '')); // not a sentence's full stop
  const own = managedKeyOf(text); // an image field may hold the bare key ("covers/x.png")
  return own ? [...keys, own] : keys;
}

/** `column` mentions one of `needles`; LIKE's own wildcards in them are taken literally. */
function mentions<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, columns: string[], needles: string[]): Expression<SqlBool> {
  const patterns = needles.map((needle) => `%${needle.replace(/[\\%_]/g, '\\$&')}%`);
  return eb.or(columns.flatMap((column) => patterns.map((pattern) => sql<SqlBool>`${sql.ref(column)} like ${pattern}`)));
}

/**
 * The uses of every managed file, by key; with `onlyKey`, of that file only (the database then
 * returns just the rows that mention it).
 */
export async function uploadUses(db: Kysely<Database>, onlyKey?: string): Promise<Map<string, UploadUse[]>> {
  const needles = onlyKey ? [onlyKey] : MANAGED_FOLDERS.map((folder) => `${folder}/`);
  const [profile, stories, chapters, images] = await Promise.all([
    db.selectFrom('author_profile').select(['profile_image', 'background_image_light', 'background_image_dark']).executeTakeFirst(),
    db
      .selectFrom('stories')
      .select(['id', 'title', 'cover_image', 'break_image', 'blurb', 'description'])
      .where((eb) => mentions(eb, ['cover_image', 'break_image', 'blurb', 'description'], needles))
      .orderBy('title')
      .execute(),
    db
      .selectFrom('chapters')
      .innerJoin('stories', 'stories.id', 'chapters.story_id')
      .select(['chapters.id', 'chapters.chapter_number', 'chapters.content', 'stories.title'])
      .where((eb) => mentions(eb, ['chapters.content'], needles))
      .orderBy('stories.title')
      .orderBy('chapters.chapter_number')
      .execute(),
    db
      .selectFrom('gallery_images')
      .innerJoin('galleries', 'galleries.id', 'gallery_images.gallery_id')
      .select([
        'gallery_images.id',
        'gallery_images.title',
        'gallery_images.original_name',
        'gallery_images.src',
        'gallery_images.thumb',
        'gallery_images.thumb_2x',
        'galleries.title as gallery',
      ])
      .where((eb) => mentions(eb, ['gallery_images.src', 'gallery_images.thumb', 'gallery_images.thumb_2x'], needles))
      .orderBy('gallery_images.id')
      .execute(),
  ]);

  const uses = new Map<string, UploadUse[]>();
  const add = (text: string | null, use: UploadUse) => {
    for (const key of new Set(keysIn(text))) {
      if (!onlyKey || key === onlyKey) uses.set(key, [...(uses.get(key) ?? []), use]);
    }
  };
  const PROFILE_LABELS: Record<ProfileColumn, string> = {
    profile_image: 'picture of the author profile',
    background_image_light: 'light background of the author profile',
    background_image_dark: 'dark background of the author profile',
  };
  for (const column of Object.keys(PROFILE_LABELS) as ProfileColumn[]) {
    add(profile?.[column] ?? null, { label: PROFILE_LABELS[column], target: { table: 'author_profile', column } });
  }
  const STORY_LABELS: Record<ImageColumn | TextColumn, string> = {
    cover_image: 'cover',
    break_image: 'page break',
    blurb: 'blurb',
    description: 'description',
  };
  for (const story of stories) {
    for (const column of Object.keys(STORY_LABELS) as (ImageColumn | TextColumn)[]) {
      add(story[column], {
        label: `${STORY_LABELS[column]} of story '${story.title}'`,
        target: { table: 'stories', id: story.id, column },
      });
    }
  }
  for (const chapter of chapters) {
    add(chapter.content, {
      label: `chapter ${chapter.chapter_number} of '${chapter.title}'`,
      target: { table: 'chapters', id: chapter.id, column: 'content' },
    });
  }
  for (const image of images) {
    const name = image.title || image.original_name || `#${image.id}`;
    add([image.src, image.thumb, image.thumb_2x].join(' '), {
      label: `image '${name}' in gallery '${image.gallery}'`,
      target: { table: 'gallery_images', id: image.id },
    });
  }
  return uses;
}

/** The listing with, for each file, who uses it (an empty list: nobody). */
export function withUses(listing: UploadListing, uses: Map<string, UploadUse[]>): UploadListing {
  const entries = Object.entries(listing).map(([folder, files]) => [
    folder,
    files.map((file) => ({ ...file, used_by: (uses.get(file.path) ?? []).map((use) => use.label) })),
  ]);
  return Object.fromEntries(entries) as UploadListing;
}

const NAMED_USES = 5;

function inUseMessage(uses: UploadUse[]): string {
  const named = uses
    .slice(0, NAMED_USES)
    .map((use) => use.label)
    .join(', ');
  const more = uses.length > NAMED_USES ? `, and ${uses.length - NAMED_USES} more` : '';
  return `This file is in use and was not deleted. Used by: ${named}${more}.`;
}

/** Clears every use of `key` in one transaction; returns what was changed and the gallery files left without a row. */
async function clearUses(db: Kysely<Database>, key: string, now: Date): Promise<{ cleared: UploadUse[]; orphanedFiles: string[] }> {
  return db.transaction().execute(async (trx) => {
    const uses = (await uploadUses(trx, key)).get(key) ?? [];
    const orphanedFiles: string[] = [];
    for (const { target } of uses) {
      if (target.table === 'author_profile') {
        await trx
          .updateTable('author_profile')
          .set({ [target.column]: null, updated_at: now })
          .execute();
      } else if (target.table === 'gallery_images') {
        const row = await trx.deleteFrom('gallery_images').where('id', '=', target.id).returning('storage_keys').executeTakeFirst();
        orphanedFiles.push(...(row?.storage_keys ?? []).filter((file) => file !== key));
      } else if (target.column === 'cover_image' || target.column === 'break_image') {
        await trx
          .updateTable('stories')
          .set({ [target.column]: null, updated_at: now })
          .where('id', '=', target.id)
          .execute();
      } else if (target.table === 'stories') {
        const row = await trx.selectFrom('stories').select(target.column).where('id', '=', target.id).executeTakeFirstOrThrow();
        const text = withoutUpload(row[target.column], key);
        await trx
          .updateTable('stories')
          .set({ [target.column]: text, updated_at: now })
          .where('id', '=', target.id)
          .execute();
      } else {
        const row = await trx.selectFrom('chapters').select('content').where('id', '=', target.id).executeTakeFirstOrThrow();
        await trx
          .updateTable('chapters')
          .set({ content: withoutUpload(row.content, key), updated_at: now })
          .where('id', '=', target.id)
          .execute();
      }
    }
    return { cleared: uses, orphanedFiles };
  });
}

async function exists(deps: Pick<AppDeps, 'storage'>, key: string): Promise<boolean> {
  const folder = key.slice(0, key.indexOf('/'));
  return (await deps.storage.list(folder)).some((file) => file.key === key);
}

/**
 * Deletes a managed file. One in use is refused with 409 naming its users, unless `force`: then
 * its references are cleared first (so no page shows a broken image) and the site is republished.
 * Returns the names of the uses that were cleared.
 */
export async function deleteUpload(
  deps: Pick<AppDeps, 'db' | 'storage' | 'rebuild' | 'now'>,
  key: string,
  force: boolean,
): Promise<string[]> {
  if (!(await exists(deps, key))) throw new AppError(404, 'File not found');
  let cleared: UploadUse[] = [];
  if (force) {
    const result = await clearUses(deps.db, key, nowOf(deps));
    cleared = result.cleared;
    await deleteStoredFiles(deps.storage, result.orphanedFiles);
  } else {
    const uses = (await uploadUses(deps.db, key)).get(key) ?? [];
    if (uses.length > 0) throw new AppError(409, inUseMessage(uses));
  }
  if (!(await deps.storage.delete(key))) throw new AppError(404, 'File not found');
  if (cleared.length > 0) deps.rebuild.schedule(`upload ${key} deleted and removed from ${cleared.length} places`);
  return cleared.map((use) => use.label);
}
