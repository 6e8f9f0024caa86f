// The Cloudflare Worker (wrangler.jsonc "main"): the site's pages are the static assets Cloudflare
// serves itself; this answers the API, the page addresses without a file, and the cron trigger.
// Why a Worker with static assets and not Pages Functions: docs/decisions/0015-cloudflare-workers-entry.md.
// Its variables are listed in ./config.ts (DATABASE_URL, NEON_WS_PROXY, SESSION_SECRET, SITE_URL,
// S3_*, DEPLOY_HOOK_URL, RATE_LIMIT_SCALE, ANALYTICS_RETENTION_DAYS, ARCHIVE_MAX_BYTES, SMTP_URL,
// MAIL_FROM, MAIL_RATE_PER_MINUTE).
import { wasmImages } from '#functions/images/wasm-images.ts';
import { openNeonDatabase } from './database.ts';
import { createWorker } from './handler.ts';
import { hashWasmModules } from './hash-wasm-modules.ts';
import { usePrecompiledWasm } from './precompiled-wasm.ts';
import { deployHookRebuild } from './rebuild.ts';
import { workerMailTransport } from './smtp-transport.ts';
import { workerCodecModules } from './wasm-codecs.ts';

// Before any request: password hashing (hash-wasm) compiles WebAssembly on first use.
usePrecompiledWasm(hashWasmModules);

export default createWorker({
  openDatabase: openNeonDatabase,
  rebuildTrigger: deployHookRebuild,
  images: wasmImages(workerCodecModules),
  mailTransport: (config) => workerMailTransport(config),
});
