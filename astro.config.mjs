// @ts-check
// The public site is prebuilt as static HTML (output: 'static'). Its content comes from a
// snapshot file the server writes (CONTENT_SNAPSHOT), never from the database directly.
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  outDir: process.env.SITE_OUT_DIR || './dist',
  output: 'static',
  integrations: [react()],
  // Astro hashes its own inline scripts and styles into a <meta> policy on each page; the
  // server adds the header policy (scripts/server/static-site.ts).
  security: { csp: true },
  devToolbar: { enabled: false },
  build: { format: 'directory' },
});
