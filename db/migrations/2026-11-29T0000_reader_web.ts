// What the feeds carry and the licence the gallery's structured data names (docs/product.md,
// The reader and the open web).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('author_profile')
    .addColumn('feed_content', 'text', (c) => c.notNull().defaultTo('summary').check(sql`feed_content in ('summary', 'full')`))
    .addColumn('image_license_url', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('author_profile').dropColumn('feed_content').dropColumn('image_license_url').execute();
}
