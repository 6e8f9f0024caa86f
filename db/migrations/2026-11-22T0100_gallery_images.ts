// Gallery images as the upload pipeline writes them (decision 0009): the 2x thumbnail and placeholder,
// the uploaded file's name, the generation metadata read from the file, the storage keys to delete
// with the row, and a trigram index for the gallery search.
import { type Kysely, sql } from 'kysely';

const within = (column: string, max: number) => sql.raw(`char_length(${column}) <= ${max}`);

/**
 * What the search looks in, lower-cased once. A generated column needs an immutable expression
 * and array_to_string / concat_ws are only "stable" (they could depend on settings for other
 * types), so this wrapper, used with text only, declares itself immutable.
 */
const SEARCH_TEXT_FUNCTION = sql`
  create function gallery_image_search_text(title text, prompt text, negative text, checkpoint text, loras text[], original_name text)
  returns text language sql immutable parallel safe
  as $$ select lower(concat_ws(' ', title, prompt, negative, checkpoint, array_to_string(loras, ' '), original_name)) $$`;

export async function up(db: Kysely<any>): Promise<void> {
  // pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; Debian's
  // postgresql, Neon and PGlite (loaded in db/connect.ts) all ship it.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await SEARCH_TEXT_FUNCTION.execute(db);

  await db.schema
    .alterTable('gallery_images')
    .addColumn('thumb_2x', 'text', (c) => c.check(within('thumb_2x', 2048)))
    .addColumn('placeholder', 'text', (c) => c.check(within('placeholder', 4096)))
    .addColumn('original_name', 'text', (c) => c.notNull().defaultTo('').check(within('original_name', 255)))
    .addColumn('generator', 'text', (c) => c.check(within('generator', 32)))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('lora_weights', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // The files this row owns in the upload storage (original, thumbnails), deleted with it.
    // Empty for images that are not uploads (the demo's static files).
    .addColumn('storage_keys', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
  await db.schema
    .alterTable('gallery_images')
    .addColumn('search_text', 'text', (c) =>
      c
        .notNull()
        .generatedAlwaysAs(sql`gallery_image_search_text(title, prompt, negative_prompt, checkpoint, loras, original_name)`)
        .stored(),
    )
    .execute();
  await sql`create index gallery_images_search_idx on gallery_images using gin (search_text gin_trgm_ops)`.execute(db);

  // Images list newest first (id descending) within a gallery; sort_order is not used.
  await db.schema.dropIndex('gallery_images_gallery_idx').execute();
  await db.schema.createIndex('gallery_images_gallery_id_idx').on('gallery_images').columns(['gallery_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gallery_images_gallery_id_idx').execute();
  await db.schema.createIndex('gallery_images_gallery_idx').on('gallery_images').columns(['gallery_id', 'sort_order', 'id']).execute();
  await db.schema.dropIndex('gallery_images_search_idx').execute();
  await db.schema.alterTable('gallery_images').dropColumn('search_text').execute();
  for (const column of ['storage_keys', 'lora_weights', 'settings', 'generator', 'original_name', 'placeholder', 'thumb_2x']) {
    await db.schema.alterTable('gallery_images').dropColumn(column).execute();
  }
  await sql`drop function gallery_image_search_text(text, text, text, text, text[], text)`.execute(db);
  // pg_trgm stays installed: other objects may have come to use it.
}
