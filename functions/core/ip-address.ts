// IP addresses as moderators type them and as the runtime reports them, in one canonical text
// form, so that one address is always one value: IPv4 in dotted decimal, IPv6 in RFC 5952 form
// (lower case, zeros compressed), IPv4-mapped IPv6 (::ffff:1.2.3.4) as the IPv4 address it is,
// without an IPv6 zone id, brackets or a port. Any other spelling would escape a ban or a limit.

/** An address as bytes: 4 for IPv4, 16 for IPv6. */
type AddressBytes = number[];

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEXTET = /^[0-9a-f]{1,4}$/i;

function parseIpv4(text: string): AddressBytes | null {
  return IPV4.test(text) ? text.split('.').map(Number) : null;
}

function parseIpv6(text: string): AddressBytes | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string | undefined, endsAddress: boolean): number[] | null => {
    if (!half) return [];
    const parts = half.split(':');
    const result: number[] = [];
    for (const [index, part] of parts.entries()) {
      // The address's last group may be an embedded IPv4 address (::ffff:1.2.3.4, 64:ff9b::1.2.3.4).
      const v4 = endsAddress && index === parts.length - 1 ? parseIpv4(part) : null;
      if (v4) result.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      else if (HEXTET.test(part)) result.push(parseInt(part, 16));
      else return null;
    }
    return result;
  };
  const compressed = halves.length === 2;
  const head = groups(halves[0], !compressed);
  const tail = groups(halves[1], true);
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (compressed ? missing < 1 : missing !== 0) return null;
  const hextets = [...head, ...Array<number>(compressed ? missing : 0).fill(0), ...tail];
  return hextets.flatMap((h) => [h >> 8, h & 0xff]);
}

/**
 * The address in how a proxy or URL may write one: `[v6]` or `[v6]:port`, `v4:port`, and an IPv6
 * zone id (`fe80::1%eth0`: the network card it was reached on, not another host) left off.
 * IPv4 with leading zeros stays refused: some read `010` as octal, so it names no one address.
 */
function addressPart(text: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  const address = bracketed ? bracketed[1]! : /^[\d.]+:\d{1,5}$/.test(text) ? text.slice(0, text.indexOf(':')) : text;
  const zone = /^([0-9a-f:.]*:[0-9a-f:.]*)%[^%]+$/i.exec(address);
  return zone ? zone[1]! : address;
}

/** Bytes of an address, IPv4-mapped IPv6 turned into IPv4; null when the text is not an address. */
function parseAddress(written: string): AddressBytes | null {
  const text = addressPart(written.trim());
  const bytes = text.includes(':') ? parseIpv6(text) : parseIpv4(text);
  if (bytes?.length === 16 && bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return bytes.slice(12);
  }
  return bytes;
}

function formatAddress(bytes: AddressBytes): string {
  if (bytes.length === 4) return bytes.join('.');
  const hextets = Array.from({ length: 8 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!);
  // RFC 5952: the longest run of two or more zero groups (the first of equals) becomes '::'.
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && hextets[start + length] === 0) length++;
    if (length > best.length) best = { start, length };
  }
  const hex = hextets.map((h) => h.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

function maskTo(bytes: AddressBytes, prefix: number): AddressBytes {
  return bytes.map((byte, i) => {
    const bits = Math.min(8, Math.max(0, prefix - 8 * i));
    return byte & ((0xff << (8 - bits)) & 0xff);
  });
}

/** The canonical form of one address, or null when `text` is not an IPv4 or IPv6 address. */
export function canonicalAddress(text: string): string | null {
  const bytes = parseAddress(text);
  return bytes ? formatAddress(bytes) : null;
}

/**
 * The narrowest ranges a ban may cover. A wider range would shut out a large part of the
 * internet (an IPv6 /32 is a whole provider's allocation).
 */
export const MIN_BAN_PREFIX = { 4: 8, 6: 32 } as const;

export type BanTarget = { ok: true; value: string } | { ok: false; problem: string };

/**
 * What a ban covers: one address, or a CIDR range (`10.0.0.0/8`, `2001:db8::/48`) written as its
 * network address. A full-length prefix (/32, /128) is the single address.
 */
export function parseBanTarget(text: string): BanTarget {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  const bytes = rest.length === 0 ? parseAddress(address) : null;
  if (!bytes) return { ok: false, problem: 'is not a valid IPv4 or IPv6 address' };
  if (prefixText === undefined) return { ok: true, value: formatAddress(bytes) };
  const bits = bytes.length * 8;
  const version = bytes.length === 4 ? 4 : 6;
  // A mapped IPv6 range (::ffff:10.0.0.0/104) counts its prefix from the IPv4 part.
  const mappedOffset = address.includes(':') && version === 4 ? 96 : 0;
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) - mappedOffset : NaN;
  if (!(prefix >= 0 && prefix <= bits)) return { ok: false, problem: `has an invalid prefix length (IPv${version}: 0 to ${bits})` };
  if (prefix < MIN_BAN_PREFIX[version]) {
    return { ok: false, problem: `is too wide a range (IPv${version} ranges need a prefix of at least /${MIN_BAN_PREFIX[version]})` };
  }
  const network = formatAddress(maskTo(bytes, prefix));
  return { ok: true, value: prefix === bits ? network : `${network}/${prefix}` };
}

/**
 * Who a rate limit counts: the address, or for IPv6 its /64 network, since one IPv6 subscriber
 * usually holds a whole /64 and could step through its addresses to dodge a per-address limit.
 * Text that is no address (a test's or a proxy's odd value) counts as itself.
 */
export function rateLimitSubject(clientIp: string): string {
  const bytes = parseAddress(clientIp);
  if (!bytes) return clientIp.slice(0, 64);
  return bytes.length === 4 ? formatAddress(bytes) : `${formatAddress(maskTo(bytes, 64))}/64`;
}
