// What the static build reads: the content index (this file's ContentSnapshot, without chapter
// texts) and the chapter texts, written by the server (scripts/server/content-files.ts) and read by
// the Astro pages (src/lib/content.ts).
import type { Gallery, GalleryImage } from './galleries.ts';
import type { AuthorProfile } from './profile.ts';
import type { SocialLinks } from './socials.ts';
import type { Story } from './stories.ts';

/**
 * A published chapter as lists, neighbours and the sitemap need it: everything but its text, so the
 * content index of a whole catalogue stays small (the text is read per page, src/lib/chapter-texts.ts).
 */
export interface SnapshotChapter {
  id: number;
  chapter_number: number;
  slug: string;
  title: string;
  /** Changes with every save of the chapter, so it also names the version of its text. */
  updated_at: string;
  /** When the chapter first became public (ISO); null only for rows older than that record. */
  published_at: string | null;
  word_count: number;
  /** As on the chapter API. */
  content_warnings: string[];
}

/** A chapter's text and the author's notes around it (Markdown). */
export interface ChapterText {
  content: string;
  note_before: string;
  note_after: string;
}

export type ChapterWithText = SnapshotChapter & ChapterText;

/** Where a page, a feed, the book or the search index gets a chapter's text from. */
export type ReadChapterText = (chapter: SnapshotChapter) => Promise<ChapterText>;

/** An old number of a chapter that moved: its address sends readers on (src/lib/chapter-redirects.ts). */
export interface SnapshotRedirect {
  old_number: number;
  chapter_id: number;
}

/** A published story with its published chapters in number order. */
export interface SnapshotStory extends Story {
  chapters: SnapshotChapter[];
  /** Old numbers of moved chapters (none in a snapshot written before chapters could move). */
  redirects?: SnapshotRedirect[];
}

/** A gallery (PG and X alike) with its first page of images, prebuilt into its page. */
export interface SnapshotGallery extends Gallery {
  /** The first PUBLIC_IMAGE_PAGE_SIZE images, in the order the API lists them. */
  images: GalleryImage[];
  /** The chosen hero, else the first image (it may lie beyond the first page); null: no images. */
  hero: GalleryImage | null;
}

export interface ContentSnapshot {
  generatedAt: string;
  profile: AuthorProfile;
  socials: SocialLinks;
  stories: SnapshotStory[];
  galleries: SnapshotGallery[];
  /** Whether the site sends email, so the pages offer the Follow by email forms (docs/product.md, Following by email). */
  follow_by_email: boolean;
}
