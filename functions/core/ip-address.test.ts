import { describe, expect, it } from 'vitest';
import { canonicalAddress, parseBanTarget, rateLimitSubject } from './ip-address.ts';

describe('canonicalAddress', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    [' 10.0.0.1 ', '10.0.0.1'],
    ['2001:DB8::1', '2001:db8::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'], // the first of two equal runs is compressed
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'], // a single zero group is not
    ['::', '::'],
    ['::1', '::1'],
    ['fe80::', 'fe80::'],
    ['::ffff:198.51.100.9', '198.51.100.9'],
    ['::FFFF:c633:6409', '198.51.100.9'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221'],
    // A zone id names the network card a link-local address was reached on, not another host.
    ['fe80::1%eth0', 'fe80::1'],
    ['2001:db8::5%eth0', '2001:db8::5'],
    ['2001:db8::1%25', '2001:db8::1'],
    // Brackets and ports, as proxies and URLs write them.
    ['[2001:DB8::1]', '2001:db8::1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['[fe80::1%eth0]:8080', 'fe80::1'],
    ['[::ffff:198.51.100.9]:80', '198.51.100.9'],
    ['198.51.100.9:443', '198.51.100.9'],
  ])('%j is %j', (text, canonical) => {
    expect(canonicalAddress(text)).toBe(canonical);
  });

  it.each([
    '',
    'localhost',
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '1.2.3.4 5',
    '1::2::3',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    ':1:2:3:4:5:6:7',
    '12345::1',
    '1.2.3.4::',
    '1.2.3.4%eth0',
    '2001:db8::1%',
    '[1.2.3.4',
    '1.2.3.4:',
    '1.2.3.4:123456',
    '[2001:db8::1]443',
    "1.2.3.4'; drop table banned_ips; --",
    '1.2.3.4\0',
  ])('refuses %j', (text) => {
    expect(canonicalAddress(text)).toBeNull();
  });
});

describe('parseBanTarget', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['203.0.113.5/32', '203.0.113.5'],
    ['10.1.2.3/8', '10.0.0.0/8'],
    ['198.51.100.0/24', '198.51.100.0/24'],
    ['2001:DB8::/48', '2001:db8::/48'],
    ['2001:db8:1:2:3::/64', '2001:db8:1:2::/64'],
    ['2001:db8::1/128', '2001:db8::1'],
    ['::ffff:10.0.0.0/104', '10.0.0.0/8'],
  ])('%j bans %j', (text, value) => {
    expect(parseBanTarget(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['not-an-ip', 'is not a valid IPv4 or IPv6 address'],
    ['1.2.3.4/8/9', 'is not a valid IPv4 or IPv6 address'],
    ['1.2.3.4/33', 'has an invalid prefix length (IPv4: 0 to 32)'],
    ['1.2.3.4/x', 'has an invalid prefix length (IPv4: 0 to 32)'],
    ['1.2.3.4/', 'has an invalid prefix length (IPv4: 0 to 32)'],
    ['2001:db8::/129', 'has an invalid prefix length (IPv6: 0 to 128)'],
    ['0.0.0.0/0', 'is too wide a range (IPv4 ranges need a prefix of at least /8)'],
    ['2001::/16', 'is too wide a range (IPv6 ranges need a prefix of at least /32)'],
  ])('refuses %j: %s', (text, problem) => {
    expect(parseBanTarget(text)).toEqual({ ok: false, problem });
  });
});

describe('rateLimitSubject', () => {
  it('counts an IPv4 address as itself and an IPv6 address by its /64', () => {
    expect(rateLimitSubject('203.0.113.5')).toBe('203.0.113.5');
    expect(rateLimitSubject('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(rateLimitSubject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitSubject('2001:db8:1:2:bbbb::9')).toBe('2001:db8:1:2::/64');
  });

  it('counts every spelling of an address as that address', () => {
    for (const spelling of [
      '2001:db8:1:2::1%eth0',
      '2001:db8:1:2::1%7',
      '[2001:DB8:1:2::0001]:443',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
    ]) {
      expect(rateLimitSubject(spelling)).toBe('2001:db8:1:2::/64');
    }
    expect(rateLimitSubject('198.51.100.9:443')).toBe('198.51.100.9');
  });

  it('counts text that is no address as itself, capped in length', () => {
    expect(rateLimitSubject('unknown')).toBe('unknown');
    expect(rateLimitSubject('x'.repeat(500))).toHaveLength(64);
  });
});
