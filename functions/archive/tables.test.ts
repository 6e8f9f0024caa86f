// Every table of the schema is either archived or left out on purpose (tables.ts says why), so a
// table added by a later migration cannot silently miss the export.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '#scripts/test/database.ts';
import { ARCHIVED_TABLES, LEFT_OUT_TABLES } from './tables.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(async () => database?.close());

it('places every table of the schema in the archive or in the left-out list', async () => {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = current_schema() and tablename not like 'kysely_%' order by tablename`.execute(
    database.db,
  );
  const placed = [...ARCHIVED_TABLES.map((t) => t.name), ...LEFT_OUT_TABLES].sort();
  expect(placed).toEqual(rows.map((r) => r.tablename));
});
