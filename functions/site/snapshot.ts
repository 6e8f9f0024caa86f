// The content the static build needs, read in one go. The running server writes it to a file
// before each build, so `astro build` never opens the embedded database itself (PGlite has no
// cross-process lock). Later features add their content (stories, galleries) here.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { ContentSnapshot } from '../../src/lib/snapshot.ts';
import { profileStore, socialStore } from './store.ts';

export async function readContentSnapshot(db: Kysely<Database>): Promise<ContentSnapshot> {
  const [profile, socials] = await Promise.all([profileStore.get(db), socialStore.get(db)]);
  return { generatedAt: new Date().toISOString(), profile, socials };
}
