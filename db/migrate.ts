import type { Kysely } from 'kysely';
import { type MigrationResultSet, Migrator, NO_MIGRATIONS } from 'kysely/migration';
import { migrations } from './migrations/index.ts';

function migratorFor(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

function unwrap({ error, results }: MigrationResultSet): string[] {
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const where = failed ? ` (migration ${failed.migrationName})` : '';
    throw new Error(`Database migration failed${where}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).map((r) => `${r.direction === 'Up' ? 'applied' : 'reverted'} ${r.migrationName}`);
}

/** Applies every migration not yet applied; returns one line per migration it ran. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return unwrap(await migratorFor(db).migrateToLatest());
}

/** Reverts every migration (used by tests and by `npm run db:migrate -- --down-all`). */
export async function migrateDownAll(db: Kysely<any>): Promise<string[]> {
  return unwrap(await migratorFor(db).migrateTo(NO_MIGRATIONS));
}
