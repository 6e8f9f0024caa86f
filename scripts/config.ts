// Configuration from the environment, read once by the Node entry and the CLI scripts.
// Every variable is documented in README.md ("Configuration").
import path from 'node:path';
import type { DatabaseConfig, DatabaseKind } from '../db/connect.ts';
import { DEFAULT_RETENTION_DAYS } from '../functions/analytics/rollup.ts';
import type { S3StorageOptions } from '../functions/core/s3-storage.ts';

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
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number between ${min} and ${max} (got ${JSON.stringify(raw)})`);
  }
  return value;
}

function list(env: NodeJS.ProcessEnv, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function boolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`${name} must be true or false (got ${JSON.stringify(raw)})`);
}

const S3_VARIABLES = ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'];
// S3's bucket naming rules (lower case, 3-63 characters); R2 and MinIO follow them too.
const S3_BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const S3_PREFIX = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\/?$/;

function s3Endpoint(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const protocol = URL.canParse(raw) ? new URL(raw).protocol : '';
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new Error(`S3_ENDPOINT must be an http(s) URL such as https://ACCOUNT.r2.cloudflarestorage.com (got ${JSON.stringify(raw)})`);
  }
  return raw;
}

/** Undefined keeps uploads in the local folder; any other S3_* variable without S3_BUCKET is a mistake. */
function readS3Config(env: NodeJS.ProcessEnv): S3StorageOptions | undefined {
  const bucket = env['S3_BUCKET'];
  if (!bucket) {
    const stray = S3_VARIABLES.filter((name) => env[name]);
    if (stray.length > 0) throw new Error(`${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET to store uploads in S3`);
    return undefined;
  }
  if (!S3_BUCKET_NAME.test(bucket)) {
    throw new Error(`S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens (got ${JSON.stringify(bucket)})`);
  }
  const missing = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`${missing.join(' and ')} must be set when S3_BUCKET is set`);
  const prefix = env['S3_PREFIX'] || undefined;
  if (prefix !== undefined && (!S3_PREFIX.test(prefix) || prefix.split('/').some((part) => part === '.' || part === '..'))) {
    throw new Error(`S3_PREFIX must be a relative folder such as uploads/ (got ${JSON.stringify(prefix)})`);
  }
  const endpoint = s3Endpoint(env['S3_ENDPOINT']);
  // R2 names its one region "auto"; AWS and most S3-compatible servers expect us-east-1 by default.
  const isR2 = endpoint !== undefined && new URL(endpoint).hostname.endsWith('.r2.cloudflarestorage.com');
  return {
    bucket,
    region: env['S3_REGION'] || (isR2 ? 'auto' : 'us-east-1'),
    endpoint,
    credentials: { accessKeyId: env['S3_ACCESS_KEY_ID']!, secretAccessKey: env['S3_SECRET_ACCESS_KEY']! },
    // AWS wants bucket.host addresses; MinIO and most self-hosted services only serve host/bucket.
    forcePathStyle: boolean(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
    prefix,
  };
}

/** SITE_URL without trailing slashes, refused unless it is an http(s) URL with a host. */
function siteUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.search || url.hash || url.username) {
    throw new Error(`SITE_URL must be the site's public http(s) address such as https://author.example (got ${JSON.stringify(raw)})`);
  }
  return raw.replace(/\/+$/, '');
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
    rebuildDebounceMs: integer(env, 'REBUILD_DEBOUNCE_MS', 1500, 0, 600_000),
    rateLimitScale: integer(env, 'RATE_LIMIT_SCALE', 1, 1, 1000),
    s3: readS3Config(env),
    analyticsRetentionDays: integer(env, 'ANALYTICS_RETENTION_DAYS', DEFAULT_RETENTION_DAYS, 1, 36_500),
    backups: {
      dir: path.resolve(env['BACKUP_DIR'] || path.join(dataDir, 'backups')),
      keep: integer(env, 'BACKUP_KEEP', 7, 1, 1000),
      intervalHours: integer(env, 'BACKUP_INTERVAL_HOURS', 24, 0, 8760),
    },
    archiveMaxBytes: integer(env, 'ARCHIVE_MAX_BYTES', 512 * 1024 * 1024, 1024 * 1024, 2 * 1024 ** 3),
  };
}
