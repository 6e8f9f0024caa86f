// Composes the Node server: the API under /api, the published static site everywhere else.
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { DatabaseHandle } from '#db/connect.ts';
import { createApp } from '#functions/app.ts';
import { S3Storage } from '#core/s3-storage.ts';
import type { MailDeps } from '#core/mail.ts';
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

/**
 * Content changed: the static site is rebuilt, and the mail sender looks for new releases to
 * announce (docs/decisions/0042-mail-outbox.md). The admin's top bar shows a failed backup
 * beside the publish state (docs/decisions/0027-publish-state.md).
 */
export function contentChanged(publisher: SitePublisher, mail?: MailDeps, backupError?: () => Failure | null): RebuildTrigger {
  return {
    schedule: (reason) => {
      publisher.schedule(reason);
      mail?.queued?.();
    },
    state: () => ({ ...publisher.state(), backup_error: backupError?.() ?? null }),
  };
}

export function createServer(options: {
  config: ServerConfig;
  database: DatabaseHandle;
  sessionSecret: Uint8Array;
  publisher: SitePublisher;
  /** Re-arms the release timer after a release time changed. */
  releasesChanged?: () => void;
  /** The last local backup's failure, null while backups succeed (or are made elsewhere). */
  backupError?: () => Failure | null;
  /** Sending email (SMTP_URL); unset, nobody can follow by email. */
  mail?: MailDeps;
}): Hono {
  const { config, database, sessionSecret, publisher, releasesChanged, backupError, mail } = options;
  const api = createApp({
    db: database.db,
    sessionSecret,
    clientIp: clientIpResolver(config.trustedProxies),
    rebuild: contentChanged(publisher, mail, backupError),
    storage: uploadStorage(config),
    images: sharpImages,
    siteOrigin: config.siteOrigin,
    rateLimitScale: config.rateLimitScale,
    secureCookies: config.siteUrl.startsWith('https://'),
    archiveMaxBytes: config.archiveMaxBytes,
    spoolBody: tempFileSpool(spoolDir(config)),
    ...(releasesChanged && { releasesChanged }),
    ...(mail && { mail }),
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
