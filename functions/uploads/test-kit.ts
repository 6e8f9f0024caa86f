// Shared by the uploads API tests (test-only; reads the shared fixtures with node:fs, which no
// route module may do).
import { readFileSync } from 'node:fs';
import type { ApiTestContext } from '#scripts/test/api.ts';
import { MANAGED_FOLDERS } from '#lib/upload-kinds.ts';

const FIXTURES = new URL('../../tests/fixtures/ai-images/', import.meta.url);

/** A file from the shared real-image fixtures (tests/fixtures/ai-images). */
export const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));

/** Every stored key of the managed folders, to show that a refused request wrote nothing. */
export async function storedKeys(t: ApiTestContext): Promise<string[]> {
  const lists = await Promise.all(MANAGED_FOLDERS.map((folder) => t.deps.storage.list(folder)));
  return lists.flat().map((file) => file.key);
}

/** The multipart body the admin's forms send. */
export function uploadForm(fields: { image?: Uint8Array | string; name?: string; mime?: string; type?: string }): FormData {
  const form = new FormData();
  if (typeof fields.image === 'string') form.append('image', fields.image);
  else if (fields.image) {
    const bytes = fields.image as Uint8Array<ArrayBuffer>;
    form.append('image', new File([bytes], fields.name ?? 'image.png', { type: fields.mime ?? 'image/png' }));
  }
  if (fields.type !== undefined) form.append('type', fields.type);
  return form;
}

/** Uploads as `cookie` and returns the response. */
type UploadFields = Parameters<typeof uploadForm>[0];
export function upload(t: ApiTestContext, cookie: string | undefined, fields: UploadFields, path = '/api/images/upload') {
  return t.call(path, { ...(cookie ? { cookie } : {}), body: uploadForm(fields) });
}
