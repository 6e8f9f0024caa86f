import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { managedKeyOf } from './store.ts';
import { refused } from '#functions/chapters/test-kit.ts';
import { fixture, storedKeys } from './test-kit.ts';

const t = useApiTestContext();
afterEach(() => vi.useRealTimers());

const PNG = fixture('automatic1111_cropped.png');

/** Stores a file at a chosen time, so listings have a known order. */
async function storeAt(key: string, unixSeconds: number, bytes = PNG) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(unixSeconds * 1000);
  await t.deps.storage.put(key, bytes, 'image/png');
  vi.useRealTimers();
}

const entry = (key: string, modified: number, size = PNG.length) => ({
  filename: key.split('/')[1],
  path: key,
  url: `/api/uploads/${key}`,
  size,
  modified,
  used_by: [],
});

describe('GET /api/images/manage', () => {
  it('lists empty folders when nothing was uploaded', async () => {
    const res = await t.call('/api/images/manage', { cookie: await t.signedInAs('author') });
    expect(await res.json()).toEqual({ success: true, uploads: { covers: [], pagebreaks: [], general: [] } });
  });

  it.each(['/api/images/manage', '/api/images/manage.php'])('lists every upload by folder, newest first, at %s', async (path) => {
    await storeAt('covers/old.png', 1_700_000_000);
    await storeAt('covers/new.png', 1_700_000_500, new Uint8Array(PNG.length + 5));
    await storeAt('pagebreaks/break.png', 1_700_000_100);
    await storeAt('general/a.png', 1_700_000_200);
    await storeAt('galleries/elsewhere.png', 1_700_000_300); // not a managed folder
    const res = await t.call(path, { cookie: await t.signedInAs('admin') });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({
      success: true,
      uploads: {
        covers: [entry('covers/new.png', 1_700_000_500, PNG.length + 5), entry('covers/old.png', 1_700_000_000)],
        pagebreaks: [entry('pagebreaks/break.png', 1_700_000_100)],
        general: [entry('general/a.png', 1_700_000_200)],
      },
    });
  });
});

describe('GET /api/images/list-pagebreaks', () => {
  it.each(['/api/images/list-pagebreaks', '/api/images/list-pagebreaks.php'])(
    'lists page-break images as url and filename at %s',
    async (path) => {
      await storeAt('pagebreaks/one.png', 1_700_000_000);
      await storeAt('pagebreaks/two.png', 1_700_000_100);
      await storeAt('covers/not-a-break.png', 1_700_000_200);
      const res = await t.call(path, { cookie: await t.signedInAs('author') });
      expect(await res.json()).toEqual({
        success: true,
        images: [
          { url: '/api/uploads/pagebreaks/two.png', filename: 'two.png' },
          { url: '/api/uploads/pagebreaks/one.png', filename: 'one.png' },
        ],
      });
    },
  );
});

