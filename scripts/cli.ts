// Shared start-up for command-line scripts: read the configuration, open the database (taking
// the embedded database's lock), run the task, close, and turn errors into a message and exit 1.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { DatabaseHandle } from '#db/connect.ts';
import { readConfig, type ServerConfig } from './config.ts';
import { openDatabase } from './server/open-database.ts';

export async function runWithDatabase(task: (database: DatabaseHandle, config: ServerConfig) => Promise<void>): Promise<void> {
  let database: DatabaseHandle | undefined;
  try {
    const config = readConfig();
    database = await openDatabase(config, console.log);
    await task(database, config);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}

/** The parsed command line, or the usage line on stderr and exit 1 when it does not parse. */
export function argsOrUsage<T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch {
    console.error(usage);
    process.exit(1);
  }
}
