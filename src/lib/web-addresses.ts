// Addresses an author may type into an image or link field, shared by the admin's forms and the
// server's validators. A browser reads "\" as "/" and ignores tabs and newlines inside a URL, so
// "/\evil.example/x.png" or "/<tab>/evil.example" would load from another host: such addresses
// are refused outright rather than cleaned up.

/** Whitespace or control characters anywhere, or a backslash: never part of an address we accept. */
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f\\]/;
/** An encoded slash or backslash, which some servers and proxies decode before routing. */
const ENCODED_SEPARATOR = /%(?:2f|5c)/i;
const WEB_SCHEME = /^https?:\/\//i;
/** A host name no real site has, to see where a relative address would lead. */
const PROBE_ORIGIN = 'https://site.invalid';

/** An absolute http(s) URL with a host, such as https://author.example/x.png (any case of scheme). */
export function isWebUrl(value: string): boolean {
  if (!WEB_SCHEME.test(value) || UNSAFE_CHARACTERS.test(value) || !URL.canParse(value)) return false;
  return new URL(value).hostname !== '';
}

/**
 * A path on this site: "/images/x.png", never "//elsewhere", "/\elsewhere" or an encoded form of
 * them; resolving it against any origin stays on that origin.
 */
export function isSitePath(value: string): boolean {
  if (!/^\/(?![/\\])/.test(value) || UNSAFE_CHARACTERS.test(value) || ENCODED_SEPARATOR.test(value)) return false;
  return URL.canParse(value, PROBE_ORIGIN) && new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
}

/** A path on this site or an absolute http(s) URL. */
export function isImageAddress(value: string): boolean {
  return isSitePath(value) || isWebUrl(value);
}

/**
 * The URL with its scheme in lower case ("HTTPS://x" -> "https://x"), as the database's checks
 * and every comparison expect; the rest stays as typed.
 */
export function lowerCaseScheme(value: string): string {
  return value.replace(WEB_SCHEME, (scheme) => scheme.toLowerCase());
}
