// What the static build reads: written by the server (scripts/server/site-builder.ts) and read
// by the Astro pages (src/lib/content.ts).
import type { AuthorProfile } from './profile.ts';
import type { SocialLinks } from './socials.ts';

export interface ContentSnapshot {
  generatedAt: string;
  profile: AuthorProfile;
  socials: SocialLinks;
}
