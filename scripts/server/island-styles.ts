// Astro writes the style its islands need (`astro-island{display:contents}`) into <body>, just
// before a page's first island, and has no setting to place it elsewhere. A <style> in <body> is
// invalid HTML (docs/product.md, Valid pages, addresses and crawlers), so the build moves it into
// <head>. The page's Content-Security-Policy already holds its hash: only its place changes.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const ISLAND_STYLE = /<style>astro-island[^<]*<\/style>/;

/** The page with Astro's island style moved from <body> to the end of <head>; any other page as it was. */
export function moveIslandStyle(html: string): string {
  const head = html.indexOf('</head>');
  const style = ISLAND_STYLE.exec(html);
  if (head < 0 || !style || style.index < head) return html;
  return html.slice(0, head) + style[0] + html.slice(head, style.index) + html.slice(style.index + style[0].length);
}

/** Moves the island style of every built page into its <head>. */
export function islandStylesInHead(): AstroIntegration {
  return {
    name: 'island-styles-in-head',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const root = fileURLToPath(dir);
        for await (const file of fs.glob('**/*.html', { cwd: root })) {
          const page = path.join(root, file);
          const html = await fs.readFile(page, 'utf8');
          const moved = moveIslandStyle(html);
          if (moved !== html) await fs.writeFile(page, moved);
        }
      },
    },
  };
}
