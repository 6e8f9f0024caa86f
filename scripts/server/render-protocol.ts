// The messages between the server and its render service (render-service-integration.ts runs
// inside `astro build`, render-service.ts starts it and sends the jobs).
import type { RouteData } from 'astro';

/** Every job names the content it renders: the content index file and the chapter texts folder. */
interface ContentFiles {
  id: number;
  index: string;
  texts: string;
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
  /** The service is ready; `assetsDir` holds the bundle's scripts, styles and public files. */
  | { type: 'ready'; assetsDir: string }
  | { type: 'paths'; id: number; paths: PagePath[] }
  /** The files written for each page, relative to the job's folder (compressed copies included). */
  | { type: 'rendered'; id: number; pages: Record<string, string[]> }
  | { type: 'failed'; id: number; message: string };

/** A page as Astro's prerenderer lists it. */
export interface RoutedPath {
  pathname: string;
  route: RouteData;
}
