// `npm run build:cloud` (after the site was built into dist/): readies dist/ for Cloudflare's
// static assets (wrangler.jsonc):
// - _headers: the pages' security headers and the feeds' media type, which the Node server sets itself (page-headers.ts);
// - _redirects: folder pages without their trailing slash answer 301 with it, as on Node (page-redirects.ts);
// - .assetsignore: leaves out the precompressed .br/.gz copies (precompress.ts), which only the
//   Node server uses: Cloudflare compresses on its own, and they would double the file count.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { headersFile } from '#functions/cloudflare/page-headers.ts';
import { redirectsFile } from '#functions/cloudflare/page-redirects.ts';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
if (!fs.existsSync(path.join(distDir, 'index.html'))) {
  console.error(`${distDir} holds no built site: run npm run build first`);
  process.exit(1);
}
fs.writeFileSync(path.join(distDir, '_headers'), headersFile());
fs.writeFileSync(path.join(distDir, '_redirects'), redirectsFile());
fs.writeFileSync(path.join(distDir, '.assetsignore'), '*.br\n*.gz\n');
console.log(`Wrote _headers, _redirects and .assetsignore into ${distDir}`);
