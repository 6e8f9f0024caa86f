// The book's dc:identifier: a name-based UUID (RFC 9562 version 5, SHA-1 in the URL namespace)
// of the story's address, so every rebuild of the same story carries the same identifier and
// reading apps update the book in place instead of shelving a second copy.

const URL_NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

const hexToBytes = (hex: string) => Uint8Array.from(hex.replace(/-/g, '').match(/../g)!, (pair) => parseInt(pair, 16));

/** `urn:uuid:…` for a story address such as https://example.com/storytime/story/the-lantern-fleet/. */
export async function storyIdentifier(storyUrl: string): Promise<string> {
  const name = new TextEncoder().encode(storyUrl);
  const input = new Uint8Array(16 + name.length);
  input.set(hexToBytes(URL_NAMESPACE));
  input.set(name, 16);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-1', input)).slice(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
