// Who a visitor is, for counting unique visitors, without storing who they are: a SHA-256 of the
// day's secret salt with the address and user agent (ARCHITECTURE, security baseline). Neither
// the address nor the user agent is stored, and without the salt (deleted after two days) the
// hash cannot be linked back to them; a new salt each day means no tracking across days.

export async function visitorKey(salt: string, ip: string, userAgent: string): Promise<string> {
  // A user agent cannot hold a line break (it is a header), so the parts cannot run together.
  const input = new TextEncoder().encode(`${salt}\n${ip}\n${userAgent}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
