// An archive's files and rows pass the checks the site applies when they are first uploaded or
// saved (decision 22): the upload checks by folder (structure, extra data, size, pixels) and the
// API's rules for addresses and gallery files; each refusal names the entry and writes nothing.
import { unzipSync, zipSync } from 'fflate';
import { describe, it } from 'vitest';
import { pngBytes } from '#functions/images/test-kit.ts';
import { concatBytes, SAMPLE_IMAGES, textBytes } from '#functions/uploads/sample-images.ts';
import { useRefusalTests } from './refusal-kit.ts';
import { craftArchive, emptyData, exportArchive } from './test-kit.ts';

const { t, expectRefused } = useRefusalTests();
const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MB = 1024 * 1024;

/** A PNG whose header claims `width`×`height` pixels (the header is all the checks read). */
async function pngClaiming(width: number, height: number): Promise<Uint8Array> {
  const png = new Uint8Array(await pngBytes(8, 8));
  const view = new DataView(png.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return png;
}

/** Sets the size the zip's directory and the manifest declare for `path`. */
function declareSize(zip: Uint8Array, path: string, size: number): Uint8Array {
  const files = unzipSync(zip);
  const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as { files: { path: string; size: number }[] };
  manifest.files.find((file) => file.path === path)!.size = size;
  const rezipped = zipSync({ ...files, 'manifest.json': textBytes(JSON.stringify(manifest)) });
  const view = new DataView(rezipped.buffer);
  for (let at = 0; at < rezipped.length - 46; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(at + 28, true);
    if (new TextDecoder().decode(rezipped.subarray(at + 46, at + 46 + nameLength)) === path) view.setUint32(at + 24, size, true);
  }
  return rezipped;
}

/** The files of an export of the site, without its manifest (craftArchive writes one). */
async function exportedFiles(): Promise<Record<string, Uint8Array>> {
  const { 'manifest.json': _, ...files } = unzipSync(await exportArchive(t.deps, { analytics: false }));
  return files;
}

/** The site's own rows of a table, from an export, with `change` applied to the first. */
async function exportedRows(table: string, change: Record<string, unknown>): Promise<Record<string, Uint8Array | string>> {
  const files = await exportedFiles();
  const rows = JSON.parse(new TextDecoder().decode(files[`data/${table}.json`])) as Record<string, unknown>[];
  rows[0] = { ...rows[0], ...change };
  return { ...files, [`data/${table}.json`]: JSON.stringify(rows) };
}

describe('an archived upload passes the checks of its kind of upload', () => {
  it.each([
    [
      'a 11 MB "PNG" cover (a signature, then zeros), by its size',
      'uploads/covers/big.png',
      () => concatBytes(PNG_SIGNATURE, new Uint8Array(11 * MB)),
      '"uploads/covers/big.png": File too large. Maximum size is 10MB.',
    ],
    [
      'a 26 MB gallery file, by its size',
      'uploads/galleries/1/big.png',
      () => concatBytes(PNG_SIGNATURE, new Uint8Array(26 * MB)),
      '"uploads/galleries/1/big.png": File too large. Maximum size is 25MB.',
    ],
    [
      'a signature, then zeros',
      'uploads/general/zeros.png',
      () => concatBytes(PNG_SIGNATURE, new Uint8Array(4096)),
      '"uploads/general/zeros.png": The image is damaged or incomplete.',
    ],
    [
      'a PNG/HTML polyglot',
      'uploads/general/poly.png',
      async () => concatBytes(await pngBytes(), textBytes('<html><script>alert(1)</script>')),
      '"uploads/general/poly.png": The file has extra data after the image.',
    ],
    [
      'a GIF/JS polyglot',
      'uploads/covers/poly.gif',
      () => concatBytes(SAMPLE_IMAGES.gif, textBytes('*/=1;alert(1)//')),
      '"uploads/covers/poly.gif": The file has extra data after the image.',
    ],
    [
      'a gallery image of 100 megapixels',
      'uploads/galleries/1/huge.png',
      () => pngClaiming(10_000, 10_000),
      /"uploads\/galleries\/1\/huge.png": The image is too large \(10000×10000 pixels; at most 50 megapixels\)/,
    ],
    [
      'a GIF in a gallery',
      'uploads/galleries/1/a.gif',
      () => SAMPLE_IMAGES.gif,
      '"uploads/galleries/1/a.gif": Not a PNG, JPEG or WebP image.',
    ],
    [
      'a file outside the site’s folders',
      'uploads/elsewhere/a.png',
      () => pngBytes(),
      '"uploads/elsewhere/a.png" is not a name this site gives uploads.',
    ],
  ])('refuses %s', async (_, path, bytes, message) => {
    await expectRefused(await craftArchive({ ...emptyData(), [path]: await bytes() }), message);
  });
});

describe('archived rows pass the API’s rules', () => {
  it.each([
    [
      'an image src of javascript:',
      'gallery_images',
      { src: 'javascript:alert(1)' },
      /data\/gallery_images.json: row 1: src must be a path on this site or an http\(s\) URL/,
    ],
    [
      'storage_keys naming another folder’s file',
      'gallery_images',
      { storage_keys: ['covers/cover-one.png'] },
      /row 1: storage_keys names "covers\/cover-one.png", which is not a gallery file/,
    ],
    [
      'a story cover of javascript:',
      'stories',
      { cover_image: 'javascript:alert(1)' },
      /data\/stories.json: row 1: cover_image must be an uploaded image, a path on this site or an http\(s\) URL/,
    ],
    [
      'a story cover the API would have rewritten',
      'stories',
      { cover_image: 'uploads/covers/x.png' },
      /data\/stories.json: row 1: cover_image is not in the form the site stores/,
    ],
    [
      'a profile image of javascript:',
      'author_profile',
      { profile_image: 'javascript:alert(1)' },
      /data\/author_profile.json: row 1: profile_image must be a path on this site/,
    ],
    [
      'a social link of javascript:',
      'social_links',
      { url: 'javascript:alert(1)' },
      /data\/social_links.json: row 1: the link "\w+": must start with http:\/\/ or https:\/\//,
    ],
  ])('refuses %s', async (_, table, change, message) => {
    await expectRefused(await craftArchive(await exportedRows(table, change)), message);
  });

  it('refuses two images naming the same file (deleting one would delete the other’s)', async () => {
    const files = await exportedFiles();
    const rows = JSON.parse(new TextDecoder().decode(files['data/gallery_images.json'])) as Record<string, unknown>[];
    const own = rows.find((row) => (row['storage_keys'] as string[]).length > 0)!;
    const twin = { ...own, id: 999, storage_keys: own['storage_keys'] };
    const archive = await craftArchive({ ...files, 'data/gallery_images.json': JSON.stringify([...rows, twin]) });
    await expectRefused(archive, /storage_keys names "galleries\/\d+\/[^"]+", which another image names too/);
  });
});

describe('sizes', () => {
  it('refuses a text file larger than the engine’s longest string, saying so', async () => {
    const archive = declareSize(await craftArchive(emptyData()), 'data/stories.json', 600 * MB);
    await expectRefused(
      archive,
      '"data/stories.json" is too large to read (600 MB): a text file may have at most 511 MB, the longest text the JavaScript engine holds.',
    );
  });

  it.each([
    ['understates', 1],
    ['overstates', 100],
  ])('refuses an entry whose declared size %s what it unpacks to', async (_, size) => {
    const archive = declareSize(
      await craftArchive({ ...emptyData(), 'data/stories.json': `${' '.repeat(10)}[]` }),
      'data/stories.json',
      size,
    );
    await expectRefused(archive, /"data\/stories.json" is damaged and cannot be unpacked \(an entry unpacks to (more|fewer)/);
  });
});
