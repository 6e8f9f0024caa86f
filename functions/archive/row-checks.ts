// The rows an archive brings pass the checks the API applies to the same fields (the feature
// folders' zod schemas), and must hold each value in the form the API stores it: the import
// writes the archive's value, not the schema's output, so "javascript:…" that a schema would have
// rewritten into a harmless path is refused. A gallery image may only name gallery files, each
// file one image's: deleting the image deletes them. An image moved to another gallery keeps its
// files in the folder of the gallery it was uploaded to (decision 0050).
import type { z } from 'zod';
import { profileUpdateSchema, socialsUpdateSchema } from '#functions/site/schema.ts';
import { storyUpdateSchema } from '#functions/stories/schema.ts';
import { uploadKeyOf } from '#lib/upload-paths.ts';
import { isImageAddress } from '#lib/web-addresses.ts';
import { GALLERY_KEY } from './upload-rules.ts';

type Row = Record<string, unknown>;
/** Why the row is refused, or null. */
type RowCheck = (row: Row) => string | null;

/** The fields pass `schema` and come out unchanged. */
function unchangedBy(schema: z.ZodType, fields: readonly string[]): RowCheck {
  return (row) => {
    const input = Object.fromEntries(fields.filter((field) => field in row).map((field) => [field, row[field]]));
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return `${issue.path.join('.') || 'a field'} ${issue.message}`;
    }
    const output = parsed.data as Row;
    const changed = Object.keys(input).find((field) => (output[field] ?? null) !== input[field]);
    return changed === undefined ? null : `${changed} is not in the form the site stores (${JSON.stringify(input[changed])})`;
  };
}

const PROFILE_FIELDS = [
  'profile_image',
  'background_image_light',
  'background_image_dark',
  'site_domain',
  'time_zone',
  'feed_content',
  'image_license_url',
] as const;
const profileCheck = unchangedBy(
  profileUpdateSchema.pick(Object.fromEntries(PROFILE_FIELDS.map((f) => [f, true])) as Record<(typeof PROFILE_FIELDS)[number], true>),
  PROFILE_FIELDS,
);
const storyCheck = unchangedBy(storyUpdateSchema.pick({ cover_image: true, break_image: true }), ['cover_image', 'break_image']);

const socialCheck: RowCheck = (row) => {
  const platform = String(row['platform']);
  const parsed = socialsUpdateSchema.safeParse({ [platform]: row['url'] });
  if (!parsed.success) return `the link ${JSON.stringify(platform)}: ${parsed.error.issues[0]!.message}`;
  return (parsed.data as Row)[platform] === row['url'] ? null : `the link ${JSON.stringify(platform)} is not in the form the site stores`;
};

/** A gallery image's addresses and files; `claimed` collects the files of the rows before it. */
function galleryImageCheck(claimed: Set<string>): RowCheck {
  return (row) => {
    const keys = row['storage_keys'];
    if (!Array.isArray(keys) || keys.some((key) => typeof key !== 'string')) return 'storage_keys is not a list of file names';
    for (const key of keys as string[]) {
      if (!GALLERY_KEY.test(key)) return `storage_keys names ${JSON.stringify(key)}, which is not a gallery file`;
      if (claimed.has(key)) return `storage_keys names ${JSON.stringify(key)}, which another image names too`;
      claimed.add(key);
    }
    for (const field of ['src', 'thumb', 'thumb_2x']) {
      const value = row[field];
      if (value === null && field !== 'src') continue;
      if (typeof value !== 'string' || !isImageAddress(value)) return `${field} must be a path on this site or an http(s) URL`;
      const key = uploadKeyOf(value);
      if (key !== null && !keys.includes(key)) return `${field} names the upload ${JSON.stringify(key)}, which is not in its storage_keys`;
    }
    return null;
  };
}

const CHECKS: Record<string, () => RowCheck> = {
  author_profile: () => profileCheck,
  social_links: () => socialCheck,
  stories: () => storyCheck,
  gallery_images: () => galleryImageCheck(new Set()),
};

/** Why one of a table's rows is refused ("row 3: src must be …"), or null. */
export function refusedRow(table: string, rows: readonly Row[]): string | null {
  const check = CHECKS[table]?.();
  if (!check) return null;
  for (const [i, row] of rows.entries()) {
    const reason = check(row);
    if (reason) return `row ${i + 1}: ${reason}`;
  }
  return null;
}
