// What the static build reads: written by the server (scripts/server/site-builder.ts) and read
// by the Astro pages (src/lib/content.ts).
import type { Gallery, GalleryImage } from './galleries.ts';
import type { AuthorProfile } from './profile.ts';
import type { SocialLinks } from './socials.ts';
import type { Story } from './stories.ts';

/** A published chapter as the build needs it: everything to render its page. */
export interface SnapshotChapter {
  id: number;
  chapter_number: number;
  slug: string;
  title: string;
  content: string;
  updated_at: string;
  /** When the chapter first became public (ISO); null only for rows older than that record. */
  published_at: string | null;
  word_count: number;
  /** The author's notes (Markdown) and the content warnings, as on the chapter API. */
  note_before: string;
  note_after: string;
  content_warnings: string[];
}

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
