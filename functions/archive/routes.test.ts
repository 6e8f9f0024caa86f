// GET /api/admin/export and POST /api/admin/import through the app: the download, the import's
// form and limits, replacing a site (old files deleted only after the commit), and a failure in
// the middle of an import leaving every row and file as it was. 401/403: functions/roles.test.ts.
import { unzipSync } from 'fflate';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { MemoryStorage } from '#scripts/test/memory-storage.ts';
import { refused } from '#functions/chapters/test-kit.ts';
import { DISK_FULL } from '#core/disk-full.ts';
import { pngBytes } from '#functions/images/test-kit.ts';
import { archiveDay } from './file-name.ts';
import { exportArchive, fillSite, snapshotSite } from './test-kit.ts';

const t = useApiTestContext();
let cookie: string;

beforeEach(async () => {
  cookie = await t.signedInAs('admin');
  await fillSite(t.database.db, t.deps.storage, 1);
}, 60_000);

function importForm(archive: Uint8Array, replace?: string): FormData {
  const form = new FormData();
  form.set('file', new File([archive as BlobPart], 'site.zip', { type: 'application/zip' }));
  if (replace !== undefined) form.set('replace', replace);
  return form;
}

/** Storage whose `failOn`-th put (1-based) fails. */
class FailingStorage extends MemoryStorage {
  puts = 0;
  failOn = 0;
  failure = () => new Error('the bucket broke');
  override async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    if (++this.puts === this.failOn) throw this.failure();
    return super.put(key, body, contentType);
  }
}

