// robots.txt (src/lib/sitemap.ts robotsTxt), with the site's own address for the sitemap.
import type { APIRoute } from 'astro';
import { loadContent } from '#lib/content.ts';
import { siteOrigin } from '#lib/seo.ts';
import { robotsTxt } from '#lib/sitemap.ts';

export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(siteOrigin(loadContent().profile.site_domain, site)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
