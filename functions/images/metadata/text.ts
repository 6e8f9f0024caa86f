// Byte-to-text helpers and the size cap shared by the container readers.

/**
 * One text larger than this (4 MB) is ignored: real prompts and workflows stay under a few
 * hundred KB, and a larger JSON would hold the event loop too long for its parse, which runs in
 * one go (decision 18).
 */
export const MAX_TEXT_BYTES = 4 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8');
const latin1 = new TextDecoder('latin1');

export function decodeUtf8(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

export function decodeLatin1(bytes: Uint8Array): string {
  return latin1.decode(bytes);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** tEXt/zTXt are Latin-1 by the PNG spec, yet many tools write UTF-8 there: prefer UTF-8 when valid. */
export function decodeLegacyText(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return latin1.decode(bytes);
  }
}