describe('GET /api/admin/export', () => {
  it('downloads the site as author-site-<day in the author’s zone>.zip, analytics left out by default', async () => {
    await t.database.db.updateTable('author_profile').set({ time_zone: 'Pacific/Kiritimati' }).execute();
    const response = await t.call('/api/admin/export', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename=author-site-${archiveDay(new Date(), 'Pacific/Kiritimati')}.zip`,
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json']));
    expect(manifest).toMatchObject({ format: 'author-site-archive', format_version: 1, app_version: '0.1.0', includes_analytics: false });
    expect(Object.keys(files).sort()).toEqual(['manifest.json', ...manifest.files.map((f: { path: string }) => f.path)].sort());
    expect(Object.keys(files)).toContain('uploads/covers/cover-one.png');
  });

  it('includes analytics with analytics=1', async () => {
    const response = await t.call('/api/admin/export?analytics=1', { cookie });
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files)).toContain('data/analytics_events.json');
    expect(JSON.parse(new TextDecoder().decode(files['manifest.json'])).includes_analytics).toBe(true);
  });

  it('streams the archive: its first bytes leave before the uploads are read', async () => {
    const storage = t.deps.storage;
    let reads = 0;
    const get = storage.get.bind(storage);
    storage.get = (key) => {
      reads += 1;
      return get(key);
    };
    const response = await t.call('/api/admin/export', { cookie });
    expect(response.headers.get('content-length')).toBeNull();
    const reader = response.body!.getReader();
    expect((await reader.read()).value!.byteLength).toBeGreaterThan(0);
    expect(reads).toBe(0);
    await reader.cancel();
  });

  it.each(['?analytics=yes', "?analytics=1'--", '?other=1'])('refuses the query %s with 400', async (query) => {
    const response = await t.call(`/api/admin/export${query}`, { cookie });
    expect(response.status).toBe(400);
  });
});

describe('POST /api/admin/import', () => {
  it('replaces the site when confirmed, republishes it, and deletes the old files only after the commit', async () => {
    const archive = await exportArchive(t.deps, { analytics: true });
    const exported = await snapshotSite(t.database.db, t.deps.storage);
    // Changes after the export: a new story and a new upload, both gone after the import.
    await t.database.db.insertInto('stories').values({ slug: 'after-export', title: 'After', status: 'draft' }).execute();
    await t.deps.storage.put('general/after-export.png', await pngBytes(), 'image/png');

    const response = await t.call('/api/admin/import', { body: importForm(archive, '1'), cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as {
      success: boolean;
      imported: { rows: Record<string, number>; uploads: number; analytics: boolean };
    };
    expect(body.success).toBe(true);
    expect(body.imported.rows['stories']).toBe(2);
    expect(body.imported.analytics).toBe(true);
    expect(await snapshotSite(t.database.db, t.deps.storage)).toEqual(exported);
    expect(await t.deps.storage.get('general/after-export.png')).toBeNull();
    expect(t.rebuilds).toEqual(['site imported']);
  });

  it('imports into an empty site without a confirmation', async () => {
    const archive = await exportArchive(t.deps, { analytics: false });
    await t.database.db.deleteFrom('stories').execute();
    await t.database.db.deleteFrom('galleries').execute();
    await t.database.db.deleteFrom('social_links').execute();
    await t.database.db.deleteFrom('author_profile').execute();
    await t.database.db.deleteFrom('banned_ips').execute();
    await t.database.db.deleteFrom('subscribers').execute();
    t.deps.storage = new MemoryStorage();
    const response = await t.call('/api/admin/import', { body: importForm(archive), cookie });
    expect(response.status, await response.clone().text()).toBe(200);
  });

  it('leaves every row and file as it was when storing the files fails midway', async () => {
    const archive = await exportArchive(t.deps, { analytics: false });
    const storage = new FailingStorage();
    // Since the export: the cover and the inline image changed, a gallery file is gone. The import
    // writes the archive's cover under a new name (never over the live one) and recreates the
    // gallery file, then fails on the inline image; it must delete both files it wrote.
    const files = Object.entries((await snapshotSite(t.database.db, t.deps.storage)).files);
    const galleryFile = files.find(([key]) => key.startsWith('galleries/'))![0];
    for (const [key, file] of files) {
      if (key === galleryFile) continue;
      await storage.put(
        key,
        key === 'covers/cover-one.png' || key === 'general/inline.png' ? await pngBytes(5, 5) : Buffer.from(file, 'base64'),
        'image/png',
      );
    }
    t.deps.storage = storage;
    await t.database.db.insertInto('stories').values({ slug: 'after-export', title: 'After', status: 'draft' }).execute();
    const before = await snapshotSite(t.database.db, storage);
    storage.puts = 0;
    storage.failOn = 3;

    const response = await t.call('/api/admin/import', { body: importForm(archive, '1'), cookie });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      success: false,
      error: 'The archive’s files could not be stored, so nothing was imported. Please try again.',
    });
    expect(storage.puts).toBe(3); // the third failed; nothing existing was overwritten, so nothing is put back
    expect(await snapshotSite(t.database.db, storage)).toEqual(before);
    expect(await storage.get(galleryFile)).toBeNull();
    expect(t.rebuilds).toEqual([]);
  });

  it('answers 507 when the disk is full while storing the files, and changes nothing', async () => {
    const archive = await exportArchive(t.deps, { analytics: false });
    const storage = new FailingStorage();
    t.deps.storage = storage;
    await t.database.db.insertInto('stories').values({ slug: 'after-export', title: 'After', status: 'draft' }).execute();
    const before = await snapshotSite(t.database.db, storage);
    storage.failOn = 1;
    storage.failure = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    vi.spyOn(console, 'error').mockImplementation(() => {});

    const response = await t.call('/api/admin/import', { body: importForm(archive, '1'), cookie });
    expect(response.status).toBe(507);
    expect(await response.json()).toEqual({ success: false, error: DISK_FULL });
    expect(await snapshotSite(t.database.db, storage)).toEqual(before);
    vi.restoreAllMocks();
  });

  it('refuses a request without a file, or a replace that is not a yes or no', async () => {
    const noFile = new FormData();
    noFile.set('replace', '1');
    expect(await (await t.call('/api/admin/import', { body: noFile, cookie })).json()).toEqual(refused('file is required', 'file'));
    const odd = importForm(new Uint8Array(4), "1' or '1'='1");
    expect((await t.call('/api/admin/import', { body: odd, cookie })).status).toBe(400);
    const json = await t.call('/api/admin/import', { json: { file: 'x' }, cookie });
    expect(json.status).toBe(400);
  });

  it('refuses a body over the configured limit with 413, before reading it', async () => {
    t.deps.archiveMaxBytes = 1024;
    try {
      const response = await t.call('/api/admin/import', { body: importForm(new Uint8Array(4096), '1'), cookie });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        success: false,
        error: 'The archive is too large (the limit is 0 MB). Import it with npm run import, or raise ARCHIVE_MAX_BYTES.',
      });
    } finally {
      delete t.deps.archiveMaxBytes;
    }
  });

  it('refuses a form from another origin (CSRF)', async () => {
    const response = await t.call('/api/admin/import', {
      body: importForm(new Uint8Array(4), '1'),
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
  });
});
