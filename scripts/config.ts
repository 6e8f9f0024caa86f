// Configuration from the environment, read once by the Node entry and the CLI scripts.
// Every variable is documented in README.md ("Configuration").
import path from 'node:path';
import type { DatabaseConfig, DatabaseKind } from '#db/connect.ts';
import { DEFAULT_RETENTION_DAYS } from '#functions/analytics/rollup.ts';
import { readInteger as integer, type MailConfig, readMailConfig, readS3Config, readSiteUrl as siteUrl } from '#core/config-values.ts';
import type { S3StorageOptions } from '#core/s3-storage.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  adminPassword: string | undefined;
  sessionSecret: string | undefined;
  /** Proxies whose X-Forwarded-For is believed (addresses, or "loopback"). */
  trustedProxies: string[];
  /** Public address of the site, for canonical links when the profile names no domain. */
  siteUrl: string;
  /**
   * The origin of SITE_URL when it is set: the only origin whose forms the API accepts (CSRF),
   * instead of whatever the Host header claims. Undefined on a local site without SITE_URL.
   */
  siteOrigin: string | undefined;
  seedDemoContent: boolean;
  rebuildDebounceMs: number;
  /** Multiplies the per-address limits on comments, likes and analytics (1 = as designed). */
  rateLimitScale: number;
  /** Uploads go to this bucket when S3_BUCKET is set, else to DATA_DIR/uploads. */
  s3: S3StorageOptions | undefined;
  /** Raw analytics events older than this many days are deleted (the daily rollups stay). */
  analyticsRetentionDays: number;
  /** Local backups of the embedded database and uploads (scripts/server/backup.ts); interval 0 = off. */
  backups: { dir: string; keep: number; intervalHours: number };
  /** The largest archive the admin's import accepts, in bytes (the CLI import has no such limit). */
  archiveMaxBytes: number;
  /** Sending email (SMTP_URL, MAIL_FROM, MAIL_RATE_PER_MINUTE); undefined when SMTP_URL is unset. */
  mail: MailConfig | undefined;
}

function list(env: NodeJS.ProcessEnv, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integer(env, 'PORT', 4321, 1, 65535);
  const host = env['HOST'] || '127.0.0.1';
  const dataDir = path.resolve(env['DATA_DIR'] || './data');
  const configuredSiteUrl = siteUrl(env['SITE_URL']);
  return {
    port,
    host,
    dataDir,
    database: {
      databaseUrl: env['DATABASE_URL'] || undefined,
      dataDir,
      driver: (env['DATABASE_DRIVER'] || undefined) as DatabaseKind | undefined,
    },
    adminPassword: env['ADMIN_PASSWORD'] || undefined,
    sessionSecret: env['SESSION_SECRET'] || undefined,
    trustedProxies: list(env, 'TRUSTED_PROXIES'),
    siteUrl: configuredSiteUrl ?? `http://localhost:${port}`,
    siteOrigin: configuredSiteUrl && new URL(configuredSiteUrl).origin,
    seedDemoContent: env['SEED_DEMO_CONTENT'] !== 'false',
    rebuildDebounceMs: integer(env, 'REBUILD_DEBOUNCE_MS', 300, 0, 600_000),
    rateLimitScale: integer(env, 'RATE_LIMIT_SCALE', 1, 1, 1000),
    s3: readS3Config(env),
    analyticsRetentionDays: integer(env, 'ANALYTICS_RETENTION_DAYS', DEFAULT_RETENTION_DAYS, 1, 36_500),
    backups: {
      dir: path.resolve(env['BACKUP_DIR'] || path.join(dataDir, 'backups')),
      keep: integer(env, 'BACKUP_KEEP', 7, 1, 1000),
      intervalHours: integer(env, 'BACKUP_INTERVAL_HOURS', 24, 0, 8760),
    },
    archiveMaxBytes: integer(env, 'ARCHIVE_MAX_BYTES', 512 * 1024 * 1024, 1024 * 1024, 2 * 1024 ** 3),
    mail: readMailConfig(env),
  };
}
