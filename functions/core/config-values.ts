// Parsers for configuration variables that both entries read: the Node server (scripts/config.ts,
// from process.env) and the Cloudflare Worker (functions/cloudflare/config.ts, from its env
// bindings). Web standards only, so the Worker bundle can import them. Each error names the
// variable and what it should look like, never a secret's value.
import type { S3StorageOptions } from './s3-storage.ts';

/** Variables by name; unset and empty mean the same. */
export type ConfigVariables = Readonly<Record<string, string | undefined>>;

export function readInteger(env: ConfigVariables, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number between ${min} and ${max} (got ${JSON.stringify(raw)})`);
  }
  return value;
}

export function readBoolean(env: ConfigVariables, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`${name} must be true or false (got ${JSON.stringify(raw)})`);
}

/** SITE_URL without trailing slashes, refused unless it is an http(s) URL with a host. */
export function readSiteUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.search || url.hash || url.username) {
    throw new Error(`SITE_URL must be the site's public http(s) address such as https://author.example (got ${JSON.stringify(raw)})`);
  }
  return raw.replace(/\/+$/, '');
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
export function readS3Config(env: ConfigVariables): S3StorageOptions | undefined {
  const bucket = env['S3_BUCKET'];
  if (!bucket) {
    const stray = S3_VARIABLES.filter((name) => env[name]);
    if (stray.length > 0) throw new Error(`${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET to store uploads in S3`);
    return undefined;
  }
  if (!S3_BUCKET_NAME.test(bucket)) {
    throw new Error(
      `S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens (got ${JSON.stringify(bucket)})`,
    );
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
    forcePathStyle: readBoolean(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
    prefix,
  };
}

/** Sending email (SMTP_URL, MAIL_FROM, MAIL_RATE_PER_MINUTE); undefined when SMTP_URL is unset. */
export interface MailConfig {
  /** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start). */
  smtpUrl: URL;
  from: string;
  ratePerMinute: number;
}

export const DEFAULT_MAIL_RATE_PER_MINUTE = 120;

export function readMailConfig(env: ConfigVariables): MailConfig | undefined {
  const raw = env['SMTP_URL'];
  if (!raw) {
    if (env['MAIL_FROM']) throw new Error('MAIL_FROM set without SMTP_URL: set SMTP_URL to send email');
    return undefined;
  }
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname || url.search || url.hash) {
    throw new Error('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465 (value not shown)');
  }
  const from = env['MAIL_FROM'];
  if (!from || /[\r\n]/.test(from) || !/@[^@\s>]+\.[^@\s>]+>?\s*$/.test(from)) {
    throw new Error(
      `MAIL_FROM must be the sender's address, such as "Ada Quill <news@author.example>" (got ${JSON.stringify(from ?? '')})`,
    );
  }
  return { smtpUrl: url, from, ratePerMinute: readInteger(env, 'MAIL_RATE_PER_MINUTE', DEFAULT_MAIL_RATE_PER_MINUTE, 1, 100_000) };
}
