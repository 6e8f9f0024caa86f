// A fresh, migrated database for one test file: in-memory PGlite by default, or a throw-away
// database on the server named by TEST_DATABASE_URL (one per file, so files can run in parallel).
// Under vitest each file clones the database the run migrated once (database-template.ts), which
// is faster than migrating again (decision 0030); elsewhere the migrations run here.
// The API suite's remote mode instead attaches to the database a running worker uses (`existingUrl`).
import fs from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '#db/connect.ts';
import { migrateToLatest } from '#db/migrate.ts';

/** Where vitest's global setup leaves the migrated database to clone, per backend. */
export const TEMPLATE_VARIABLE = { postgres: 'TEST_DATABASE_TEMPLATE', pglite: 'TEST_PGLITE_TEMPLATE' } as const;

export interface TestDatabase extends DatabaseHandle {
  /** Empties every table and restarts ids, keeping the schema. */
  reset(): Promise<void>;
}

/**
 * Creates database `name` (letters, digits, _) on the server, empty or a copy of `template`, and
 * returns its URL.
 */
export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    // The pool's connections may take a moment to close after it ended. Forcing the drop
    // while they do would kill them mid-goodbye (an uncaught error in the test run), so wait.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`drop database if exists ${name}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error; // 55006: in use
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } finally {
    await client.end();
  }
}

async function createServerDatabase(serverUrl: string, template: string | undefined): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  return { url: await createDatabase(serverUrl, name, template), drop: () => dropDatabase(serverUrl, name) };
}

export interface TestDatabaseOptions {
  /** false: an empty database without the schema (migration tests). */
  migrate?: boolean;
  /** An existing, migrated database to use and empty (never created, migrated or dropped here). */
  existingUrl?: string;
}

export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (options.existingUrl) {
    return asTestDatabase(await connectDatabase({ databaseUrl: options.existingUrl, driver: 'postgres' }), null);
  }
  const migrate = options.migrate !== false;
  const serverUrl = process.env['TEST_DATABASE_URL'];
  const template = migrate ? process.env[TEMPLATE_VARIABLE[serverUrl ? 'postgres' : 'pglite']] : undefined;
  const server = serverUrl ? await createServerDatabase(serverUrl, template) : null;
  const handle = await connectDatabase(
    server
      ? { databaseUrl: server.url, driver: 'postgres' }
      : { dataDir: 'memory://', loadDataDir: template ? new Blob([fs.readFileSync(template)]) : undefined },
  );
  if (migrate && !template) await migrateToLatest(handle.db);
  return asTestDatabase(handle, server);
}

function asTestDatabase(handle: DatabaseHandle, server: { drop(): Promise<void> } | null): TestDatabase {
  return {
    ...handle,
    async reset() {
      // Truncates only the tables that hold rows and restarts every sequence: on PostgreSQL a
      // truncate costs file work per table even when it is empty (60 ms for all, before each test).
      await sql`do $$
        declare
          name text;
          filled text[] := '{}';
          holds_rows boolean;
        begin
          for name in select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%' loop
            execute format('select exists (select 1 from %I)', name) into holds_rows;
            if holds_rows then filled := filled || format('%I', name); end if;
          end loop;
          if cardinality(filled) > 0 then
            execute 'truncate ' || array_to_string(filled, ', ') || ' restart identity cascade';
          end if;
          -- Sequences used since their last restart (a row written, perhaps deleted since).
          for name in select sequencename from pg_sequences where schemaname = 'public' and last_value is not null loop
            execute format('alter sequence %I restart', name);
          end loop;
        end $$`.execute(handle.db);
    },
    async close() {
      await handle.close();
      await server?.drop();
    },
  };
}
