// The caller's address on Node: the socket's, unless the socket is a trusted proxy, in which
// case the nearest address in X-Forwarded-For that is not itself a trusted proxy. The address
// keys bans, rate limits and login throttling, so anything in the header that is not an IP
// address ("unknown", a megabyte of text) is never taken for one, and every address is answered
// in its one canonical spelling (no zone id, brackets or port; ip-address.ts).
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { canonicalAddress } from '#core/ip-address.ts';

const LOOPBACK = ['127.0.0.1', '::1'];

/** The canonical form of an address, or the text itself when it is none (matches no proxy, counts as itself). */
const normalize = (text: string) => canonicalAddress(text) ?? text;

export function clientIpResolver(trustedProxies: readonly string[]): (c: Context) => string {
  const trusted = new Set(trustedProxies.flatMap((p) => (p === 'loopback' ? LOOPBACK : [p])).map(normalize));
  return (c) => {
    const socketAddress = normalize(getConnInfo(c).remote.address ?? 'unknown');
    if (!trusted.has(socketAddress)) return socketAddress;
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    for (let i = forwarded.length - 1; i >= 0; i--) {
      const address = canonicalAddress(forwarded[i]!);
      if (address !== null && trusted.has(address)) continue;
      // The first entry no trusted proxy vouches for: an address, or nothing to believe at all
      // (entries further left are whatever the client sent).
      return address ?? socketAddress;
    }
    return socketAddress;
  };
}
