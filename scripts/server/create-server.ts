// Composes the Node server: the API under /api, the published static site everywhere else.
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { DatabaseHandle } from '#db/connect.ts';
import { createApp } from '#functions/app.ts';
import { S3Storage } from '#core/s3-storage.ts';
import type { Failure, RebuildTrigger } from '#core/rebuild.ts';
import type { Storage } from '#core/storage.ts';
import type { ServerConfig } from '#scripts/config.ts';
import { clientIpResolver } from './client-ip.ts';
import { LocalFolderStorage } from './local-storage.ts';
import { sharpImages } from './sharp-images.ts';
import type { SitePublisher } from './site-publisher.ts';
import { staticSite } from './static-site.ts';
import { tempFileSpool } from './temp-spool.ts';
import path from 'node:path';

export function uploadStorage(config: ServerConfig): Storage {
  return config.s3 ? new S3Storage(config.s3) : new LocalFolderStorage(path.join(config.dataDir, 'uploads'));
}

/** Where request bodies wait while they are read (temp-spool.ts). */
export const spoolDir = (config: ServerConfig) => path.join(config.dataDir, 'tmp');

export function createServer(options: {
  config: ServerConfig;
  database: DatabaseHandle;
  sessionSecret: Uint8Array;
  publisher: SitePublisher;
  /** Re-arms the release timer after a release time changed. */
  releasesChanged?: () => void;
  /** The last local backup's failure, null while backups succeed (or are made elsewhere). */
  backupError?: () => Failure | null;
}): Hono {
  const { config, database, sessionSecret, publisher, releasesChanged, backupError } = options;
  // The admin's top bar shows a failed backup beside the publish state (docs/decisions/0027-publish-state.md).
  const rebuild: RebuildTrigger = {
    schedule: (reason) => publisher.schedule(reason),
    state: () => ({ ...publisher.state(), backup_error: backupError?.() ?? null }),
  };
  const api = createApp({
    db: database.db,
    sessionSecret,
    clientIp: clientIpResolver(config.trustedProxies),
    rebuild,
    storage: uploadStorage(config),
    images: sharpImages,
    siteOrigin: config.siteOrigin,
    rateLimitScale: config.rateLimitScale,
    secureCookies: config.siteUrl.startsWith('https://'),
    archiveMaxBytes: config.archiveMaxBytes,
    spoolBody: tempFileSpool(spoolDir(config)),
    ...(releasesChanged && { releasesChanged }),
  });

  const server = new Hono();
  // Only API answers are compressed per request (JSON lists); pages, scripts and styles are
  // compressed once at build time (precompress.ts) and images are compressed already.
  server.use('/api/*', compress({ contentTypeFilter: /^application\/json/ }));
  server.all('/api/*', (c) => api.fetch(c.req.raw, c.env));
  server.all('/api', (c) => api.fetch(c.req.raw, c.env));
  server.all(
    '*',
    staticSite(() => publisher.current),
  );
  return server;
}
