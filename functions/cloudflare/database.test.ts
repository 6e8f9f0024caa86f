// Failures of Neon's driver as the app must see them: in workerd a failed WebSocket rejects with
// an ErrorEvent (no Error), which Hono's error handler would never receive.
import { Kysely, PostgresDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from '#core/db-errors.ts';
import { asError, errorsAsErrors } from './database.ts';

/** What workerd hands the driver when the socket fails: the WebSocket's error event, with a message. */
const errorEvent = Object.assign(new Event('error'), { message: 'Uncaught Error: Network connection lost.' });

const kyselyOver = (pool: Parameters<typeof errorsAsErrors>[0]) =>
  new Kysely({ dialect: new PostgresDialect({ pool: errorsAsErrors(pool) as never }) });

describe('the Worker database errors', () => {
  it('turns a failed connection into an Error that the app answers with 503', async () => {
    const db = kyselyOver({ connect: () => Promise.reject(errorEvent), end: async () => {} });
    const failure = await sql`select 1`.execute(db).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('The WebSocket to the database failed: Uncaught Error: Network connection lost.');
    expect(databaseUnavailable(failure)).toBe(true);
  });

  it('does the same for a query whose connection drops, and releases the connection', async () => {
    let released = 0;
    const client = { query: () => Promise.reject(errorEvent), release: () => void released++ };
    const db = kyselyOver({ connect: async () => client as never, end: async () => {} });
    const failure = await sql`select 1`.execute(db).catch((error: unknown) => error);
    expect(databaseUnavailable(failure)).toBe(true);
    expect(released).toBe(1);
  });

  it('passes real errors (a wrong query) through unchanged', async () => {
    const syntax = Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' });
    expect(asError(syntax)).toBe(syntax);
    expect(databaseUnavailable(asError(syntax))).toBe(false);
    expect(asError('text').message).toBe('The WebSocket to the database failed: text');
    expect(asError(null).message).toBe('The WebSocket to the database failed: null');
  });
});
