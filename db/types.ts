// Row types of every table, in one interface (Kysely's recommended layout).
// Keep in step with db/migrations: the migration is the source of truth for constraints.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { SocialPlatform } from '../src/lib/socials.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export const STAFF_ROLES = ['admin', 'author', 'mod'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const GALLERY_RATINGS = ['PG', 'X'] as const;
export const STORY_STATUSES = ['draft', 'published', 'archived'] as const;
export const CHAPTER_STATUSES = ['draft', 'published'] as const;
export const COMMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ANALYTICS_EVENT_TYPES = [
  'page_view',
  'story_view',
  'chapter_view',
  'chapter_depth',
  'gallery_view',
  'image_view',
  'click',
] as const;

/** A text column the database fills with '' when an insert leaves it out. */
type TextWithDefault = ColumnType<string, string | undefined, string>;

export interface AuthorProfileTable {
  id: ColumnType<1, 1 | undefined, never>;
  name: string;
  bio: TextWithDefault;
  tagline: TextWithDefault;
  profile_image: string | null;
  background_image_light: string | null;
  background_image_dark: string | null;
  site_domain: string | null;
  updated_at: UpdatedAt;
}

export interface SocialLinkTable {
  platform: SocialPlatform;
  url: string;
  updated_at: UpdatedAt;
}

export interface UserTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: StaffRole;
  session_version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  blocked_until: Date | null;
  last_failure_at: Date;
}

export interface GalleryTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: TextWithDefault;
  rating: (typeof GALLERY_RATINGS)[number];
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface GalleryImageTable {
  id: Generated<number>;
  gallery_id: number;
  src: string;
  thumb: string | null;
  title: string | null;
  alt_text: string | null;
  prompt: string | null;
  negative_prompt: string | null;
  checkpoint: string | null;
  loras: ColumnType<string[], string[] | undefined, string[]>;
  width: number | null;
  height: number | null;
  sort_order: Generated<number>;
  created_at: CreatedAt;
}

/** A like by one visitor (an anonymous device id or a hash of the client), counted once. */
export interface LikeTable {
  id: Generated<number>;
  visitor_key: string;
  created_at: CreatedAt;
}
export interface ImageLikeTable extends LikeTable {
  image_id: number;
}
export interface ChapterLikeTable extends LikeTable {
  chapter_id: number;
}

export interface CommentTable {
  id: Generated<number>;
  /** 'Anonymous' when left out. */
  author_name: TextWithDefault;
  author_email: string | null;
  content: string;
  ip_address: string | null;
  status: Generated<(typeof COMMENT_STATUSES)[number]>;
  created_at: CreatedAt;
}
export interface ImageCommentTable extends CommentTable {
  image_id: number;
}
export interface ChapterCommentTable extends CommentTable {
  chapter_id: number;
}

export interface StoryTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: TextWithDefault;
  blurb: TextWithDefault;
  cover_image: string | null;
  break_image: string | null;
  status: (typeof STORY_STATUSES)[number];
  genres: ColumnType<string[], string[] | undefined, string[]>;
  primary_keywords: TextWithDefault;
  longtail_keywords: TextWithDefault;
  target_audience: TextWithDefault;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ChapterTable {
  id: Generated<number>;
  story_id: number;
  chapter_number: number;
  slug: string;
  title: string;
  content: string;
  status: (typeof CHAPTER_STATUSES)[number];
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BannedIpTable {
  id: Generated<number>;
  ip_address: string;
  reason: string;
  banned_by: number | null;
  banned_at: CreatedAt;
}

export interface AnalyticsEventTable {
  id: Generated<string>;
  event_type: (typeof ANALYTICS_EVENT_TYPES)[number];
  session_id: string | null;
  visitor_hash: string;
  url_path: string | null;
  referrer: string | null;
  content_type: string | null;
  content_id: string | null;
  parent_type: string | null;
  parent_id: string | null;
  value_num: number | null;
  meta: ColumnType<unknown, string | undefined, string>;
  device: string | null;
  browser: string | null;
  created_at: CreatedAt;
}

export interface Database {
  author_profile: AuthorProfileTable;
  social_links: SocialLinkTable;
  users: UserTable;
  login_throttle: LoginThrottleTable;
  galleries: GalleryTable;
  gallery_images: GalleryImageTable;
  image_likes: ImageLikeTable;
  image_comments: ImageCommentTable;
  stories: StoryTable;
  chapters: ChapterTable;
  chapter_likes: ChapterLikeTable;
  chapter_comments: ChapterCommentTable;
  banned_ips: BannedIpTable;
  analytics_events: AnalyticsEventTable;
}

export type AuthorProfileRow = Selectable<AuthorProfileTable>;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type NewStory = Insertable<StoryTable>;
export type NewChapter = Insertable<ChapterTable>;
export type NewGallery = Insertable<GalleryTable>;
export type NewGalleryImage = Insertable<GalleryImageTable>;
