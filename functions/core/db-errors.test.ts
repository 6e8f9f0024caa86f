// Which errors mean "the database cannot be reached now" (503, try again) rather than a bug (500),
// with errors the real drivers throw wherever they can be produced here.
import net from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { connectDatabase } from '#db/connect.ts';
import { useApiTestContext } from '#scripts/test/api.ts';
import { createApp } from '#functions/app.ts';
import { databaseUnavailable } from './db-errors.ts';
import { UNAVAILABLE } from './errors.ts';

const t = useApiTestContext();

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('databaseUnavailable', () => {
  it.each([
    ['pg: the server is down', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['pg: the server shut down under the connection', withCode('terminating connection due to administrator command', '57P01')],
    ['Postgres is starting up', withCode('the database system is starting up', '57P03')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['pg: the connection closed', new Error('Connection terminated unexpectedly')],
    [
      'pg-pool: connect timeout, wrapped',
      new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') }),
    ],
    ['pg-pool: waiting for a connection', new Error('timeout exceeded when trying to connect')],
    ['pg: query_timeout', new Error('Query read timeout')],
    ['Node: every address of a name refused', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '')],
    ['a name that does not resolve', withCode('getaddrinfo ENOTFOUND db.example', 'ENOTFOUND')],
    ['Neon: the WebSocket failed (its error event)', new Event('error')],
    ['Neon: the compute did not start', withCode("Couldn't connect to compute node", 'XX000')],
  ])('recognises %s', (_case, error) => {
    expect(databaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint "x"', '23505')],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
    [
      'a cause cycle',
      (() => {
        const e = new Error('x') as Error & { cause?: unknown };
        e.cause = e;
        return e;
      })(),
    ],
  ])('does not take %s for an outage', (_case, error) => {
    expect(databaseUnavailable(error)).toBe(false);
  });

  it('recognises what pg throws when nothing listens', async () => {
    const handle = await connectDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres` });
    try {
      const error = await sql`select 1`.execute(handle.db).catch((e: unknown) => e);
      expect(databaseUnavailable(error)).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it("recognises what Neon's driver throws when its WebSocket cannot connect", async () => {
    const { Pool, neonConfig } = await import('@neondatabase/serverless');
    Object.assign(neonConfig, { wsProxy: `127.0.0.1:${await closedPort()}/v2`, useSecureWebSocket: false, pipelineConnect: false });
    const pool = new Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    try {
      const error = await pool.query('select 1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Event);
      expect(databaseUnavailable(error)).toBe(true);
    } finally {
      await pool.end().catch(() => {});
    }
  });

  it('recognises what PGlite throws once closed, and not its SQL errors', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create();
    expect(databaseUnavailable(await pglite.query('selec 1').catch((e: unknown) => e))).toBe(false);
    await pglite.close();
    expect(databaseUnavailable(await pglite.query('select 1').catch((e: unknown) => e))).toBe(true);
  });
});

describe('the API while the database is unreachable', () => {
  it('answers 503 with Retry-After, at once, on public, sign-in and admin routes', async () => {
    const cookie = await t.signedInAs('admin'); // a valid session: its version is checked in the database
    const handle = await connectDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres` });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const app = createApp({ ...t.deps, db: handle.db });
      const origin = 'http://localhost:4321';
      const requests = [
        new Request(`${origin}/api/author/get`),
        new Request(`${origin}/api/socials/get.php`),
        new Request(`${origin}/api/auth/login`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: '{"username":"a","password":"b"}',
        }),
        new Request(`${origin}/api/admin/quick-stats`, { headers: { cookie } }),
      ];
      for (const request of requests) {
        const res = await app.request(request);
        expect(res.status, request.url).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(await res.json()).toEqual({ success: false, error: UNAVAILABLE });
      }
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^\[api\] GET \/api\/author\/get: unavailable \(connect ECONNREFUSED/));
    } finally {
      logged.mockRestore();
      await handle.close();
    }
  });
});
