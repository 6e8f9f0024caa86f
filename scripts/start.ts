// `npm start`: the Node entry. Opens (and migrates) the database, seeds the demo content into
// an empty one, makes sure an admin exists, builds and publishes the static site, then serves
// the site and the API in one process until SIGINT/SIGTERM.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { seedDemoContent } from '#db/seed/index.ts';
import type { Failure } from '#core/rebuild.ts';
import { readConfig } from './config.ts';
import { ensureFirstAdmin } from './server/admin-account.ts';
import { startAnalyticsMaintenance } from './server/analytics-maintenance.ts';
import { startBackups } from './server/backup-schedule.ts';
import { ReleaseTimer } from './server/release-timer.ts';
import { contentChanged, createServer, spoolDir, uploadStorage } from './server/create-server.ts';
import { createMailSender } from './server/mail-timer.ts';
import { sitePageExists } from './server/site-pages.ts';
import { siteImageReader } from './server/epub-files.ts';
import { settleInterruptedWrites } from './server/interrupted-writes.ts';
import { removeLeftoverSpools } from './server/temp-spool.ts';
import { openDatabase } from './server/open-database.ts';
import { loadSessionSecret } from './server/session-secret.ts';
import { cloneServedSite, SiteRendering, serverPublishing } from './server/site-publishing.ts';
import { SitePublisher } from './server/site-publisher.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** What to undo on stop, last opened first. Signals are handled from the very start. */
const cleanups: (() => unknown)[] = [];
let stopping = false;
async function stop(reason: string, exitCode = 0): Promise<never> {
  if (!stopping) {
    stopping = true;
    log(`${reason}: stopping`);
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  }
  process.exit(exitCode);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase(config, log);
  cleanups.push(() => database.close());
  if (stopping) return;
  log(`database: ${database.kind}${database.location ? ` in ${database.location}` : ''}`);

  // Before anything writes uploads: what an import killed midway left is undone or finished.
  await settleInterruptedWrites(database.db, uploadStorage(config), log);
  await removeLeftoverSpools(spoolDir(config));
  if (config.seedDemoContent && (await seedDemoContent(database.db))) log('database: seeded the demo content');
  const admin = await ensureFirstAdmin(database.db, config.adminPassword);
  if (admin.created) {
    log(
      admin.generatedPassword
        ? `admin: created the account "admin" with the password ${admin.generatedPassword} (shown only now; change it in Admin -> Change Password)`
        : 'admin: created the account "admin" with the password from ADMIN_PASSWORD',
    );
  }

  const uploads = uploadStorage(config);
  // The EPUB books embed images from the uploads and the project's public/ folder.
  const readImage = siteImageReader({ publicDir: path.join(projectRoot, 'public'), storage: uploads });
  const sitesDir = path.join(config.dataDir, 'site');
  // The render service lives as long as the server (docs/decisions/0051-incremental-publishing.md).
  const rendering = new SiteRendering({ projectRoot, siteUrl: config.siteUrl });
  cleanups.push(() => rendering.stop());
  const publisher = new SitePublisher({
    sitesDir,
    debounceMs: config.rebuildDebounceMs,
    log,
    build: serverPublishing({
      db: database.db,
      rendering,
      sitesDir,
      siteUrl: config.siteUrl,
      readImage,
      followByEmail: Boolean(config.mail),
      forceFull: process.env['PUBLISH_MODE'] === 'full',
      log,
    }),
    clone: cloneServedSite,
  });
  cleanups.push(() => publisher.stop());
  // A site published before a restart is served at once and refreshed in the background;
  // on the very first start the server waits for the first build.
  if (publisher.restore()) publisher.schedule('server start');
  else await publisher.publishNow('first start');
  if (stopping) return;

  const sessionSecret = loadSessionSecret(config.sessionSecret, config.dataDir);
  // Email (SMTP_URL): stopped before the database closes, after recording what it sent.
  const sender =
    config.mail &&
    createMailSender({
      config: config.mail,
      siteUrl: config.siteUrl,
      // A release is announced once the rebuild has swapped its chapter page in.
      pageIsLive: (pathname) => sitePageExists(publisher.current, pathname),
      db: database.db,
      sessionSecret,
      log,
    });
  if (sender) cleanups.push(() => sender.stop());

  // Chapters that fell due while the server was down are released now (and republished).
  const releases = new ReleaseTimer({ db: database.db, rebuild: contentChanged(publisher, sender?.mail), log });
  cleanups.push(() => releases.stop());
  await releases.start();
  // What a stopped or killed server left in the outbox goes out now (not awaited: it is paced).
  void sender?.timer.wake();
  cleanups.push(startAnalyticsMaintenance(database.db, config.analyticsRetentionDays, log));
  // Stopped before the database closes: a backup in progress finishes first.
  let backupError: Failure | null = null;
  cleanups.push(startBackups(config, database, log, (failure) => (backupError = failure), publisher));
  const app = createServer({
    config,
    database,
    sessionSecret,
    publisher,
    releasesChanged: () => void releases.changed(),
    backupError: () => backupError,
    ...(sender && { mail: sender.mail }),
  });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
    log(`ready: http://${config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host}:${config.port}`),
  );
  cleanups.push(() => server.close());
}

main().catch((error) => {
  if (stopping) return;
  console.error(error instanceof Error ? error.message : error);
  void stop('error', 1);
});
