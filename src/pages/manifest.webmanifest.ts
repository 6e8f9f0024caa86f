// The web app manifest, named by every page's head (src/lib/web-manifest.ts).
import type { APIRoute } from 'astro';
import { loadContent } from '#lib/content.ts';
import { MANIFEST_MEDIA_TYPE, webManifest } from '#lib/web-manifest.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(webManifest(loadContent().profile)), { headers: { 'Content-Type': MANIFEST_MEDIA_TYPE } });
