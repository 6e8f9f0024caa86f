// The Worker's two handlers, with the platform pieces passed in (worker.ts passes the real ones,
// tests pass fakes): `fetch` sends /api/* to the one Hono app and any other address (one that
// Cloudflare found no file for) to the site's fallback; `scheduled` (the cron triggers) releases
// due chapters, retries a failed deploy hook and sends the queued emails every minute, and keeps
// the analytics rollups current every hour. The app is created per request (about 0.5 ms) because
// its database is.
import { maintainAnalytics } from '#functions/analytics/rollup.ts';
import { createApp } from '#functions/app.ts';
import type { MailConfig } from '#core/config-values.ts';
import { nowOf } from '#core/env.ts';
import type { ImageProcessor } from '#core/images.ts';
import type { MailDeps, MailTransport } from '#core/mail.ts';
import type { RebuildTrigger } from '#core/rebuild.ts';
import { S3Storage } from '#core/s3-storage.ts';
import type { Storage } from '#core/storage.ts';
import { canonicalAddress } from '#core/ip-address.ts';
import { sendDueMail } from '#functions/mail/send-due.ts';
import { runDueReleases } from '#functions/releases/run.ts';
import { readWorkerConfig, type WorkerConfig } from './config.ts';
import type { DatabaseSession } from './database.ts';
import { type AssetsBinding, siteFallback } from './site-fallback.ts';

/** The Worker's bindings: the static assets, and the variables read by config.ts. */
export interface WorkerEnv {
  ASSETS: AssetsBinding;
  [variable: string]: unknown;
}

/** The part of Cloudflare's ExecutionContext used here: work that may finish after the answer. */
export interface WaitUntil {
  waitUntil(promise: Promise<unknown>): void;
}

/** A rebuild trigger as the Worker drives it (functions/core/deploy-hook.ts, or none). */
export interface WorkerRebuild extends RebuildTrigger {
  /** Resolves when the calls started by schedule() are done; handed to waitUntil. */
  idle(): Promise<void>;
  /** Makes a call that is due (after a failure's back-off); run by the cron trigger. */
  runDue(): Promise<unknown>;
}

export interface WorkerPlatform {
  openDatabase(config: WorkerConfig): DatabaseSession;
  rebuildTrigger(config: WorkerConfig, db: DatabaseSession['db']): WorkerRebuild;
  images: ImageProcessor;
  storage?(config: WorkerConfig): Storage;
  /** The SMTP connection (./smtp-transport.ts); it connects on its first message. */
  mailTransport(config: MailConfig): MailTransport;
  now?(): Date;
}

/**
 * The hourly trigger in wrangler.jsonc: the analytics upkeep (rollups, pruning, ANALYZE) runs hourly
 * as on the Node server; every other minute only does the cheap checks (releases, deploy hook).
 */
export const ANALYTICS_CRON = '7 * * * *';

/** What Cloudflare passes to `scheduled`; `cron` is empty for a run started by hand (wrangler's /__scheduled). */
export interface ScheduledRun {
  cron?: string;
}

/**
 * How long the cron's mail task may send: the rest of the minute's run, so runs do not pile up
 * (overlapping runs would still send each email once: rows are claimed). What is left waits for the next run.
 */
export const MAIL_BUDGET_MS = 50_000;

const CONFIG_ERROR = 'The site is not configured correctly. The server log names the setting to fix.';

