// vitest's global setup: migrates one database for the whole run, which each test file's
// openTestDatabase (database.ts) then copies instead of migrating its own (decision 0030).
// On PostgreSQL a TEMPLATE database; on the embedded database a tarball of PGlite's files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase, type DatabaseConfig } from '#db/connect.ts';
import { migrateToLatest } from '#db/migrate.ts';
import { createDatabase, dropDatabase, TEMPLATE_VARIABLE } from './database.ts';

async function migrated(config: DatabaseConfig): Promise<Awaited<ReturnType<typeof connectDatabase>>> {
  const handle = await connectDatabase(config);
  await migrateToLatest(handle.db);
  return handle;
}

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (serverUrl) {
    const name = `test_template_${process.pid}_${Date.now()}`;
    // Closed before any copy: PostgreSQL copies a template only while no one is connected to it.
    await (await migrated({ databaseUrl: await createDatabase(serverUrl, name), driver: 'postgres' })).close();
    process.env[TEMPLATE_VARIABLE.postgres] = name;
    return () => dropDatabase(serverUrl, name);
  }
  const handle = await migrated({ dataDir: 'memory://' });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'author-site-test-db-')), 'migrated.tar.gz');
  fs.writeFileSync(file, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
  await handle.close();
  process.env[TEMPLATE_VARIABLE.pglite] = file;
  return async () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
