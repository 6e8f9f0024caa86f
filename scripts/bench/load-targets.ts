// What the load test's visitors read, like and comment on: the demo story's published chapters
// and every gallery image, found through the public API as a reader's pages find them; and the
// like counts those readers see, read the same way (before the load, and after it to verify).
import { chapterPath } from '#lib/reader-urls.ts';
import { galleryPath } from '#lib/gallery-urls.ts';
import { api } from './site-server.ts';

export const STORY_SLUG = 'the-lantern-fleet';
/** The gallery-list's largest page (ADMIN_IMAGE_LIMIT). */
const IMAGE_PAGE_MAX = 100;

export interface Targets {
  chapters: { id: number; number: number; page: string }[];
  galleries: { id: number; page: string; imageCount: number }[];
  images: { id: number; galleryId: number }[];
  /** Words from the image titles, for the gallery search. */
  searchWords: string[];
}

/** Like counts by target key (likeKey). */
export type LikeCounts = Map<string, number>;
export const likeKey = (type: 'chapter' | 'image', id: number) => `${type}:${id}`;

type ChapterList = { chapters: { id: number; chapter_number: number; like_count: number }[] };
type GalleryList = { galleries: { id: number; slug: string; image_count: number }[] };
type ImagePage = { images: { id: number; title: string; like_count: number }[]; total: number };

async function allImages(base: string, galleryId: number): Promise<ImagePage['images']> {
  const images: ImagePage['images'] = [];
  for (let page = 1; ; page++) {
    const { body } = await api<ImagePage>(base, `/api/images/gallery-list?gallery_id=${galleryId}&page=${page}&limit=${IMAGE_PAGE_MAX}`);
    images.push(...body.images);
    if (body.images.length < IMAGE_PAGE_MAX || images.length >= body.total) return images;
  }
}

export async function findTargets(base: string): Promise<Targets> {
  const { body: story } = await api<ChapterList>(base, `/api/chapters/list?story_slug=${STORY_SLUG}`);
  const { body: list } = await api<GalleryList>(base, '/api/galleries/list?page=1&limit=1000');
  const targets: Targets = {
    chapters: story.chapters.map((chapter) => ({
      id: chapter.id,
      number: chapter.chapter_number,
      page: `${chapterPath(STORY_SLUG, chapter.chapter_number)}/`,
    })),
    galleries: list.galleries.map((gallery) => ({
      id: gallery.id,
      page: `${galleryPath(gallery.slug)}/`,
      imageCount: gallery.image_count,
    })),
    images: [],
    searchWords: [],
  };
  const words = new Set<string>();
  for (const gallery of list.galleries) {
    for (const image of await allImages(base, gallery.id)) {
      targets.images.push({ id: image.id, galleryId: gallery.id });
      for (const word of image.title.toLowerCase().match(/[a-z]{4,}/g) ?? []) words.add(word);
    }
  }
  targets.searchWords = [...words];
  if (targets.chapters.length === 0 || targets.images.length === 0)
    throw new Error('the demo content has no published chapters or no gallery images');
  return targets;
}

/** Every target's like count as the reader's lists show it (counted from the stored likes). */
export async function readLikeCounts(base: string, targets: Targets): Promise<LikeCounts> {
  const counts: LikeCounts = new Map();
  const { body: story } = await api<ChapterList>(base, `/api/chapters/list?story_slug=${STORY_SLUG}`);
  for (const chapter of story.chapters) counts.set(likeKey('chapter', chapter.id), chapter.like_count);
  for (const gallery of targets.galleries) {
    for (const image of await allImages(base, gallery.id)) counts.set(likeKey('image', image.id), image.like_count);
  }
  return counts;
}
