// Postgres for the Worker: Neon's serverless driver (Postgres over WebSockets, which Workers can
// open) under Kysely. db/connect.ts also knows Neon but imports the Node-only drivers, so the
// Worker has this small factory and its bundle holds neither pg nor PGlite.
//
// A Worker may not use a socket opened while answering another request, so every request (and
// every cron run) opens its own pool and closes it when its work is done (Neon's guidance for
// Workers: https://neon.com/docs/serverless/serverless-driver#use-the-driver-over-websockets).
import { Pool, type PoolClient, neonConfig } from '@neondatabase/serverless';
import { Kysely, PostgresDialect } from 'kysely';
import { POOL_TIMEOUTS } from '#db/pool-timeouts.ts';
import type { Database } from '#db/types.ts';
import type { WorkerConfig } from './config.ts';

export interface DatabaseSession {
  db: Kysely<Database>;
  /** Ends the pool's connections; call once the request's work (including waitUntil) is done. */
  close(): Promise<void>;
}

/** Points the driver at a WebSocket proxy of our own instead of Neon's (loopback tests, self-run proxies). */
function useProxy(proxy: NonNullable<WorkerConfig['neonProxy']>): void {
  neonConfig.wsProxy = proxy.address;
  neonConfig.useSecureWebSocket = proxy.secure;
  // Neon's proxy accepts the password pipelined with the first query; an ordinary Postgres behind
  // a plain proxy runs its own authentication (SCRAM), which needs the normal round trips.
  neonConfig.pipelineConnect = false;
}

/**
 * In workerd a failed WebSocket rejects with the socket's ErrorEvent, which is no Error: Hono's
 * error handler would never see it and the request would crash with a bare 500. It becomes an
 * Error whose message names the WebSocket, which the app answers 503 (functions/core/db-errors.ts).
 */
export function asError(reason: unknown): Error {
  if (reason instanceof Error) return reason;
  const message = (reason as { message?: unknown } | null)?.message;
  return new Error(`The WebSocket to the database failed: ${typeof message === 'string' && message ? message : String(reason)}`, {
    cause: reason,
  });
}

/** The pool as Kysely uses it (connect, query, release, end), with every failure an Error. */
export function errorsAsErrors(pool: { connect(): Promise<PoolClient>; end(): Promise<void> }) {
  return {
    async connect() {
      const client = await pool.connect().catch((reason: unknown) => Promise.reject(asError(reason)));
      return {
        query: (text: string, values: unknown[]) => client.query(text, values).catch((reason: unknown) => Promise.reject(asError(reason))),
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

export function openNeonDatabase(config: Pick<WorkerConfig, 'databaseUrl' | 'neonProxy'>): DatabaseSession {
  // neonConfig is global to the instance; every request of one Worker has the same settings.
  if (config.neonProxy) useProxy(config.neonProxy);
  const pool = new Pool({ connectionString: config.databaseUrl, ...POOL_TIMEOUTS });
  pool.on('error', (error: Error) => console.error('database: connection lost:', asError(error).message));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: errorsAsErrors(pool) as never }) });
  return { db, close: () => db.destroy() };
}
