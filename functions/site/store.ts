import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import { FALLBACK_PROFILE, type AuthorProfile } from '#lib/profile.ts';
import { emptySocialLinks, type SocialLinks } from '#lib/socials.ts';
import type { ProfileUpdate, SocialsUpdate } from './schema.ts';

export const profileStore = {
  /** The saved profile, or the fallback profile while none has been saved. */
  async get(db: Kysely<Database>): Promise<AuthorProfile> {
    const row = await db.selectFrom('author_profile').selectAll().executeTakeFirst();
    if (!row) return FALLBACK_PROFILE;
    const { id: _id, updated_at, ...fields } = row;
    return { ...fields, updated_at: updated_at.toISOString() };
  },

  async save(db: Kysely<Database>, profile: ProfileUpdate): Promise<void> {
    await db
      .insertInto('author_profile')
      .values({ id: 1, ...profile })
      .onConflict((oc) => oc.column('id').doUpdateSet({ ...profile, updated_at: sql`now()` }))
      .execute();
  },
};

export const socialStore = {
  /** Every platform, with '' for the ones not set. */
  async get(db: Kysely<Database>): Promise<SocialLinks> {
    const rows = await db.selectFrom('social_links').select(['platform', 'url']).execute();
    const links = emptySocialLinks();
    for (const { platform, url } of rows) links[platform] = url;
    return links;
  },

  /** Sets the platforms named in `update`; null removes one; platforms not named stay as they are. */
  async save(db: Kysely<Database>, update: SocialsUpdate): Promise<void> {
    const entries = Object.entries(update) as [keyof SocialsUpdate, string | null | undefined][];
    const removed = entries.filter(([, url]) => url === null).map(([platform]) => platform);
    const kept = entries.flatMap(([platform, url]) => (url ? [{ platform, url }] : []));
    await db.transaction().execute(async (trx) => {
      if (removed.length > 0) await trx.deleteFrom('social_links').where('platform', 'in', removed).execute();
      if (kept.length > 0) {
        await trx
          .insertInto('social_links')
          .values(kept)
          .onConflict((oc) => oc.column('platform').doUpdateSet({ url: sql`excluded.url`, updated_at: sql`now()` }))
          .execute();
      }
    });
  },
};
