// @ts-check
// The public site is prebuilt as static HTML (output: 'static'). Its content comes from a
// snapshot file the server writes (CONTENT_SNAPSHOT), never from the database directly.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { islandStylesInHead } from './scripts/server/island-styles.ts';
import { renderService } from './scripts/server/render-service-integration.ts';
import { loadContent } from './src/lib/content.ts';
import { siteOrigin } from './src/lib/seo.ts';

const content = loadContent();
// The theme script runs inline in every page's <head> (src/layouts/DocumentShell.astro): it must
// run before the first paint, and as a file it would cost a render-blocking request. So does the
// service worker's registration (src/layouts/BaseLayout.astro), which is too small to be worth a
// request. Astro hashes only the scripts it bundles, so these hashes are added here.
const inlineScriptHash = (/** @type {string} */ file) =>
  /** @type {`sha256-${string}`} */ (
    `sha256-${createHash('sha256')
      .update(fs.readFileSync(new URL(file, import.meta.url), 'utf8'))
      .digest('base64')}`
  );
const inlineScriptHashes = [inlineScriptHash('./public/theme-init.js'), inlineScriptHash('./src/scripts/register-service-worker.js')];

export default defineConfig({
  // The public origin, as every page's canonical link has it: the profile's Site Domain when the
  // author set one, else SITE_URL. The sitemap takes its addresses from here.
  site: siteOrigin(content.profile.site_domain, new URL(process.env.SITE_URL || 'http://localhost:4321')),
  outDir: process.env.SITE_OUT_DIR || './dist',
  output: 'static',
  // The sitemap is written at publish time with the pages (scripts/server/sitemap-files.ts).
  integrations: [react(), renderService(), islandStylesInHead()],
  // Astro hashes its own inline scripts and styles into a <meta> policy on each page; the
  // server adds the header policy (scripts/server/static-site.ts).
  // 'wasm-unsafe-eval': the reader's search compiles WebAssembly (docs/decisions/0046-search-with-pagefind.md).
  security: { csp: { scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"], hashes: inlineScriptHashes } } },
  devToolbar: { enabled: false },
  // Styles inline: no render-blocking stylesheet request before the first paint of any page.
  build: { format: 'directory', inlineStylesheets: 'always' },
  // What the reader pages' scripts share (analytics, progress, the search launcher, the role
  // check of the Edit link) and the bundler's own helpers go in one chunk instead of six: each
  // page has a budget of requests (docs/product.md, Speed and capacity), and these weigh about
  // 5 KiB together. A module named here that is renamed only falls back to the bundler's split.
  // Every module of the chunk runs when any page loads it (the admin does, for roles and counts),
  // so none may act when loaded: analytics.ts and search-launcher.ts act only when called.
  vite: {
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'reader',
                test: /src[\\/]scripts[\\/](analytics|search-launcher|story-progress)\.ts|src[\\/]lib[\\/](reading-progress|reader-urls|counts|chapter-set|html-text)\.ts|functions[\\/]core[\\/]roles\.ts|preload-helper|rolldown.runtime/,
              },
            ],
          },
        },
      },
    },
  },
});
