// The Worker's configuration, from its environment (wrangler.jsonc "vars", secrets set with
// `wrangler secret put`, or `wrangler dev --var NAME:value`). Read on every request (it is a
// few string checks), so a mistake is answered with a message naming the variable instead of
// crashing the instance at start-up, and a fixed variable works without a new deploy.
import { type ConfigVariables, type MailConfig, readInteger, readMailConfig, readS3Config, readSiteUrl } from '#core/config-values.ts';
import type { S3StorageOptions } from '#core/s3-storage.ts';
import { DEFAULT_RETENTION_DAYS } from '#functions/analytics/rollup.ts';
import { parseDeployHookUrl } from '#core/deploy-hook.ts';

/**
 * Every variable the Worker reads (also listed in docs/decisions/0015-cloudflare-workers-entry.md):
 * - DATABASE_URL (required): postgres:// URL of the Neon database, spoken to over WebSockets.
 * - NEON_WS_PROXY: ws:// or wss:// address of a WebSocket-to-Postgres proxy for a database that is
 *   not on Neon (loopback tests: `ws://127.0.0.1:PORT/v2`). ws:// sends the connection unencrypted:
 *   only for a proxy on the same machine.
 * - SESSION_SECRET (required, secret): at least 32 characters; signs session cookies.
 * - SITE_URL (required): the site's public address; only its pages may send forms (CSRF), and
 *   https makes cookies Secure.
 * - S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (secret) (required), S3_ENDPOINT,
 *   S3_REGION, S3_FORCE_PATH_STYLE, S3_PREFIX: the uploads bucket, as for the Node server.
 * - DEPLOY_HOOK_URL (secret): the build hook POSTed when content changes; unset, nothing is rebuilt.
 * - RATE_LIMIT_SCALE, ANALYTICS_RETENTION_DAYS: as for the Node server; ARCHIVE_MAX_BYTES likewise,
 *   but 32 MB by default and at most 100 MB (see WORKER_ARCHIVE_MAX_BYTES).
 * - SMTP_URL (secret: it holds the password), MAIL_FROM, MAIL_RATE_PER_MINUTE: sending email, as for
 *   the Node server (SMTP over Workers' TCP sockets: ./smtp-transport.ts); unset, nobody can follow by email.
 * The client's address is the CF-Connecting-IP header, which Cloudflare sets on every request.
 */
export interface WorkerConfig {
  databaseUrl: string;
  /** The proxy address without its scheme (as neonConfig.wsProxy wants it) and whether it is wss. */
  neonProxy: { address: string; secure: boolean } | undefined;
  sessionSecret: Uint8Array;
  siteUrl: string;
  siteOrigin: string;
  s3: S3StorageOptions;
  deployHookUrl: string | undefined;
  rateLimitScale: number;
  analyticsRetentionDays: number;
  archiveMaxBytes: number;
  mail: MailConfig | undefined;
}

/** A configuration mistake; its message names the variable and never shows a secret. */
export class WorkerConfigError extends Error {
  override name = 'WorkerConfigError';
}

/**
 * The largest archive import by default: the whole archive is held in memory, and a Worker has
 * 128 MB in all (Cloudflare also refuses request bodies over 100 MB on most plans). Larger sites
 * are imported with the CLI (npm run import) against the production database instead.
 */
export const WORKER_ARCHIVE_MAX_BYTES = 32 * 1024 * 1024;

function required(env: ConfigVariables, name: string, what: string): string {
  const value = env[name];
  if (!value) throw new WorkerConfigError(`${name} must be set: ${what}`);
  return value;
}

function databaseUrl(raw: string): string {
  const protocol = URL.canParse(raw) ? new URL(raw).protocol : '';
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw new WorkerConfigError('DATABASE_URL must be a postgres:// URL such as postgres://user:password@host/db (value not shown)');
  }
  return raw;
}

function neonProxy(raw: string | undefined): WorkerConfig['neonProxy'] {
  if (!raw) return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== 'ws:' && url.protocol !== 'wss:') || url.search || url.hash || url.username) {
    throw new WorkerConfigError(
      `NEON_WS_PROXY must be a ws:// or wss:// address such as ws://127.0.0.1:5480/v2 (got ${JSON.stringify(raw)})`,
    );
  }
  return { address: `${url.host}${url.pathname === '/' ? '' : url.pathname}`, secure: url.protocol === 'wss:' };
}

/** Reads and checks every variable; throws WorkerConfigError naming the first one that is wrong. */
export function readWorkerConfig(env: ConfigVariables): WorkerConfig {
  try {
    const secret = required(env, 'SESSION_SECRET', 'a random string of at least 32 characters (wrangler secret put SESSION_SECRET)');
    if (secret.length < 32) throw new WorkerConfigError('SESSION_SECRET must be at least 32 characters long.');
    const siteUrl = readSiteUrl(required(env, 'SITE_URL', "the site's public address such as https://author.example"))!;
    const s3 = readS3Config(env);
    if (!s3) throw new WorkerConfigError('S3_BUCKET must be set: a Worker has no disk, so uploads live in an S3 or R2 bucket');
    const deployHook = env['DEPLOY_HOOK_URL'];
    return {
      databaseUrl: databaseUrl(required(env, 'DATABASE_URL', 'the postgres:// URL of the Neon database')),
      neonProxy: neonProxy(env['NEON_WS_PROXY']),
      sessionSecret: new TextEncoder().encode(secret),
      siteUrl,
      siteOrigin: new URL(siteUrl).origin,
      s3,
      deployHookUrl: deployHook ? parseDeployHookUrl(deployHook) : undefined,
      rateLimitScale: readInteger(env, 'RATE_LIMIT_SCALE', 1, 1, 1000),
      analyticsRetentionDays: readInteger(env, 'ANALYTICS_RETENTION_DAYS', DEFAULT_RETENTION_DAYS, 1, 36_500),
      archiveMaxBytes: readInteger(env, 'ARCHIVE_MAX_BYTES', WORKER_ARCHIVE_MAX_BYTES, 1024 * 1024, 100 * 1024 * 1024),
      mail: readMailConfig(env),
    };
  } catch (error) {
    throw error instanceof WorkerConfigError ? error : new WorkerConfigError((error as Error).message);
  }
}
