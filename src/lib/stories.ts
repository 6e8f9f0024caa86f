// A story and a chapter as the API returns them, shared by the admin, the reader pages
// and the server.
import type { Genre } from './genres.ts';
import type { ReleaseSchedule } from './releases.ts';

export const STORY_STATUSES = ['draft', 'published', 'archived'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];
export const CHAPTER_STATUSES = ['draft', 'published'] as const;
export type ChapterStatus = (typeof CHAPTER_STATUSES)[number];

/** Why a revision of a chapter was kept (docs/product.md, The writing desk). */
export const CHAPTER_REVISION_KINDS = ['manual', 'publish', 'release', 'autosave', 'restore', 'import'] as const;
export type ChapterRevisionKind = (typeof CHAPTER_REVISION_KINDS)[number];

export const DEFAULT_COVER = '/images/default-cover.jpg';
export const DEFAULT_PAGE_BREAK = '/images/page-break.png';

export interface Story {
  id: number;
  slug: string;
  title: string;
  description: string;
  /** Markdown. */
  blurb: string;
  /** As stored; null means the default cover. */
  cover_image: string | null;
  /** The cover to show: cover_image or the default. */
  cover: string;
  break_image: string | null;
  /** The page break to show: break_image or the default. */
  breakImage: string;
  /** Number of the first chapter, where readers start. */
  startIndex: number;
  status: StoryStatus;
  genres: Genre[];
  primary_keywords: string;
  longtail_keywords: string;
  target_audience: string;
  /** The recurring release days and time, or null. */
  release_schedule: ReleaseSchedule | null;
  /** False when the author turned the 18+ confirmation off for this (adult) story. */
  age_gate: boolean;
  /** When the next scheduled chapter comes out (ISO), or null; never which chapter it is. */
  next_release_at: string | null;
  /** Published chapters for readers; every chapter for staff. */
  chapter_count: number;
  created_at: string;
  updated_at: string;
}

/** A chapter in a list: the reader's fields, plus the admin's slug and preview. */
export interface ChapterSummary {
  id: number;
  chapter_number: number;
  title: string;
  status: ChapterStatus;
  slug: string;
  like_count: number;
  comment_count: number;
  updated_at: string;
  /** A draft's release time (ISO): it is scheduled and becomes published then. */
  release_at: string | null;
  /** The author's notes before and after the text (Markdown; '' for none). */
  note_before: string;
  note_after: string;
  /** Short phrases readers see before the text (docs/product.md, The writing desk). */
  content_warnings: string[];
  /** When the chapter first became published (ISO); null while it never was. */
  published_at: string | null;
  /** Words of the content, counted as readers' pages count them (src/lib/chapter-text.ts). */
  word_count: number;
}

export interface AdminChapterSummary extends ChapterSummary {
  /** The first characters of the content (200). */
  preview: string;
}

export interface Chapter extends ChapterSummary {
  story_id: number;
  content: string;
  created_at: string;
}
