// The links in subscription emails. Nothing secret is stored: a link's token is the subscriber's
// id and a keyed hash (HMAC with the site's secret) over the row, so a copy of the database
// cannot make links, and no token table can leak (docs/product.md, Following by email).
// - A confirmation token covers the row's token_issued_at: asking again issues a new link and
//   voids the old one; confirming makes it useless (the row is no longer pending); it expires
//   after CONFIRM_TOKEN_DAYS.
// - An unsubscribe token covers the id and address only, so it works for as long as the
//   subscription exists, in every email sent to it.
import { hmacHex } from '#core/hmac.ts';

export const CONFIRM_TOKEN_DAYS = 7;
const CONFIRM_TOKEN_MS = CONFIRM_TOKEN_DAYS * 24 * 60 * 60 * 1000;
/** 128 bits of the hash: guessing one is out of reach, and the link stays short. */
const MAC_HEX_LENGTH = 32;
const TOKEN_SHAPE = /^([1-9][0-9]{0,9})\.([0-9a-f]{32})$/;

export interface TokenSubject {
  id: number;
  email: string;
  token_issued_at: Date;
}

async function mac(secret: Uint8Array, label: string, text: string): Promise<string> {
  return (await hmacHex(secret, label, text)).slice(0, MAC_HEX_LENGTH);
}

const confirmText = (row: TokenSubject) => `${row.id}:${row.email}:${row.token_issued_at.getTime()}`;
const unsubscribeText = (row: Pick<TokenSubject, 'id' | 'email'>) => `${row.id}:${row.email}`;

export async function confirmToken(secret: Uint8Array, row: TokenSubject): Promise<string> {
  return `${row.id}.${await mac(secret, 'subscription-confirm', confirmText(row))}`;
}

export async function unsubscribeToken(secret: Uint8Array, row: Pick<TokenSubject, 'id' | 'email'>): Promise<string> {
  return `${row.id}.${await mac(secret, 'subscription-unsubscribe', unsubscribeText(row))}`;
}

/** The largest id of a Postgres integer column: a larger one in a token would fail the query. */
const MAX_ID = 2_147_483_647;

/** The subscriber id a token names, or null when it is not shaped like one of ours. */
export function tokenSubscriberId(token: string): number | null {
  const match = TOKEN_SHAPE.exec(token);
  const id = match ? Number(match[1]) : Number.NaN;
  return id <= MAX_ID ? id : null;
}

/** Compares every character whatever the first difference, so timing tells nothing of the hash. */
function sameText(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) difference |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return difference === 0;
}

/**
 * Whether `token` confirms `row` at `now`. A row that is missing (unknown or guessed id) is
 * checked against a stand-in, so every refusal costs the same hash and comparison.
 */
export async function confirmTokenValid(secret: Uint8Array, token: string, row: TokenSubject | undefined, now: Date): Promise<boolean> {
  const subject = row ?? { id: 0, email: '', token_issued_at: new Date(0) };
  const expected = await confirmToken(secret, subject);
  const fresh = now.getTime() - subject.token_issued_at.getTime() <= CONFIRM_TOKEN_MS;
  return sameText(token, expected) && row !== undefined && fresh;
}

/** Whether `token` is the unsubscribe token of the row with its id and address (checked the same way). */
export async function unsubscribeTokenValid(
  secret: Uint8Array,
  token: string,
  row: Pick<TokenSubject, 'id' | 'email'> | undefined,
): Promise<boolean> {
  const expected = await unsubscribeToken(secret, row ?? { id: 0, email: '' });
  return sameText(token, expected) && row !== undefined;
}
