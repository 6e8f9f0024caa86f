// The render service inside `astro build` (docs/decisions/0051-incremental-publishing.md): with
// SITE_RENDER_SERVICE=1 and an IPC channel to the server, Astro bundles the site as always (pages,
// islands, styles, public files) and then, instead of rendering every page once, this prerenderer
// keeps the bundle loaded and renders the pages the server asks for, publish after publish, with
// Astro's own renderer: a page has one template whether it is rendered alone or in a full build.
// Each job names a content index and a texts folder (src/lib/content.ts reads them again when they
// change) and the folder to write into; pages are written as Astro's static build writes them, with
// the island style moved into <head> (island-styles.ts) and compressed copies beside them.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { moveIslandStyle } from './island-styles.ts';
import { precompressFiles } from './precompress.ts';
import type { RenderReply, RenderRequest, RoutedPath } from './render-protocol.ts';

/** Pages rendered at once: rendering awaits text files and compression, so a few overlap well. */
const CONCURRENCY = 4;
/** Astro's status-code pages are written as /404.html, not /404/index.html. */
const STATUS_CODE_PAGES = new Set(['/404', '/500']);

interface BuildApp {
  routeCache: { clearAll(): void };
}

export function renderService(): AstroIntegration {
  let origin = 'http://localhost:4321';
  let outDir = '';
  return {
    name: 'author-site:render-service',
    hooks: {
      'astro:config:done': ({ config }) => {
        if (config.site) origin = new URL(config.site).origin;
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': ({ setPrerenderer }) => {
        if (process.env['SITE_RENDER_SERVICE'] !== '1' || !process.send) return;
        setPrerenderer((astro) => ({
          name: 'author-site:render-service',
          setup: () => astro.setup?.() ?? Promise.resolve(),
          // Serves jobs until the server says stop; Astro then has no page left to write.
          getStaticPaths: async () => {
            await serveJobs(astro, { origin, outDir });
            return [];
          },
          render: (request, options) => astro.render(request, options),
        }));
      },
    },
  };
}

type Prerenderer = AstroPrerenderer & { app?: BuildApp };

function send(reply: RenderReply): void {
  process.send!(reply);
}

function serveJobs(astro: Prerenderer, site: { origin: string; outDir: string }): Promise<void> {
  return new Promise((resolve) => {
    // One job at a time, in the order they came: each job switches the content the pages read.
    let queue = Promise.resolve();
    const onMessage = (request: RenderRequest) => {
      if (request.type === 'stop') {
        process.off('message', onMessage);
        queue.then(resolve, resolve);
        return;
      }
      queue = queue.then(() =>
        runJob(astro, site, request).then(
          (reply) => send(reply),
          (error: unknown) => send({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) }),
        ),
      );
    };
    process.on('message', onMessage);
    // The server stopped or died: nothing more will come.
    process.once('disconnect', () => resolve());
    send({ type: 'ready', assetsDir: site.outDir });
  });
}

async function runJob(
  astro: Prerenderer,
  site: { origin: string; outDir: string },
  request: Exclude<RenderRequest, { type: 'stop' }>,
): Promise<RenderReply> {
  process.env['CONTENT_SNAPSHOT'] = request.index;
  process.env['CONTENT_TEXTS'] = request.texts;
  astro.app?.routeCache.clearAll();
  const all = (await astro.getStaticPaths()) as RoutedPath[];
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
        pages[withoutSlash(next.pathname)] = await renderOne(astro, site.origin, request.outDir, next);
      } catch (error) {
        failed = true;
        throw new Error(`Rendering ${withoutSlash(next.pathname)}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { type: 'rendered', id: request.id, pages };
}

const withoutSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);

/** Renders one page into `outDir` as Astro's static build would; returns the files written, relative to it. */
async function renderOne(astro: Prerenderer, origin: string, outDir: string, { pathname, route }: RoutedPath): Promise<string[]> {
  const page = withoutSlash(pathname);
  const isEndpoint = route.type === 'endpoint';
  const url = new URL(isEndpoint || page === '/' ? page : `${page}/`, origin);
  const rendered = await astro.render(new Request(url), { routeData: route });
  const response = rendered instanceof Response ? rendered : rendered.response;
  if (response.status >= 300 && response.status < 400)
    throw new Error(`${page} answered a redirect, which the render service does not write`);
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
