// Keeps the page renderer that `astro build` makes (docs/decisions/0051-incremental-publishing.md).
// With SITE_RENDER_BUNDLE naming a folder, Astro bundles the site as always (pages, islands, styles,
// public files into its outDir) and then, instead of rendering every page, this prerenderer copies
// Astro's prerender bundle into that folder with the little build state its renderer reads (each
// page's inline styles, the scripts of the head), and Astro ends with no page written. The render
// worker (render-worker.ts) loads the bundle in a small process of its own and renders the pages
// each publish asks for with Astro's own renderer, so a page has one template whether it is
// rendered alone or in a full build. The bundling process itself exits: its memory (the bundler's
// native memory, hundreds of MB) goes back at once.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { BUNDLE_STATE, type BundleState } from './render-protocol.ts';

/** What Astro's build app is given before it renders (its internals and options), as far as rendering reads them. */
interface BuildApp {
  setInternals(internals: { pagesByKeys: Map<string, { styles: unknown }>; entrySpecifierToBundleMap: Map<string, string> }): void;
  setOptions(options: { settings: { scripts: unknown[] } }): void;
}

export function renderService(): AstroIntegration {
  let outDir = '';
  return {
    name: 'author-site:render-bundle',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': ({ setPrerenderer }) => {
        const bundleDir = process.env['SITE_RENDER_BUNDLE'];
        if (!bundleDir) return;
        setPrerenderer((astro) => ({
          name: 'author-site:render-bundle',
          setup: async () => {
            const prerenderDir = path.join(outDir, '.prerender');
            const entry = (await fs.readdir(prerenderDir)).find((name) => /^prerender-entry\..*\.mjs$/.test(name));
            if (!entry) throw new Error(`Astro's prerender entry is not in ${prerenderDir}`);
            // The same module Astro's own prerenderer imports next: what it hands the app is what the worker needs.
            const { app } = (await import(pathToFileURL(path.join(prerenderDir, entry)).href)) as { app: BuildApp };
            const state: BundleState = { entry, pages: [], entrySpecifiers: [], scripts: [] };
            const setInternals = app.setInternals.bind(app);
            const setOptions = app.setOptions.bind(app);
            app.setInternals = (internals) => {
              state.pages = [...internals.pagesByKeys].map(([key, page]) => [key, { styles: page.styles }]);
              state.entrySpecifiers = [...internals.entrySpecifierToBundleMap];
              setInternals(internals);
            };
            app.setOptions = (options) => {
              state.scripts = options.settings.scripts;
              setOptions(options);
            };
            await astro.setup?.();
            await fs.cp(prerenderDir, bundleDir, { recursive: true });
            await fs.writeFile(path.join(bundleDir, BUNDLE_STATE), JSON.stringify(state));
          },
          getStaticPaths: async () => [],
          render: (request, options) => astro.render(request, options),
        }));
      },
    },
  };
}
