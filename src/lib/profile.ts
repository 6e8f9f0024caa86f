// The author profile as the API returns it and the pages render it.

/** What the Atom feeds carry of each chapter (docs/product.md, Feeds, books and what a chapter's Markdown may hold). */
export const FEED_CONTENT = ['summary', 'full'] as const;
export type FeedContent = (typeof FEED_CONTENT)[number];
/** With 'full', how many of a feed's newest chapters carry their whole text (the others their summary), so a feed stays small. */
export const FULL_TEXT_FEED_ENTRIES = 10;

export interface AuthorProfile {
  name: string;
  bio: string;
  tagline: string;
  profile_image: string | null;
  background_image_light: string | null;
  background_image_dark: string | null;
  site_domain: string | null;
  /** IANA time zone (Europe/Berlin) in which release times are written and shown. */
  time_zone: string;
  feed_content: FeedContent;
  /** Where the licence of the gallery's images is written (an http(s) URL), or null. */
  image_license_url: string | null;
  updated_at: string | null;
}

export const DEFAULT_BACKGROUND_LIGHT = '/images/lofi_light_bg.png';
export const DEFAULT_BACKGROUND_DARK = '/images/lofi_bg.png';
export const DEFAULT_PROFILE_IMAGE = '/images/default-avatar.svg';

/** Shown when the profile cannot be loaded, and served before one is saved. */
export const FALLBACK_PROFILE: AuthorProfile = {
  name: 'The Author',
  bio: 'Science fiction and fantasy author',
  tagline: 'Stories from the edge of the map and beyond the stars.',
  profile_image: null,
  background_image_light: null,
  background_image_dark: null,
  site_domain: null,
  time_zone: 'UTC',
  feed_content: 'summary',
  image_license_url: null,
  updated_at: null,
};

export function pageTitle(profile: Pick<AuthorProfile, 'name' | 'bio'>): string {
  return profile.bio ? `${profile.name} - ${profile.bio}` : profile.name;
}
