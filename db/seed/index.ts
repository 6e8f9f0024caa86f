// Seeds the demo content into an empty database. "Empty" means no author profile and no
// stories: a site that has real content is never touched.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../types.ts';
import {
  demoChapterComments,
  demoChapters,
  demoDraftStory,
  demoGalleries,
  demoGalleryImages,
  demoImageComments,
  demoProfile,
  demoPublishedStory,
  demoSocials,
} from './demo-content.ts';

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const profile = await db.selectFrom('author_profile').select('id').executeTakeFirst();
  const story = await db.selectFrom('stories').select('id').limit(1).executeTakeFirst();
  return !profile && !story;
}

/** Returns true when it seeded, false when the database already had content. */
export async function seedDemoContent(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await isDatabaseEmpty(trx))) return false;

    await trx
      .insertInto('author_profile')
      .values({ id: 1, ...demoProfile })
      .execute();
    await trx
      .insertInto('social_links')
      .values([...demoSocials])
      .execute();

    const story = await trx.insertInto('stories').values(demoPublishedStory).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('stories').values(demoDraftStory).execute();
    const chapters = await trx
      .insertInto('chapters')
      .values(
        demoChapters.map((chapter) => ({
          ...chapter,
          story_id: story.id,
          published_at: chapter.status === 'published' ? sql`now()` : null,
        })),
      )
      .returning(['id', 'chapter_number'])
      .execute();
    const chapterId = (n: number) => chapters.find((c) => c.chapter_number === n)!.id;
    await trx
      .insertInto('chapter_comments')
      .values(
        demoChapterComments.map(({ chapter, ...comment }) => ({ ...comment, chapter_id: chapterId(chapter), ip_address: '203.0.113.7' })),
      )
      .execute();
    await trx
      .insertInto('chapter_likes')
      .values(['demo-reader-1', 'demo-reader-2', 'demo-reader-3'].map((visitor_key) => ({ chapter_id: chapterId(1), visitor_key })))
      .execute();

    const imageIds = new Map<string, number>();
    for (const gallery of demoGalleries) {
      const { id: galleryId } = await trx.insertInto('galleries').values(gallery).returning('id').executeTakeFirstOrThrow();
      const images = demoGalleryImages[gallery.slug] ?? [];
      const rows = await trx
        .insertInto('gallery_images')
        // The demo lists its images oldest first; the gallery shows the newest first (docs/product.md, Arranging a gallery).
        .values(images.map((image, index) => ({ ...image, gallery_id: galleryId, sort_order: images.length - index })))
        .returning(['id', 'title'])
        .execute();
      for (const row of rows) imageIds.set(row.title ?? '', row.id);
    }
    await trx
      .insertInto('image_comments')
      .values(
        demoImageComments.map(({ image, ...comment }) => ({ ...comment, image_id: imageIds.get(image)!, ip_address: '198.51.100.23' })),
      )
      .execute();
    await trx
      .insertInto('image_likes')
      .values([{ image_id: imageIds.get('Winged traveller')!, visitor_key: 'demo-reader-1' }])
      .execute();
    return true;
  });
}