describe('POST /api/images/manage (delete)', () => {
  it.each([
    ['a storage key', 'covers/x.png'],
    ['an upload address', '/api/uploads/covers/x.png'],
    ['an address of the PHP site', 'uploads/covers/x.png'],
    ['a rooted address of the PHP site', '/uploads/covers/x.png'],
  ])('deletes an upload named by %s', async (_name, path) => {
    await t.deps.storage.put('covers/x.png', PNG, 'image/png');
    await t.deps.storage.put('covers/keep.png', PNG, 'image/png');
    const res = await t.call('/api/images/manage', { cookie: await t.signedInAs('author'), json: { action: 'delete', path } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await storedKeys(t)).toEqual(['covers/keep.png']);
  });

  it('answers at manage.php too, and 404 "File not found" for a file that is not there', async () => {
    const cookie = await t.signedInAs('admin');
    await t.deps.storage.put('general/x.png', PNG, 'image/png');
    expect((await t.call('/api/images/manage.php', { cookie, json: { action: 'delete', path: 'general/x.png' } })).status).toBe(200);
    const again = await t.call('/api/images/manage', { cookie, json: { action: 'delete', path: 'general/x.png' } });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ success: false, error: 'File not found' });
  });

  it.each([
    ['parent traversal', '../etc/passwd'],
    ['traversal between folders', 'covers/../general/x.png'],
    ['traversal in an address', '/api/uploads/covers/../../app.ts'],
    ['encoded traversal', '/api/uploads/covers/%2e%2e/x.png'],
    ['an absolute file path', '/etc/passwd'],
    ['a Windows path', 'C:\\uploads\\covers\\x.png'],
    ['a URL of another site', 'https://evil.example/api/uploads/covers/x.png'],
    ['a protocol-relative URL', '//evil.example/api/uploads/covers/x.png'],
    ['a site file that is not an upload', '/images/default-cover.jpg'],
    ['a folder the manager does not own', 'galleries/x.png'],
    ['a folder itself', 'covers'],
    ['a folder with a trailing slash', 'covers/'],
    ['a nested path', 'covers/sub/x.png'],
    ['a hidden file', 'covers/.htaccess'],
  ])('refuses %s with 400 and deletes nothing', async (_name, path) => {
    await t.deps.storage.put('covers/x.png', PNG, 'image/png');
    await t.deps.storage.put('galleries/x.png', PNG, 'image/png');
    const res = await t.call('/api/images/manage', { cookie: await t.signedInAs('admin'), json: { action: 'delete', path } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: 'path must name a file in covers, pagebreaks or general.' });
    expect(await storedKeys(t)).toEqual(['covers/x.png']);
    expect(await t.deps.storage.get('galleries/x.png')).not.toBeNull();
  });

  it('refuses a NUL byte in the path with 400 and deletes nothing', async () => {
    await t.deps.storage.put('covers/x.png', PNG, 'image/png');
    const res = await t.call('/api/images/manage', {
      cookie: await t.signedInAs('admin'),
      json: { action: 'delete', path: 'covers/x.png\u0000.jpg' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(refused('path must not contain NUL characters', 'path'));
    expect(await storedKeys(t)).toEqual(['covers/x.png']);
  });

  it.each([
    ['an unknown field', { action: 'delete', path: 'covers/x.png', mode: 'all' }, 'Unknown field: mode', undefined],
    ['a force that is not a boolean', { action: 'delete', path: 'covers/x.png', force: 'yes' }, 'force must be a boolean', 'force'],
    ['an unknown action', { action: 'rename', path: 'covers/x.png' }, 'action must be one of: delete', 'action'],
    ['no action', { path: 'covers/x.png' }, 'action must be one of: delete', 'action'],
    ['no path', { action: 'delete' }, 'path is required', 'path'],
    ['an empty path', { action: 'delete', path: '' }, 'path must not be empty', 'path'],
    ['a path that is not a string', { action: 'delete', path: ['covers/x.png'] }, 'path must be a string', 'path'],
  ])('refuses a body with %s (400), naming the field', async (_name, json, error, field) => {
    await t.deps.storage.put('covers/x.png', PNG, 'image/png');
    const res = await t.call('/api/images/manage', { cookie: await t.signedInAs('admin'), json });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(refused(error, field));
    expect(await storedKeys(t)).toEqual(['covers/x.png']);
  });
});

describe('who may manage uploads', () => {
  const CALLS = [
    ['GET /api/images/manage', '/api/images/manage', undefined],
    ['GET /api/images/list-pagebreaks', '/api/images/list-pagebreaks', undefined],
    ['POST /api/images/manage', '/api/images/manage', { action: 'delete', path: 'covers/x.png' }],
  ] as const;

  it.each(CALLS)('%s answers 401 signed out and 403 for a moderator', async (_name, path, json) => {
    await t.deps.storage.put('covers/x.png', PNG, 'image/png');
    expect((await t.call(path, { json })).status).toBe(401);
    const mod = await t.call(path, { cookie: await t.signedInAs('mod'), json });
    expect(mod.status).toBe(403);
    expect(await storedKeys(t)).toEqual(['covers/x.png']);
  });
});

describe('managedKeyOf', () => {
  it('maps every accepted spelling to the storage key', () => {
    for (const path of [
      'general/a.png',
      ' /api/uploads/general/a.png ',
      'uploads/general/a.png',
      '/uploads/general/a.png',
      'api/uploads/general/a.png',
    ]) {
      expect(managedKeyOf(path)).toBe('general/a.png');
    }
  });

  it('refuses a NUL byte on its own too (not only through the request validator)', () => {
    expect(managedKeyOf('general/a.png\u0000.jpg')).toBeNull();
  });
});
