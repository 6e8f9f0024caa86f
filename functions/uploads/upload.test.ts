import { describe, expect, it } from 'vitest';
import { remoteTarget, useApiTestContext } from '#scripts/test/api.ts';
import { concatBytes, SAMPLE_IMAGES, textBytes } from './sample-images.ts';
import { refused } from '#functions/chapters/test-kit.ts';
import { fixture, storedKeys, upload, uploadForm } from './test-kit.ts';
import { displayName } from './upload-form.ts';

const t = useApiTestContext();

const PNG = fixture('automatic1111_cropped.png');
const JPEG = fixture('automatic1111_cropped.jpg');
const MB = 1024 * 1024;
/** A valid PNG followed by zero padding (which the bytes check accepts) up to `size` bytes. */
const paddedPng = (size: number) => concatBytes(PNG, new Uint8Array(size - PNG.length));

const KEY = /^(covers|pagebreaks|general)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

describe('POST /api/images/upload', () => {
  it.each([
    ['admin', 'cover', 'covers'],
    ['author', 'pagebreak', 'pagebreaks'],
    ['admin', 'general', 'general'],
    ['author', 'general', 'general'],
  ] as const)('lets %s upload a %s image, stored under %s/ with a server-made name', async (role, type, folder) => {
    const cookie = await t.signedInAs(role);
    const res = await upload(t, cookie, { image: PNG, name: 'My Duck.png', type });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      url: `/api/uploads/${body.path}`,
      path: expect.stringMatching(KEY),
      filename: expect.any(String),
    });
    expect(body.path).toBe(`${folder}/${body.filename}`);
    expect(await t.deps.storage.get(body.path)).toEqual({ body: PNG, contentType: 'image/png' });
    expect(t.rebuilds).toEqual([]); // an upload alone changes no page
  });

  it('answers at upload.php too', async () => {
    const cookie = await t.signedInAs('admin');
    const res = await upload(t, cookie, { image: JPEG, name: 'a.jpg', mime: 'image/jpeg', type: 'general' }, '/api/images/upload.php');
    expect(res.status).toBe(200);
    expect((await res.json()).path).toMatch(KEY);
  });

  it.each([
    ['a PNG named .jpg and sent as image/jpeg', PNG, 'photo.jpg', 'image/jpeg', 'png', 'image/png'],
    ['a JPEG named .png', JPEG, 'photo.png', 'image/png', 'jpg', 'image/jpeg'],
    ['a WebP sent as application/octet-stream', SAMPLE_IMAGES.webpLossy, 'blob', 'application/octet-stream', 'webp', 'image/webp'],
    ['a GIF named without an extension or type', SAMPLE_IMAGES.gifAnimated, 'animation', '', 'gif', 'image/gif'],
  ])('names the file after its bytes, not its name or declared type: %s', async (_name, image, name, mime, extension, contentType) => {
    const cookie = await t.signedInAs('admin');
    const res = await upload(t, cookie, { image, name, mime, type: 'general' });
    const { path } = await res.json();
    expect(path).toMatch(new RegExp(`\\.${extension}$`));
    expect((await t.deps.storage.get(path))?.contentType).toBe(contentType);
  });

  it('stores 10 concurrent uploads under 10 distinct names', async () => {
    const cookie = await t.signedInAs('author');
    const responses = await Promise.all(Array.from({ length: 10 }, () => upload(t, cookie, { image: PNG, type: 'general' })));
    const paths = await Promise.all(responses.map(async (res) => (await res.json()).path as string));
    expect(responses.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(new Set(paths).size).toBe(10);
    expect((await storedKeys(t)).sort()).toEqual([...paths].sort());
  });

  it('accepts a 5 MB+ image as a cover (limit 10 MB) but not as a general upload (limit 5 MB)', async () => {
    const cookie = await t.signedInAs('admin');
    const big = paddedPng(5 * MB + 1);
    const general = await upload(t, cookie, { image: big, name: 'big.png', type: 'general' });
    expect(general.status).toBe(413);
    expect(await general.json()).toEqual({ success: false, error: '"big.png": File too large. Maximum size is 5MB.' });
    expect(await storedKeys(t)).toEqual([]);
    const cover = await upload(t, cookie, { image: big, name: 'big.png', type: 'cover' });
    expect(cover.status).toBe(200);
  });

  it('refuses a cover over 10 MB, naming the file', async () => {
    const cookie = await t.signedInAs('admin');
    const res = await upload(t, cookie, { image: paddedPng(10 * MB + 1), name: 'huge.png', type: 'cover' });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, error: '"huge.png": File too large. Maximum size is 10MB.' });
    expect(await storedKeys(t)).toEqual([]);
  });

  it('refuses a body far over the largest limit before reading it (by Content-Length)', async () => {
    const cookie = await t.signedInAs('admin');
    const body = uploadForm({ image: new Uint8Array(11 * MB), type: 'cover' });
    const bytes = await new Response(body).arrayBuffer();
    const headers = { 'content-type': new Response(body).headers.get('content-type')!, 'content-length': String(bytes.byteLength) };
    const res = await t.call('/api/images/upload', { cookie, body: bytes, headers });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, error: 'File too large. Maximum size is 10MB.' });
  });

  it('refuses a streamed body (no Content-Length) once it passes the limit', async () => {
    const cookie = await t.signedInAs('admin');
    const res = await upload(t, cookie, { image: new Uint8Array(11 * MB), name: 'stream.png', type: 'cover' });
    expect(res.status).toBe(413);
    expect(await storedKeys(t)).toEqual([]);
  });

  const INVALID = 'Invalid file type. Only JPEG, PNG, GIF, and WebP are allowed.';
  const DAMAGED = 'The image is damaged or incomplete.';
  const SVG = textBytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  const HTML = textBytes('<html><script>alert(1)</script></html>');
  it.each([
    ['a text file named .png', textBytes('just notes'), 'notes.png', 'image/png', `"notes.png": ${INVALID}`],
    ['an SVG', SVG, 'logo.svg', 'image/svg+xml', `"logo.svg": ${INVALID}`],
    ['an HTML page named .gif', HTML, 'x.gif', 'image/gif', `"x.gif": ${INVALID}`],
    ['zero bytes', new Uint8Array(0), 'empty.png', 'image/png', '"empty.png": The file is empty.'],
    ['a truncated PNG', PNG.subarray(0, 200), 'cut.png', 'image/png', `"cut.png": ${DAMAGED}`],
    ['a truncated JPEG', JPEG.subarray(0, JPEG.length - 2), 'cut.jpg', 'image/jpeg', `"cut.jpg": ${DAMAGED}`],
    ['a PNG signature followed by HTML', concatBytes(PNG.subarray(0, 8), HTML), 'p.png', 'image/png', `"p.png": ${DAMAGED}`],
    [
      'a GIF with a script after its trailer',
      concatBytes(SAMPLE_IMAGES.gif, HTML),
      'g.gif',
      'image/gif',
      '"g.gif": The file has extra data after the image.',
    ],
    // workerd reads a backslash in a multipart file name as an escape and drops it, so the folder
    // cannot be told from the name there (browsers send the bare name anyway).
    [
      'a file sent with a folder path as its name',
      textBytes('x'),
      'C:\\fakepath\\evil\n.png',
      'image/png',
      `"${remoteTarget ? 'C:fakepathevil.png' : 'evil.png'}": ${INVALID}`,
    ],
  ])('refuses %s with 400, naming the file, and stores nothing', async (_name, image, name, mime, error) => {
    const cookie = await t.signedInAs('admin');
    const res = await upload(t, cookie, { image, name, mime, type: 'general' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error });
    expect(await storedKeys(t)).toEqual([]);
  });

  it.each([
    ['no image', { type: 'general' }, 'The image is required', 'image'],
    ['the image as a text field', { image: 'not a file', type: 'general' }, 'The image must be a file', 'image'],
    ['no type', { image: PNG }, 'The folder must be one of: cover, pagebreak, general', 'type'],
    ['an unknown type', { image: PNG, type: 'avatar' }, 'The folder must be one of: cover, pagebreak, general', 'type'],
  ])('refuses a form with %s (400), naming the field', async (_name, fields, error, field) => {
    const cookie = await t.signedInAs('admin');
    const res = await upload(t, cookie, fields);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(refused(error, field));
    expect(await storedKeys(t)).toEqual([]);
  });

  it('refuses unknown form fields and two images in one request', async () => {
    const cookie = await t.signedInAs('admin');
    const extra = uploadForm({ image: PNG, type: 'general' });
    extra.append('gallery_id', '1');
    const res = await t.call('/api/images/upload', { cookie, body: extra });
    expect(await res.json()).toEqual({ success: false, error: 'Unknown field: gallery_id' });
    const two = uploadForm({ image: PNG, type: 'general' });
    two.append('image', new File([PNG], 'second.png', { type: 'image/png' }));
    expect((await t.call('/api/images/upload', { cookie, body: two })).status).toBe(400);
    expect(await storedKeys(t)).toEqual([]);
  });

  it('refuses a JSON body and a malformed multipart body with 400', async () => {
    const cookie = await t.signedInAs('admin');
    const json = await t.call('/api/images/upload', { cookie, json: { type: 'general', image: 'x' } });
    expect(json.status).toBe(400);
    expect((await json.json()).error).toBe('Send the request as multipart/form-data (a form with files).');
    const broken = await t.call('/api/images/upload', {
      cookie,
      body: '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nno closing boundary',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ success: false, error: 'Malformed request body.' });
  });

  it('answers 401 when signed out and 403 for a moderator, storing nothing', async () => {
    const anonymous = await upload(t, undefined, { image: PNG, type: 'general' });
    expect(anonymous.status).toBe(401);
    const mod = await upload(t, await t.signedInAs('mod'), { image: PNG, type: 'general' });
    expect(mod.status).toBe(403);
    expect(await mod.json()).toEqual({ success: false, error: 'Your role does not allow this action.' });
    expect(await storedKeys(t)).toEqual([]);
  });

  it('refuses a multipart upload from another site (CSRF)', async () => {
    const cookie = await t.signedInAs('admin');
    const res = await t.call('/api/images/upload', {
      cookie,
      body: uploadForm({ image: PNG, type: 'general' }),
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await storedKeys(t)).toEqual([]);
  });
});

describe('displayName', () => {
  it('keeps the base name, drops control characters and shortens long names', () => {
    expect(displayName('C:\\fakepath\\photo.png')).toBe('photo.png');
    expect(displayName('dir/sub/photo.png')).toBe('photo.png');
    expect(displayName(' a\u0000b\u001b.png ')).toBe('ab.png');
    expect(displayName(`${'x'.repeat(100)}.png`)).toBe(`${'x'.repeat(79)}…`);
    expect(displayName('')).toBe('');
  });

  it("undoes the form encoding's escapes for line breaks and quotes, whatever the case", () => {
    expect(displayName('a%0Ab%0dc%22d.png')).toBe('abc"d.png');
    expect(displayName('dir%22/..%0A/evil%22.png')).toBe('evil".png');
    expect(displayName('100%25 done.png')).toBe('100%25 done.png');
  });
});
