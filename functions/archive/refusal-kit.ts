// Shared by the refusal tests: an import through the API that must be refused with a message,
// leaving every row and file as it was (on a site with content, with the replace confirmed, so
// only the refusal stands in the way).
import { beforeEach, expect } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { fillSite, snapshotSite } from './test-kit.ts';

export function importForm(archive: Uint8Array | string, replace = true): FormData {
  const form = new FormData();
  form.set('file', new File([archive as BlobPart], 'archive.zip', { type: 'application/zip' }));
  if (replace) form.set('replace', '1');
  return form;
}

type Snapshot = Awaited<ReturnType<typeof snapshotSite>>;

/**
 * The API harness with a full site (fillSite) and an admin signed in before each test, and
 * `expectRefused`: imports through the API and expects a refusal whose message matches, with
 * the site unchanged.
 */
export function useRefusalTests() {
  const t = useApiTestContext();
  const site = { cookie: '', before: {} as Snapshot };
  beforeEach(async () => {
    site.cookie = await t.signedInAs('admin');
    await fillSite(t.database.db, t.deps.storage, 1);
    site.before = await snapshotSite(t.database.db, t.deps.storage);
  }, 60_000);

  async function expectRefused(archive: Uint8Array | string, message: RegExp | string, status = 400): Promise<void> {
    const response = await t.call('/api/admin/import', { body: importForm(archive), cookie: site.cookie });
    const body = (await response.json()) as { success: boolean; error: string };
    expect(body.success).toBe(false);
    expect(body.error).toMatch(message);
    expect(response.status).toBe(status);
    expect(await snapshotSite(t.database.db, t.deps.storage)).toEqual(site.before);
    expect(t.rebuilds).toEqual([]);
  }
  return { t, site, expectRefused };
}
