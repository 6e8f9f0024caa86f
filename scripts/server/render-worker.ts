// The render worker: a small process that loads the prerender bundle render-service-integration.ts
// kept and renders pages with Astro's own build app, job after job, for the server that started it
// (render-service.ts) over an IPC channel. Each job names a content index and a texts folder
// (src/lib/content.ts reads them again when their names change) and the folder to write into;
// pages are written as Astro's static build writes them, with the island style moved into <head>
// (island-styles.ts) and compressed copies beside them.
// Usage: node scripts/server/render-worker.ts <bundle folder> <site origin>
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteData } from 'astro';
import { StaticPaths } from 'astro/runtime/prerender/static-paths.js';
import { moveIslandStyle } from './island-styles.ts';
import { precompressFiles } from './precompress.ts';
import { settleAll } from './settle-all.ts';
import { BUNDLE_STATE, type BundleState, type RenderReply, type RenderRequest, type RoutedPath } from './render-protocol.ts';

/** Pages rendered at once: rendering awaits text files and compression, so a few overlap well. */
const CONCURRENCY = 4;
/** Astro's status-code pages are written as /404.html, not /404/index.html. */
const STATUS_CODE_PAGES = new Set(['/404', '/500']);

interface BuildApp {
  routeCache: { clearAll(): void };
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
}

const [bundleDir, origin] = process.argv.slice(2);
if (!bundleDir || !origin || !process.send) {
  console.error('Usage (from render-service.ts): node scripts/server/render-worker.ts <bundle folder> <site origin>, with an IPC channel');
  process.exit(2);
}

const state = JSON.parse(await fs.readFile(path.join(bundleDir, BUNDLE_STATE), 'utf8')) as BundleState;
const { app } = (await import(pathToFileURL(path.join(bundleDir, state.entry)).href)) as { app: BuildApp };
const pages = new Map(state.pages);
app.setInternals({
  // Astro sorts a page's styles in place when it renders it, with an order that is not total: a
  // second render of the page would start from the first one's order. Each render gets them as built.
  pagesByKeys: { get: (key: string) => structuredClone(pages.get(key)) },
  entrySpecifierToBundleMap: new Map(state.entrySpecifiers),
});
app.setOptions({
  settings: { scripts: state.scripts },
  // Astro's logger writes here: errors go to the server's log.
  logger: {
    options: {
      destination: { write: (event: { level: string; message: string }) => event.level === 'error' && console.error(event.message) },
    },
  },
});

const send = (reply: RenderReply): void => {
  process.send!(reply);
};
const withoutSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);

// One job at a time, in the order they came: each job switches the content the pages read.
let queue = Promise.resolve();
process.on('message', (request: RenderRequest) => {
  if (request.type === 'stop') {
    void queue.then(() => process.exit(0));
    return;
  }
  queue = queue.then(() =>
    runJob(request).then(send, (error: unknown) =>
      send({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) }),
    ),
  );
});
// The server stopped or died: nothing more will come.
process.once('disconnect', () => process.exit(0));
send({ type: 'ready' });

async function runJob(request: Exclude<RenderRequest, { type: 'stop' }>): Promise<RenderReply> {
  process.env['CONTENT_SNAPSHOT'] = request.index;
  process.env['CONTENT_TEXTS'] = request.texts;
  process.env['CONTENT_BODIES'] = request.bodies ?? '';
  const all = await allPaths(request.index);
  if (request.type === 'paths') {
    return {
      type: 'paths',
      id: request.id,
      paths: all.map(({ pathname, route }) => ({ pathname: withoutSlash(pathname), component: route.component })),
    };
  }
  const wanted = request.paths === null ? null : new Set(request.paths);
  const jobs = all.filter(({ pathname }) => wanted === null || wanted.has(withoutSlash(pathname)));
  const pages: Record<string, string[]> = {};
  let failed = false;
  const worker = async () => {
    // After a failure the others stop: the publish fails and its folder is removed.
    for (let next = jobs.pop(); next && !failed; next = jobs.pop()) {
      try {
        pages[withoutSlash(next.pathname)] = await renderOne(request.outDir, next);
      } catch (error) {
        failed = true;
        throw new Error(`Rendering ${withoutSlash(next.pathname)}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await settleAll(Array.from({ length: CONCURRENCY }, worker));
  return { type: 'rendered', id: request.id, pages };
}

let listed: { content: string; all: RoutedPath[] } | null = null;

/**
 * Every page of the content index `index`, with its route. A publish asks for the list, then
 * renders from the same index: the second job reuses the first's list (Astro's route cache holds
 * the pages' props with it), which takes a few hundred milliseconds at 10,000 chapters.
 */
async function allPaths(index: string): Promise<RoutedPath[]> {
  // The index is named per publish, but a publish into the spare writes the same name anew.
  const { mtimeMs, ino } = await fs.stat(index);
  const content = `${index}@${ino}:${mtimeMs}`;
  if (listed?.content === content) return listed.all;
  app.routeCache.clearAll();
  listed = { content, all: (await new StaticPaths(app as never).getAll()) as RoutedPath[] };
  return listed.all;
}

/** Renders one page into `outDir` as Astro's static build would; returns the files written, relative to it. */
async function renderOne(outDir: string, { pathname, route }: RoutedPath): Promise<string[]> {
  const page = withoutSlash(pathname);
  const isEndpoint = route.type === 'endpoint';
  const response = await app.render(new Request(new URL(isEndpoint || page === '/' ? page : `${page}/`, origin)), { routeData: route });
  if (response.status >= 300 && response.status < 400) throw new Error('it answered a redirect, which the render worker does not write');
  if (!response.body) return [];
  const relative = isEndpoint
    ? page.slice(1)
    : STATUS_CODE_PAGES.has(page)
      ? `${page.slice(1)}.html`
      : path.join(page.slice(1), 'index.html');
  const file = path.join(outDir, relative);
  const bytes = Buffer.from(await response.arrayBuffer());
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, relative.endsWith('.html') ? moveIslandStyle(bytes.toString('utf8')) : bytes);
  const copies = await precompressFiles([file], outDir);
  return [relative, ...copies.map((copy) => path.relative(outDir, copy))];
}
