// The artist arranges a gallery (docs/product.md, Arranging a gallery): the images keep the order
// the admin gives them (sort_order, ascending; until now the order was newest first by id, which
// the renumbering below keeps), a gallery may name its hero image, and an image made by a tool
// that signs its files with content credentials keeps that tool's name (made_with).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update gallery_images set sort_order = ranked.position
    from (select id, row_number() over (partition by gallery_id order by id desc)::int as position from gallery_images) as ranked
    where gallery_images.id = ranked.id`.execute(db);
  await db.schema.dropIndex('gallery_images_gallery_id_idx').execute();
  await db.schema.createIndex('gallery_images_order_idx').on('gallery_images').columns(['gallery_id', 'sort_order', 'id']).execute();
  await db.schema
    .alterTable('gallery_images')
    .addColumn('made_with', 'text', (c) => c.check(sql`char_length(made_with) <= 100`))
    .execute();
  await db.schema
    .alterTable('galleries')
    .addColumn('hero_image_id', 'integer', (c) => c.references('gallery_images.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('galleries').dropColumn('hero_image_id').execute();
  await db.schema.alterTable('gallery_images').dropColumn('made_with').execute();
  await db.schema.dropIndex('gallery_images_order_idx').execute();
  await db.schema.createIndex('gallery_images_gallery_id_idx').on('gallery_images').columns(['gallery_id', 'id']).execute();
}