/** The variables among the bindings (objects such as ASSETS are not configuration). */
function variablesOf(env: WorkerEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The configuration, or null after logging what is wrong (nothing is cached: a fix applies at once). */
function configOrNull(env: WorkerEnv): WorkerConfig | null {
  try {
    return readWorkerConfig(variablesOf(env));
  } catch (error) {
    console.error(`[worker] configuration: ${(error as Error).message}`);
    return null;
  }
}

/** Cloudflare sets CF-Connecting-IP on every request; anything but an address is not believed. */
export function clientIpOf(request: { header(name: string): string | undefined }): string {
  return canonicalAddress(request.header('cf-connecting-ip') ?? '') ?? 'unknown';
}

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

export function createWorker(platform: WorkerPlatform) {
  const storageFor = platform.storage ?? ((config: WorkerConfig) => new S3Storage(config.s3));
  const mailOf = (config: WorkerConfig): MailDeps | undefined =>
    config.mail && {
      transport: platform.mailTransport(config.mail),
      from: config.mail.from,
      ratePerMinute: config.mail.ratePerMinute,
      siteUrl: config.siteUrl,
    };

  async function answerApi(request: Request, env: WorkerEnv, ctx: WaitUntil): Promise<Response> {
    const config = configOrNull(env);
    if (!config) return Response.json({ success: false, error: CONFIG_ERROR }, { status: 500 });
    const session = platform.openDatabase(config);
    const rebuild = platform.rebuildTrigger(config, session.db);
    // Emails are queued, and the cron sends them within a minute; only the admin's test email goes out now.
    const mail = mailOf(config);
    const app = createApp({
      db: session.db,
      sessionSecret: config.sessionSecret,
      clientIp: (c) => clientIpOf(c.req),
      rebuild,
      storage: storageFor(config),
      images: platform.images,
      siteOrigin: config.siteOrigin,
      secureCookies: config.siteUrl.startsWith('https://'),
      rateLimitScale: config.rateLimitScale,
      archiveMaxBytes: config.archiveMaxBytes,
      ...(mail && { mail }),
      ...(platform.now && { now: platform.now }),
    });
    try {
      return await app.fetch(request);
    } finally {
      // The deploy hook's debounced call runs after the answer; the connections close after it.
      ctx.waitUntil(rebuild.idle().finally(() => Promise.all([session.close(), mail?.transport.close()])));
    }
  }

  return {
    async fetch(request: Request, env: WorkerEnv, ctx: WaitUntil): Promise<Response> {
      if (isApiPath(new URL(request.url).pathname)) return answerApi(request, env, ctx);
      return siteFallback(request, env.ASSETS);
    },

    /** Every task runs even when one before it failed; the run fails (shown in Cloudflare's log) if any did. */
    async scheduled(run: ScheduledRun, env: WorkerEnv, _ctx: WaitUntil): Promise<void> {
      const config = configOrNull(env);
      if (!config) throw new Error('scheduled run skipped: the configuration is invalid (see the message above)');
      const session = platform.openDatabase(config);
      const rebuild = platform.rebuildTrigger(config, session.db);
      const now = nowOf(platform);
      const tasks: [string, () => Promise<unknown>][] = [['releases', () => runDueReleases({ db: session.db, rebuild }, now)]];
      if (!run.cron || run.cron === ANALYTICS_CRON) {
        tasks.push(['analytics upkeep', () => maintainAnalytics(session.db, now, config.analyticsRetentionDays)]);
      }
      tasks.push(['deploy hook retry', () => rebuild.runDue()]);
      // Last: it may take the rest of the run (MAIL_BUDGET_MS).
      const mail = mailOf(config);
      if (mail) {
        // A release is announced once the deployed site serves its chapter page (a deploy takes
        // minutes after the hook); the static assets answer that without leaving Cloudflare.
        const pageIsLive = async (pathname: string) => (await env.ASSETS.fetch(new Request(new URL(pathname, config.siteUrl)))).ok;
        const deps = { db: session.db, sessionSecret: config.sessionSecret, mail: { ...mail, pageIsLive } };
        tasks.push(['mail', () => sendDueMail(deps, now, { budgetMs: MAIL_BUDGET_MS }).finally(() => mail.transport.close())]);
      }
      const failed: string[] = [];
      try {
        for (const [name, task] of tasks) {
          try {
            await task();
          } catch (error) {
            console.error(`[cron] ${name} failed:`, error);
            failed.push(name);
          }
        }
        await rebuild.idle();
      } finally {
        await session.close();
      }
      if (failed.length > 0) throw new Error(`scheduled run: ${failed.join(', ')} failed`);
    },
  };
}
