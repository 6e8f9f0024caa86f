// The web app manifest (/manifest.webmanifest): what a phone shows when a reader installs the
// site (docs/product.md, Installing the site and reading offline).
import type { AuthorProfile } from './profile.ts';

export const MANIFEST_PATH = '/manifest.webmanifest';
export const MANIFEST_MEDIA_TYPE = 'application/manifest+json';
/** The dark theme's page colour (src/styles/global.css): the site opens dark, so the splash matches its first paint. */
export const THEME_COLOR = '#0b0c18';
/** Launchers cut longer names; the manifest's short_name stays within this. */
const SHORT_NAME_MAX = 12;

export function shortName(name: string): string {
  const trimmed = name.trim() || 'Stories';
  if (trimmed.length <= SHORT_NAME_MAX) return trimmed;
  const firstWord = trimmed.split(/\s+/)[0] ?? trimmed;
  return [...firstWord].slice(0, SHORT_NAME_MAX).join('');
}

export function webManifest(profile: Pick<AuthorProfile, 'name' | 'tagline'>): Record<string, unknown> {
  return {
    name: profile.name,
    short_name: shortName(profile.name),
    description: profile.tagline,
    lang: 'en-US',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: THEME_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
