// The content the static build needs: the content index, read in one go, and the chapter texts,
// read in batches for the chapters that need them. The running server writes both to files before
// each publish (scripts/server/content-files.ts), so the renderer never opens the embedded database
// itself (PGlite has no cross-process lock).
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import { PUBLIC_IMAGE_PAGE_SIZE } from '#lib/galleries.ts';
import type {
  ChapterText,
  ContentSnapshot,
  ReadChapterText,
  SnapshotChapter,
  SnapshotGallery,
  SnapshotRedirect,
  SnapshotStory,
} from '#lib/snapshot.ts';
import { galleryStore } from '#functions/galleries/store.ts';
import { imageStore } from '#functions/images/store.ts';
import { storyStore } from '#functions/stories/store.ts';
import { profileStore, socialStore } from './store.ts';

/** Published stories with their published chapters: only what readers may see is ever built. */
async function readPublishedStories(db: Kysely<Database>): Promise<SnapshotStory[]> {
  const stories = await storyStore.list(db, { status: 'published', publishedOnly: true });
  if (stories.length === 0) return [];
  const storyIds = stories.map((story) => story.id);
  const rows = await db
    .selectFrom('chapters')
    .select(['id', 'story_id', 'chapter_number', 'slug', 'title', 'updated_at'])
    .select(['content_warnings', 'published_at', 'word_count'])
    .where('status', '=', 'published')
    .where('story_id', 'in', storyIds)
    .orderBy('story_id')
    .orderBy('chapter_number')
    .execute();
  const redirects = await db
    .selectFrom('chapter_redirects')
    .select(['story_id', 'old_number', 'chapter_id'])
    .where('story_id', 'in', storyIds)
    .orderBy('old_number')
    .execute();
  const chaptersByStory = groupByStory<SnapshotChapter>(
    rows.map(({ updated_at, published_at, ...chapter }) => ({
      ...chapter,
      updated_at: updated_at.toISOString(),
      published_at: published_at?.toISOString() ?? null,
    })),
  );
  const redirectsByStory = groupByStory<SnapshotRedirect>(redirects);
  return stories.map((story) => ({
    ...story,
    chapters: chaptersByStory.get(story.id) ?? [],
    redirects: redirectsByStory.get(story.id) ?? [],
  }));
}

/**
 * The texts of the chapters `ids` that are still published (a chapter deleted or unpublished since
 * the index was read is left out), by id.
 */
export async function readChapterTexts(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, ChapterText>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('chapters')
    .select(['id', 'content', 'note_before', 'note_after'])
    .where('status', '=', 'published')
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map(({ id, ...text }) => [id, text]));
}

/** Reads each text from the database when asked (tests and tools; a publish reads them in batches into files). */
export function chapterTextReader(db: Kysely<Database>): ReadChapterText {
  return async (chapter) => {
    const text = (await readChapterTexts(db, [chapter.id])).get(chapter.id);
    if (!text) throw new Error(`Chapter ${chapter.id} is not published.`);
    return text;
  };
}

/** Rows by their story's id, each list in the rows' order, without the story id. */
function groupByStory<T>(rows: readonly (T & { story_id: number })[]): Map<number, T[]> {
  const byStory = new Map<number, T[]>();
  for (const { story_id, ...row } of rows) {
    const list = byStory.get(story_id) ?? [];
    list.push(row as T);
    byStory.set(story_id, list);
  }
  return byStory;
}

/**
 * Every gallery, PG and X, with its first page of images exactly as gallery-list page 1 answers it,
 * and its hero (docs/product.md, Arranging a gallery).
 */
async function readGalleries(db: Kysely<Database>): Promise<SnapshotGallery[]> {
  const galleries = await galleryStore.list(db);
  return Promise.all(
    galleries.map(async (gallery) => {
      const { images } = await imageStore.page(db, { galleryId: gallery.id, page: 1, limit: PUBLIC_IMAGE_PAGE_SIZE, terms: [] });
      const chosen = gallery.hero_image_id;
      const hero =
        chosen === null ? (images[0] ?? null) : (images.find((image) => image.id === chosen) ?? (await imageStore.find(db, chosen)));
      return { ...gallery, images, hero };
    }),
  );
}

/**
 * The published content as of `now` (the snapshot's generatedAt). `followByEmail`: whether the
 * site can send email (the Node server has SMTP_URL; the cloud build FOLLOW_BY_EMAIL).
 */
export async function readContentSnapshot(db: Kysely<Database>, now: Date, { followByEmail = false } = {}): Promise<ContentSnapshot> {
  const [profile, socials, stories, galleries] = await Promise.all([
    profileStore.get(db),
    socialStore.get(db),
    readPublishedStories(db),
    readGalleries(db),
  ]);
  return { generatedAt: now.toISOString(), profile, socials, stories, galleries, follow_by_email: followByEmail };
}
