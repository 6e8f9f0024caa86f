// Run at start-up (`npm start`, `npm run import`) before anything else writes uploads: what a
// killed process left in the uploads is undone or finished (decision 22). The journal of imports
// lives in the database (functions/archive/journal.ts); half-written files are the local folder's.
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import { settleInterruptedImports } from '#functions/archive/journal.ts';
import type { Storage } from '#core/storage.ts';
import { LocalFolderStorage } from './local-storage.ts';

export async function settleInterruptedWrites(db: Kysely<Database>, storage: Storage, log: (line: string) => void): Promise<void> {
  const imports = await settleInterruptedImports(db, storage);
  if (imports > 0) log(`uploads: cleaned up after ${imports} interrupted import(s)`);
  // Writes cut short by a killed process (decision 20); an S3 upload is whole or absent.
  const removed = storage instanceof LocalFolderStorage ? await storage.removeAbandonedWrites() : [];
  if (removed.length > 0) log(`uploads: removed ${removed.length} half-written files: ${removed.join(', ')}`);
}
