// Keyed hashes with the app's secret. Each use passes a label of its own, so a value made for
// one use (a rate-limit key, a visitor cookie) can never stand for another.
import { toHex } from './bytes.ts';

const keysBySecret = new WeakMap<Uint8Array, Promise<CryptoKey>>();

/** HMAC-SHA-256 of `label:text` under `secret`, in lowercase hex. */
export async function hmacHex(secret: Uint8Array, label: string, text: string): Promise<string> {
  let key = keysBySecret.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', secret as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keysBySecret.set(secret, key);
  }
  return toHex(await crypto.subtle.sign('HMAC', await key, new TextEncoder().encode(`${label}:${text}`)));
}
