import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { dailySalt } from './salts.ts';
import { visitorKey } from './visitor-key.ts';
import { CHROME_ON_WINDOWS, ingest, pageView, setClock, storedEvents, storedSalts } from './test-kit.ts';

const t = useApiTestContext();
afterEach(() => vi.useRealTimers());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

async function hashOf(ip: string, userAgent = CHROME_ON_WINDOWS): Promise<string> {
  const res = await ingest(t, pageView(), { ip, headers: { 'user-agent': userAgent } });
  expect(res.status).toBe(204);
  return (await storedEvents(t)).at(-1)!.visitor_hash;
}

/** Every value in every table, as text. */
async function everythingStored(): Promise<string> {
  const { rows } = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = 'public'`.execute(t.database.db);
  const dumps = await Promise.all(rows.map(({ tablename }) => sql`select * from ${sql.table(tablename)}`.execute(t.database.db)));
  return JSON.stringify(dumps.map((d) => d.rows));
}

describe('analytics privacy: the visitor hash', () => {
  it('stores neither the address nor the user agent in any table', async () => {
    const ip = '203.0.113.77';
    const userAgent = `${CHROME_ON_WINDOWS} UniqueBuild/9z8y7x`;
    await ingest(t, pageView(), { ip, headers: { 'user-agent': userAgent } });
    await ingest(t, pageView(), { ip: '2001:db8::beef', headers: { 'user-agent': userAgent } });
    expect(await storedEvents(t)).toHaveLength(2);
    const stored = await everythingStored();
    for (const secret of [ip, '203.0.113', '2001:db8::beef', 'UniqueBuild', 'Windows NT 10.0']) expect(stored).not.toContain(secret);
  });

  it('is the same for the same visitor on the same day, and differs by address and by browser', async () => {
    setClock('2026-11-25T00:00:01.000Z');
    const first = await hashOf('203.0.113.1');
    setClock('2026-11-25T23:59:59.000Z');
    expect(await hashOf('203.0.113.1')).toBe(first);
    expect(await hashOf('203.0.113.2')).not.toBe(first);
    expect(await hashOf('203.0.113.1', FIREFOX)).not.toBe(first);
  });

  it('changes the next day, so no visitor is followed across days', async () => {
    setClock('2026-11-25T23:59:59.000Z');
    const today = await hashOf('203.0.113.1');
    setClock('2026-11-26T00:00:00.000Z');
    expect(await hashOf('203.0.113.1')).not.toBe(today);
    expect((await storedSalts(t)).map((s) => s.salt)).toHaveLength(2);
  });

  it("is SHA-256 of the day's salt, the address and the user agent, as the runtime computes it too", async () => {
    setClock('2026-11-25T10:00:00.000Z');
    const stored = await hashOf('2001:db8::7', FIREFOX);
    const [salt] = await storedSalts(t);
    expect(stored).toBe(await visitorKey(salt!.salt, '2001:db8::7', FIREFOX));
    expect(stored).not.toBe(await visitorKey(salt!.salt, '2001:db8::8', FIREFOX));
  });

  it('is not a bare hash of the address and user agent (a secret salt is mixed in)', async () => {
    const hash = await hashOf('203.0.113.1');
    const bare = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`203.0.113.1\n${CHROME_ON_WINDOWS}`)));
    expect(hash).not.toBe(Buffer.from(bare).toString('hex'));
  });
});

describe('analytics privacy: daily salts', () => {
  it('makes one random 32-byte salt per UTC day', async () => {
    const salt = await dailySalt(t.database.db, new Date('2026-11-25T10:00:00Z'));
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(await dailySalt(t.database.db, new Date('2026-11-25T23:00:00Z'))).toBe(salt);
    const next = await dailySalt(t.database.db, new Date('2026-11-26T00:00:00Z'));
    expect(next).not.toBe(salt);
    expect(await storedSalts(t)).toHaveLength(2);
  });

  it('deletes salts older than two days when a new day begins', async () => {
    const db = t.database.db;
    for (const day of ['2026-11-20', '2026-11-22', '2026-11-23', '2026-11-24']) await dailySalt(db, new Date(`${day}T12:00:00Z`));
    await dailySalt(db, new Date('2026-11-25T00:00:00Z'));
    const days = (await storedSalts(t)).map((s) => new Date(s.day).toISOString().slice(0, 10));
    expect(days).toEqual(['2026-11-24', '2026-11-25']);
  });

  it('is created once when the first requests of a day arrive together', async () => {
    setClock('2026-11-25T08:00:00.000Z');
    const responses = await Promise.all(Array.from({ length: 12 }, () => ingest(t, pageView(), { ip: '203.0.113.5' })));
    expect(responses.map((r) => r.status)).toEqual(Array(12).fill(204));
    expect(await storedSalts(t)).toHaveLength(1);
    const hashes = new Set((await storedEvents(t)).map((r) => r.visitor_hash));
    expect(hashes.size).toBe(1);
  });
});
