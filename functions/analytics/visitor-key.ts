// Who a visitor is, for counting unique visitors, without storing who they are: a SHA-256 of the
// day's secret salt with the address and user agent (docs/product.md, Content and its rules). Neither
// the address nor the user agent is stored, and without the salt (deleted after two days) the
// key cannot be linked back to them; a new salt each day means no tracking across days.
// The database computes it (store.ts writes a batch of events in one statement); this file says
// what goes in, and visitorKey computes the same in the runtime, for tests and checks.
import { type RawBuilder, sql } from 'kysely';
import { toHex } from '#core/bytes.ts';

/** The hashed text: salt, address and user agent on lines of their own (a header holds no line break, so they cannot run together). */
export function visitorKeyInput(salt: string, ip: string, userAgent: string): string {
  return `${salt}\n${ip}\n${userAgent}`;
}

/** The key in SQL, from the salt and the rest of visitorKeyInput (what follows the salt). */
export function visitorKeySql(salt: RawBuilder<unknown>, afterSalt: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`encode(sha256(convert_to(${salt} || ${afterSalt}, 'UTF8')), 'hex')`;
}

/** The same key computed here: SHA-256 as lowercase hex. */
export async function visitorKey(salt: string, ip: string, userAgent: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(visitorKeyInput(salt, ip, userAgent))));
}
