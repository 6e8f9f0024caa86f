// Opens the database named by configuration: embedded PGlite in DATA_DIR when no DATABASE_URL
// is set, node-postgres for a postgres:// URL, Neon's serverless driver for Neon.
// Drivers are imported lazily so each runtime loads only the one it uses.
import path from 'node:path';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { POOL_TIMEOUTS } from './pool-timeouts.ts';
import type { Database } from './types.ts';

export type DatabaseKind = 'pglite' | 'postgres' | 'neon';

export interface DatabaseConfig {
  /** postgres:// URL; unset means the embedded database. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** Forces a driver; otherwise Neon hosts get Neon's driver and other URLs get `pg`. */
  driver?: DatabaseKind | undefined;
  /** An embedded database's files (a dumpDataDir tarball) to start from: tests clone a migrated one. */
  loadDataDir?: Blob | undefined;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the embedded database lives (null for a server database). */
  location: string | null;
  /** The embedded database's files as a gzipped tarball (PGlite only), for backups. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export function chooseDriver(config: DatabaseConfig): DatabaseKind {
  if (config.driver) return config.driver;
  if (!config.databaseUrl) return 'pglite';
  const host = new URL(config.databaseUrl).hostname;
  return host.endsWith('.neon.tech') ? 'neon' : 'postgres';
}

/** Where PGlite keeps its files inside DATA_DIR. */
export function embeddedDatabaseDir(dataDir: string): string {
  return dataDir === 'memory://' ? dataDir : path.join(dataDir, 'pgdata');
}

export async function connectDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  const kind = chooseDriver(config);
  if (kind === 'pglite') {
    const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
    const location = embeddedDatabaseDir(config.dataDir ?? './data');
    // pg_trgm backs the gallery search index (migration 2026-11-22T0100).
    const pglite = await PGlite.create({
      ...(location === 'memory://' ? {} : { dataDir: location }),
      ...(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}),
      extensions: { pg_trgm },
      // Postgres's 128 MB of shared buffers live in the server's own memory here, and a site's
      // database is read mostly once per publish: 16 MB keeps about 120 MB of the server's memory
      // free at 10,000 chapters with no slower publish (docs/product.md, Speed and capacity).
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    return { db, kind, location, dumpDataDir: () => pglite.dumpDataDir('gzip'), close: () => db.destroy() };
  }
  if (kind === 'neon') {
    const { Pool } = await import('@neondatabase/serverless');
    const pool = new Pool({ connectionString: config.databaseUrl, ...POOL_TIMEOUTS });
    pool.on('error', (error: Error) => console.error('database: idle connection lost:', error.message));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as never }) });
    return { db, kind, location: null, close: () => db.destroy() };
  }
  const { default: pg } = await import('pg');
  // keepAlive: a connection whose peer vanished (no FIN, e.g. a host gone) is noticed and dropped.
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10, keepAlive: true, ...POOL_TIMEOUTS });
  // An idle connection that the server drops (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error('database: idle connection lost:', error.message));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind, location: null, close: () => db.destroy() };
}
