// The archive's manifest (docs/archive-format.md): what made the archive, and every file in it
// with its size and SHA-256, so an import can prove the archive whole before it writes anything.
import { z } from 'zod';
import packageJson from '../../package.json' with { type: 'json' };
import { toHex } from '#core/bytes.ts';

export const ARCHIVE_FORMAT = 'author-site-archive';
/** Raised when the layout changes in a way an older import could not read. */
export const ARCHIVE_FORMAT_VERSION = 1;
export const APP_VERSION: string = packageJson.version;
export const MANIFEST_PATH = 'manifest.json';

const SHA256_HEX = /^[0-9a-f]{64}$/;

export const manifestFileSchema = z.strictObject({
  path: z.string().min(1).max(1024),
  size: z.number().int().min(0),
  sha256: z.string().regex(SHA256_HEX),
});

/** Checked in two steps: is it ours and which version (refusals with their own words), then the rest. */
export const manifestHeadSchema = z.looseObject({
  format: z.literal(ARCHIVE_FORMAT),
  format_version: z.number().int().min(1),
});

export const manifestSchema = z.strictObject({
  format: z.literal(ARCHIVE_FORMAT),
  format_version: z.literal(ARCHIVE_FORMAT_VERSION),
  app_version: z.string().max(100),
  created_at: z.iso.datetime({ offset: true }),
  includes_analytics: z.boolean(),
  files: z.array(manifestFileSchema),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = z.infer<typeof manifestFileSchema>;

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return toHex(digest);
}

/**
 * Why an entry name could leave the folder it is unpacked into, or null when it cannot: only
 * relative paths of plain segments. Refused: "..", ".", empty segments, absolute paths, drive
 * letters ("C:"), backslashes (a separator on Windows), NUL and other control characters.
 */
export function unsafePathReason(path: string): string | null {
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'contains a control character';
  if (path.includes('\\')) return 'contains a backslash';
  if (path.startsWith('/')) return 'is absolute';
  if (/^[A-Za-z]:/.test(path)) return 'starts with a drive letter';
  const segments = path.split('/');
  if (segments.some((s) => s === '..')) return 'leaves the archive folder ("..")';
  if (segments.some((s) => s === '' || s === '.')) return 'has an empty or "." segment';
  return null;
}
