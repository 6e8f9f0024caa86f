// The render service's files and messages: render-service-integration.ts keeps Astro's prerender
// bundle with its build state, render-worker.ts renders with it, render-service.ts starts both
// and sends the jobs.
import type { RouteData } from 'astro';

/** The build state the bundle's renderer reads, kept beside the bundle. */
export const BUNDLE_STATE = 'render-state.json';

export interface BundleState {
  /** The bundle's entry module (it exports Astro's build app). */
  entry: string;
  /** Astro's page data by page key: only their styles are read when rendering. */
  pages: [string, { styles: unknown }][];
  entrySpecifiers: [string, string][];
  /** Scripts integrations add to every page's head. */
  scripts: unknown[];
}

/**
 * Every job names the content it renders: the content index file, the chapter texts folder and
 * where chapters' bodies are kept (none: rendered every time; src/lib/chapter-texts.ts).
 */
interface ContentFiles {
  id: number;
  index: string;
  texts: string;
  bodies?: string | undefined;
}

export type RenderRequest =
  /** Every page the content has, with the template (route component) that renders it. */
  | (ContentFiles & { type: 'paths' })
  /** Renders the pages `paths` (all of them when null) into the folder `outDir`. */
  | (ContentFiles & { type: 'render'; outDir: string; paths: string[] | null })
  | { type: 'stop' };

export interface PagePath {
  /** Without a trailing slash: /storytime/story/x/chapter/2, /storytime/feed.xml, / */
  pathname: string;
  component: string;
}

export type RenderReply =
  | { type: 'ready' }
  | { type: 'paths'; id: number; paths: PagePath[] }
  /** The files written for each page, relative to the job's folder (compressed copies included). */
  | { type: 'rendered'; id: number; pages: Record<string, string[]> }
  | { type: 'failed'; id: number; message: string };

/** A page as Astro's prerenderer lists it. */
export interface RoutedPath {
  pathname: string;
  route: RouteData;
}
