// Banned addresses: the moderators' list. The column is a Postgres inet holding
// one address or a range; whether a visitor is banned is asked by the guard (core/guards.ts).
import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import { uniqueViolation } from '#core/db-errors.ts';

type Db = Kysely<Database>;

/** A ban as the API answers it. */
export interface BannedIp {
  id: number;
  ip_address: string;
  reason: string;
  banned_by: number | null;
  /** Null when the user who banned it has been deleted (the list then shows 'User {id}' or nothing). */
  banned_by_username: string | null;
  banned_at: string;
}

const bannedIpColumns = (db: Db) =>
  db
    .selectFrom('banned_ips')
    .leftJoin('users', 'users.id', 'banned_ips.banned_by')
    // abbrev() writes a single address without its /32 or /128, whichever driver reads it.
    .select([
      'banned_ips.id',
      sql<string>`abbrev(banned_ips.ip_address)`.as('ip_address'),
      'banned_ips.reason',
      'banned_ips.banned_by',
      'users.username as banned_by_username',
      'banned_ips.banned_at',
    ]);

function toBannedIp(row: Omit<BannedIp, 'banned_at'> & { banned_at: Date }): BannedIp {
  return { ...row, banned_at: row.banned_at.toISOString() };
}

export const banStore = {
  /** Every ban, newest first. */
  async list(db: Db): Promise<BannedIp[]> {
    const rows = await bannedIpColumns(db).orderBy('banned_ips.banned_at', 'desc').orderBy('banned_ips.id', 'desc').execute();
    return rows.map(toBannedIp);
  },

  /** Bans `ipAddress` (canonical, see parseBanTarget); null when exactly that address or range is banned already. */
  async add(db: Db, ban: { ip_address: string; reason: string; banned_by: number }): Promise<BannedIp | null> {
    try {
      const { id } = await db
        .insertInto('banned_ips')
        .values({ ip_address: ban.ip_address, reason: ban.reason, banned_by: ban.banned_by })
        .returning('id')
        .executeTakeFirstOrThrow();
      return toBannedIp(await bannedIpColumns(db).where('banned_ips.id', '=', id).executeTakeFirstOrThrow());
    } catch (error) {
      if (uniqueViolation(error) !== null) return null;
      throw error;
    }
  },

  /** Lifts a ban (the record is removed); false when there is none with this id. */
  async remove(db: Db, id: number): Promise<boolean> {
    const removed = await db.deleteFrom('banned_ips').where('id', '=', id).returning('id').executeTakeFirst();
    return removed !== undefined;
  },

  async count(db: Db): Promise<number> {
    const { count } = await db.selectFrom('banned_ips').select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
    return count;
  },
};
