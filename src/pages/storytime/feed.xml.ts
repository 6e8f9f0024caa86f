// The Atom feed of the newest chapters across all stories (src/lib/feeds.ts).
import type { APIRoute } from 'astro';
import { loadChapterText, loadContent } from '#lib/content.ts';
import { FEED_MEDIA_TYPE, siteFeedXml } from '#lib/feeds.ts';
import { siteOrigin } from '#lib/seo.ts';

export const GET: APIRoute = async ({ site }) => {
  const content = loadContent();
  const xml = await siteFeedXml({ ...content, readText: loadChapterText }, siteOrigin(content.profile.site_domain, site));
  return new Response(xml, { headers: { 'Content-Type': `${FEED_MEDIA_TYPE}; charset=utf-8` } });
};
