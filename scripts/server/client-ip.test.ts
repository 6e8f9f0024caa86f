import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIpResolver } from './client-ip.ts';

/** The address the resolver gives for a request from `remoteAddress` carrying `headers`. */
async function resolve(trustedProxies: string[], remoteAddress: string, headers: Record<string, string> = {}): Promise<string> {
  const resolver = clientIpResolver(trustedProxies);
  const app = new Hono();
  app.get('/', (c) => c.text(resolver(c)));
  const env = { incoming: { socket: { remoteAddress, remotePort: 1, remoteFamily: remoteAddress.includes(':') ? 'IPv6' : 'IPv4' } } };
  const res = await app.request('http://x/', { headers }, env);
  expect(res.status).toBe(200);
  return res.text();
}

describe('clientIpResolver', () => {
  it('uses the socket address when no proxy is trusted', async () => {
    expect(await resolve([], '203.0.113.5')).toBe('203.0.113.5');
  });

  it('ignores X-Forwarded-For from a socket that is not a trusted proxy (no spoofing)', async () => {
    const headers = { 'X-Forwarded-For': '1.2.3.4' };
    expect(await resolve([], '203.0.113.5', headers)).toBe('203.0.113.5');
    expect(await resolve(['loopback'], '203.0.113.5', headers)).toBe('203.0.113.5');
    expect(await resolve(['10.0.0.1'], '10.0.0.2', headers)).toBe('10.0.0.2');
  });

  it('behind a trusted loopback proxy, takes the right-most X-Forwarded-For entry', async () => {
    const headers = { 'X-Forwarded-For': '6.6.6.6, 198.51.100.9' };
    expect(await resolve(['loopback'], '127.0.0.1', headers)).toBe('198.51.100.9');
    expect(await resolve(['loopback'], '::1', headers)).toBe('198.51.100.9');
    expect(await resolve(['loopback'], '::ffff:127.0.0.1', headers)).toBe('198.51.100.9');
  });

  it('skips entries that are themselves trusted proxies, taking the right-most untrusted one', async () => {
    const headers = { 'X-Forwarded-For': '6.6.6.6, 198.51.100.9, 10.0.0.2 , 10.0.0.1' };
    expect(await resolve(['10.0.0.1', '10.0.0.2'], '10.0.0.1', headers)).toBe('198.51.100.9');
  });

  it('trusts an explicitly named proxy address', async () => {
    const headers = { 'X-Forwarded-For': '198.51.100.9' };
    expect(await resolve(['10.0.0.1'], '10.0.0.1', headers)).toBe('198.51.100.9');
    // Loopback is not trusted unless named.
    expect(await resolve(['10.0.0.1'], '127.0.0.1', headers)).toBe('127.0.0.1');
  });

  it('normalises IPv4-mapped IPv6 addresses, on the socket and in the header', async () => {
    expect(await resolve([], '::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(await resolve(['10.0.0.1'], '::ffff:10.0.0.1', { 'X-Forwarded-For': '::ffff:198.51.100.9' })).toBe('198.51.100.9');
    expect(await resolve(['::ffff:10.0.0.1'], '10.0.0.1', { 'X-Forwarded-For': '198.51.100.9' })).toBe('198.51.100.9');
  });

  it('keeps plain IPv6 addresses as they are', async () => {
    expect(await resolve([], '2001:db8::1')).toBe('2001:db8::1');
  });

  it('gives one address one spelling: zone ids, brackets and ports dropped, IPv6 in its short lower-case form', async () => {
    const spellings: [string, string][] = [
      ['2001:db8::5%eth0', '2001:db8::5'],
      ['2001:DB8:0:0:0:0:0:0005', '2001:db8::5'],
      ['[2001:db8::5]:443', '2001:db8::5'],
      ['198.51.100.9:443', '198.51.100.9'],
      ['[::ffff:198.51.100.9]', '198.51.100.9'],
    ];
    for (const [entry, address] of spellings) {
      expect(await resolve(['loopback'], '127.0.0.1', { 'X-Forwarded-For': `6.6.6.6, ${entry}` })).toBe(address);
    }
    expect(await resolve([], 'fe80::1%eth0')).toBe('fe80::1');
    expect(await resolve(['fe80::1'], 'FE80::1%2', { 'X-Forwarded-For': '198.51.100.9' })).toBe('198.51.100.9');
  });

  it('never takes something that is not an IP address for one, nor looks past it to what the client sent', async () => {
    for (const entry of ['unknown', 'x'.repeat(100_000), '<script>', '999.1.1.1', '010.0.0.1', '1.2.3.4%eth0']) {
      expect(await resolve(['loopback'], '127.0.0.1', { 'X-Forwarded-For': `6.6.6.6, ${entry}` })).toBe('127.0.0.1');
    }
  });

  it('falls back to the socket address when a trusted proxy sends no usable header', async () => {
    expect(await resolve(['loopback'], '127.0.0.1')).toBe('127.0.0.1');
    expect(await resolve(['loopback'], '127.0.0.1', { 'X-Forwarded-For': ' , ' })).toBe('127.0.0.1');
    // Every entry is a trusted proxy: nothing better than the socket.
    expect(await resolve(['loopback'], '127.0.0.1', { 'X-Forwarded-For': '127.0.0.1, ::1' })).toBe('127.0.0.1');
  });
});
