import { type Kysely, sql } from 'kysely';
import type { Database, NewUser, UserRow } from '#db/types.ts';

export const userStore = {
  async findById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The user a session token names, unless that token was signed out on its device. */
  async findSessionUser(db: Kysely<Database>, id: number, tokenId: string | null): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('revoked_sessions')
              .select('token_id')
              .where('token_id', '=', tokenId ?? ''),
          ),
        ),
      )
      .executeTakeFirst();
  },

  /** Refuses the token from now until it would have expired; drops the entries past their expiry. */
  async revokeSession(db: Kysely<Database>, tokenId: string, expiresAt: Date, now: Date): Promise<void> {
    await db.deleteFrom('revoked_sessions').where('expires_at', '<', now).execute();
    await db
      .insertInto('revoked_sessions')
      .values({ token_id: tokenId, expires_at: expiresAt })
      .onConflict((oc) => oc.doNothing())
      .execute();
  },

  /** Usernames are case-insensitive ("Admin" signs in as "admin"). */
  async findByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
  },

  async count(db: Kysely<Database>): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async create(db: Kysely<Database>, user: NewUser): Promise<UserRow> {
    return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  },

  /** Revokes every session of the user; returns the new version. */
  async bumpSessionVersion(db: Kysely<Database>, id: number): Promise<number> {
    const row = await db
      .updateTable('users')
      .set((eb) => ({ session_version: eb('session_version', '+', 1), updated_at: sql`now()` }))
      .where('id', '=', id)
      .returning('session_version')
      .executeTakeFirstOrThrow();
    return row.session_version;
  },

  /** Stores a new password hash and revokes every session; returns the new session version. */
  async changePassword(db: Kysely<Database>, id: number, passwordHash: string): Promise<number> {
    const row = await db
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        session_version: eb('session_version', '+', 1),
        updated_at: sql`now()`,
      }))
      .where('id', '=', id)
      .returning('session_version')
      .executeTakeFirstOrThrow();
    return row.session_version;
  },
};
