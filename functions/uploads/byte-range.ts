// The conditional and partial GETs of an upload (RFC 9110, sections 13.1 and 14): If-None-Match,
// Range and If-Range, decided from the file's size and ETag before any of it is read.

export interface ByteRange {
  start: number;
  /** Inclusive, as in Content-Range. */
  end: number;
}

/** The Range cannot be met: answered 416 with the file's size. */
export const UNSATISFIABLE = 'unsatisfiable';

/**
 * The one range of a `Range` header to send from a file of `size` bytes, or null for the whole
 * file. Only a single byte range is honoured: a header that is malformed, names another unit or
 * asks for several ranges is ignored, as RFC 9110 lets a server do, so a header of a thousand
 * ranges costs one split and is answered with the whole file.
 */
export function selectRange(header: string | undefined, size: number): ByteRange | null | typeof UNSATISFIABLE {
  const unit = header?.match(/^bytes=/i);
  if (!header || !unit || size === 0) return null;
  // A list may hold empty elements and spaces around its commas ("bytes=0-99, ").
  const specs = header
    .slice(unit[0].length)
    .split(',')
    .map((spec) => spec.trim())
    .filter(Boolean);
  const match = specs.length === 1 ? /^(\d*)-(\d*)$/.exec(specs[0]!) : null;
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '') {
    // "-N": the last N bytes.
    if (last === '') return null;
    const length = Number(last);
    return length === 0 ? UNSATISFIABLE : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null; // invalid, so the header is ignored
  return start >= size ? UNSATISFIABLE : { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** If-None-Match: "*" or any listed tag, compared weakly (a W/ prefix is ignored). */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * If-Range: the range is sent only while the client's copy is the current one, compared strongly.
 * A date never matches: uploads are served without Last-Modified, so it can only be a guess.
 */
export function rangeStillValid(header: string | undefined, etag: string): boolean {
  return header === undefined || header.trim() === etag;
}
