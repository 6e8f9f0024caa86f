// How a Node process (the server or a CLI command) opens the database: it takes the embedded
// database's lock first, then connects and applies pending migrations.
import { connectDatabase, type DatabaseHandle } from '#db/connect.ts';
import { acquireDatabaseLock, type DatabaseLock } from '#db/lock.ts';
import { migrateToLatest } from '#db/migrate.ts';
import type { ServerConfig } from '#scripts/config.ts';

export async function openDatabase(config: ServerConfig, log: (line: string) => void = () => {}): Promise<DatabaseHandle> {
  const embedded = !config.database.databaseUrl && config.database.driver !== 'postgres' && config.database.driver !== 'neon';
  const lock: DatabaseLock | null = embedded ? await acquireDatabaseLock(config.dataDir) : null;
  try {
    const handle = await connectDatabase(config.database);
    for (const line of await migrateToLatest(handle.db)) log(`database: ${line}`);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
