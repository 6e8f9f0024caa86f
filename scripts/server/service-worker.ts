// Writes /sw.js into a built site: src/scripts/service-worker.ts with the Workbox modules it uses,
// bundled and minified by esbuild (nothing is loaded from elsewhere at run time). The file's bytes
// change only when its code does, so browsers install a new worker only then.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SERVICE_WORKER_PATH } from '#lib/offline-cache.ts';

const entry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'scripts', 'service-worker.ts');

export async function writeServiceWorker(siteDir: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile: path.join(siteDir, SERVICE_WORKER_PATH),
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    // Workbox logs and checks its arguments only in development builds.
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
  });
}
