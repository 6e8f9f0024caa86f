// The caller's address on Node: the socket's, unless the socket is a trusted proxy, in which
// case the nearest address in X-Forwarded-For that is not itself a trusted proxy. The address
// keys bans, rate limits and login throttling, so anything in the header that is not an IP
// address ("unknown", a port, a megabyte of text) is never taken for one.
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

function normalize(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

export function clientIpResolver(trustedProxies: readonly string[]): (c: Context) => string {
  const trusted = new Set(trustedProxies.flatMap((p) => (p === 'loopback' ? LOOPBACK : [p])).map(normalize));
  return (c) => {
    const socketAddress = normalize(getConnInfo(c).remote.address ?? 'unknown');
    if (!trusted.has(socketAddress)) return socketAddress;
    const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map((part) => normalize(part.trim())).filter(Boolean);
    for (let i = forwarded.length - 1; i >= 0; i--) {
      if (trusted.has(forwarded[i]!)) continue;
      // The first entry no trusted proxy vouches for: an address, or nothing to believe at all
      // (entries further left are whatever the client sent).
      return isIP(forwarded[i]!) ? forwarded[i]! : socketAddress;
    }
    return socketAddress;
  };
}
