// Configuration from the environment, read once by the Node entry and the CLI scripts.
// Every variable is documented in README.md ("Configuration").
import path from 'node:path';
import type { DatabaseConfig, DatabaseKind } from '../db/connect.ts';

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
  seedDemoContent: boolean;
  rebuildDebounceMs: number;
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

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integer(env, 'PORT', 4321, 1, 65535);
  const host = env['HOST'] || '127.0.0.1';
  const dataDir = path.resolve(env['DATA_DIR'] || './data');
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
    siteUrl: (env['SITE_URL'] || `http://localhost:${port}`).replace(/\/+$/, ''),
    seedDemoContent: env['SEED_DEMO_CONTENT'] !== 'false',
    rebuildDebounceMs: integer(env, 'REBUILD_DEBOUNCE_MS', 1500, 0, 600_000),
  };
}
