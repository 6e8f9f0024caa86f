// A full disk, wherever it is met: the database cannot extend a file, the uploads folder cannot
// take a write, the site build cannot write its pages. Unlike an outage it will not pass by
// itself, so it is answered 507 with one plain message (README, "When the disk fills").

export const DISK_FULL = 'The server is out of disk space; nothing was saved.';

/** Postgres: SQLSTATE 53100 disk_full. Node and Emscripten's file systems (PGlite's): ENOSPC, and EDQUOT for a quota. */
const DISK_FULL_CODES = new Set(['53100', 'ENOSPC', 'EDQUOT']);
// What is said without a code: Postgres's "could not extend file …" (class 53 is lost where a
// driver rethrows), the C library's strerror, an ENOSPC quoted in a child process's output (astro build).
const DISK_FULL_MESSAGES = [/could not extend file/i, /No space left on device/i, /\bENOSPC\b/, /Disk quota exceeded/i];
// S3-compatible services that run on disks: MinIO's name for it, and the status 507 it answers
// with. AWS S3 and R2 have no full disk: EntityTooLarge is a refused upload, not this.
const STORAGE_FULL_NAMES = new Set(['XMinioStorageFull']);

/** True when the error says there is no space left to write, here or in what it wraps. */
export function diskFull(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, name, cause, $metadata } = error as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
    cause?: unknown;
    $metadata?: { httpStatusCode?: unknown };
  };
  if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
  if (typeof name === 'string' && STORAGE_FULL_NAMES.has(name)) return true;
  if ($metadata?.httpStatusCode === 507) return true;
  if (typeof message === 'string' && DISK_FULL_MESSAGES.some((pattern) => pattern.test(message))) return true;
  return diskFull(cause, depth + 1);
}
