// One Atom feed per published story: its newest chapters (src/lib/feeds.ts).
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadChapterText, loadContent } from '#lib/content.ts';
import { storyPages } from '#lib/page-props.ts';
import { FEED_MEDIA_TYPE, storyFeedXml } from '#lib/feeds.ts';
import { siteOrigin } from '#lib/seo.ts';
import type { SnapshotStory } from '#lib/snapshot.ts';

export const getStaticPaths = (() => loadContent().stories.flatMap(storyPages)) satisfies GetStaticPaths;

export const GET: APIRoute<{ story: SnapshotStory }> = async ({ props, site }) => {
  const content = loadContent();
  const xml = await storyFeedXml({ ...content, readText: loadChapterText }, props.story, siteOrigin(content.profile.site_domain, site));
  return new Response(xml, { headers: { 'Content-Type': `${FEED_MEDIA_TYPE}; charset=utf-8` } });
};
