// robots.txt: crawl everything readers see; the admin app and the API are not for search engines.
import type { APIRoute } from 'astro';
import { loadContent } from '#lib/content.ts';
import { siteOrigin } from '#lib/seo.ts';
import { SITEMAP_INDEX_PATH } from '#lib/sitemap.ts';

export const GET: APIRoute = ({ site }) => {
  const origin = siteOrigin(loadContent().profile.site_domain, site);
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${origin}${SITEMAP_INDEX_PATH}`, ''].join(
    '\n',
  );
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
