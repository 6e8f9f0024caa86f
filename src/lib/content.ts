// Build-time access to the site's content. The server writes a snapshot of the database
// (functions/site/snapshot.ts) and names it in CONTENT_SNAPSHOT before running `astro build`.
import fs from 'node:fs';
import { FALLBACK_PROFILE } from './profile.ts';
import type { ContentSnapshot, SnapshotGallery } from './snapshot.ts';
import { emptySocialLinks } from './socials.ts';

let cached: ContentSnapshot | undefined;

/** The snapshot, or the fallback profile with no links when there is none (a bare `astro build`). */
export function loadContent(): ContentSnapshot {
  if (cached) return cached;
  const file = process.env['CONTENT_SNAPSHOT'];
  if (!file) {
    console.warn('CONTENT_SNAPSHOT is not set: building with the fallback profile. Use `npm run build` for real content.');
    cached = {
      generatedAt: new Date().toISOString(),
      profile: FALLBACK_PROFILE,
      socials: emptySocialLinks(),
      stories: [],
      galleries: [],
      follow_by_email: false,
    };
  } else {
    cached = JSON.parse(fs.readFileSync(file, 'utf8')) as ContentSnapshot;
  }
  return cached;
}

/** Every gallery, PG and X (a snapshot written before galleries existed has none). */
export function loadGalleries(): SnapshotGallery[] {
  return loadContent().galleries ?? [];
}
