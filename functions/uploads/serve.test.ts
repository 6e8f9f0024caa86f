import { describe, expect, it } from 'vitest';
import { remoteTarget, TEST_ORIGIN, useApiTestContext } from '#scripts/test/api.ts';
import { SAMPLE_IMAGES, textBytes } from './sample-images.ts';
import { fixture, upload } from './test-kit.ts';

const t = useApiTestContext();

const PNG = fixture('automatic1111_cropped.png');
const YEAR = 'public, max-age=31536000, immutable';

describe('GET /api/uploads/*', () => {
  it('serves an uploaded file to anyone, with long-lived cache and safe headers', async () => {
    const { url } = await (await upload(t, await t.signedInAs('admin'), { image: PNG, type: 'cover' })).json();
    const res = await t.call(url); // no cookie
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    const names = ['content-type', 'content-length', 'cache-control', 'x-content-type-options'];
    expect(Object.fromEntries(names.map((name) => [name, res.headers.get(name)]))).toEqual({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'cache-control': YEAR,
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(res.headers.get('ETag')).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
  });

  it.each([
    ['webp', SAMPLE_IMAGES.webpLossless, 'image/webp'],
    ['gif', SAMPLE_IMAGES.gif, 'image/gif'],
    ['jpg', SAMPLE_IMAGES.jpegProgressive, 'image/jpeg'],
  ])('takes the content type from the bytes, not what was stored with them (%s)', async (extension, bytes, type) => {
    await t.deps.storage.put(`general/x.${extension}`, bytes, 'text/html');
    const res = await t.call(`/api/uploads/general/x.${extension}`);
    expect(res.headers.get('Content-Type')).toBe(type);
  });

  it('serves stored bytes that are no image as a download, never as a page', async () => {
    await t.deps.storage.put('general/page.png', textBytes('<html><script>alert(1)</script></html>'), 'text/html');
    const res = await t.call('/api/uploads/general/page.png');
    expect(res.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(res.headers.get('Content-Disposition')).toBe('attachment');
  });

  it('answers If-None-Match with 304 while the content is the same, and changes the ETag with the content', async () => {
    await t.deps.storage.put('covers/a.png', PNG, 'image/png');
    const first = await t.call('/api/uploads/covers/a.png');
    const tag = first.headers.get('ETag')!;
    for (const ifNoneMatch of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
      const again = await t.call('/api/uploads/covers/a.png', { headers: { 'if-none-match': ifNoneMatch } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('ETag')).toBe(tag);
      expect(again.headers.get('Cache-Control')).toBe(YEAR);
    }
    await t.deps.storage.put('covers/a.png', SAMPLE_IMAGES.gif, 'image/gif');
    const changed = await t.call('/api/uploads/covers/a.png', { headers: { 'if-none-match': tag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(tag);
  });

  it('answers HEAD with the headers and no body', async () => {
    await t.deps.storage.put('pagebreaks/b.png', PNG, 'image/png');
    const res = await t.call('/api/uploads/pagebreaks/b.png', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('Content-Length')).toBe(String(PNG.length));
    expect(res.headers.get('ETag')).toMatch(/^"/);
  });

  it.each([
    ['a missing file', '/api/uploads/covers/missing.png'],
    ['the folder itself', '/api/uploads/covers'],
    ['the uploads root', '/api/uploads/'],
    ['an encoded slash', '/api/uploads/covers%2Fa.png'],
    ['a NUL byte', '/api/uploads/covers/a.png%00.jpg'],
    ['the .php alias of a file name', '/api/uploads/covers/a.png.php'],
    ['a hidden file', '/api/uploads/covers/.a.png'],
  ])('answers 404 for %s', async (_name, path) => {
    await t.deps.storage.put('covers/a.png', PNG, 'image/png');
    const res = await t.call(path);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: 'File not found' });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('never serves a file for encoded traversal (the URL parser resolves %2e%2e before routing)', async () => {
    for (const path of ['/api/uploads/%2e%2e/%2e%2e/etc/passwd', '/api/uploads/covers/%2e%2e/%2e%2e/app.ts']) {
      const res = await t.call(path);
      // An address that leaves /api is answered 404 by the app alone; the worker answers it as the
      // site does an unknown address, with a redirect to the landing page.
      const leavesApi = !new URL(path, TEST_ORIGIN).pathname.startsWith('/api/');
      if (remoteTarget && leavesApi)
        expect({ status: res.status, location: res.headers.get('location') }).toEqual({ status: 302, location: `${TEST_ORIGIN}/` });
      else expect(res.status).toBe(404);
    }
  });

  it('refuses to write to the uploads address', async () => {
    const res = await t.call('/api/uploads/covers/a.png', { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } });
    expect(res.status).toBe(404);
    expect(await t.deps.storage.get('covers/a.png')).toBeNull();
  });
});
