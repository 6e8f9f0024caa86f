// The gallery upload route with the WASM image processor (as the Cloudflare Worker runs it): a
// real AI image is stored with its thumbnails and generation metadata, and what the processor
// refuses leaves no file and no row behind.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { galleryTestKit, recordStorage, uploadImages } from './test-kit.ts';
import { wasmImages } from './wasm-images.ts';
import { nodeCodecModules } from './wasm-test-codecs.ts';

const t = useApiTestContext();
const kit = galleryTestKit(t);
const FIXTURES = new URL('../../tests/fixtures/ai-images/', import.meta.url);
const fixture = async (name: string) => new Uint8Array(await readFile(new URL(name, FIXTURES)));
const rows = () => t.database.db.selectFrom('gallery_images').selectAll().execute();

beforeEach(() => {
  t.deps.images = wasmImages(nodeCodecModules);
});

describe('gallery upload with the WASM image processor', () => {
  it('stores a real AI image with its WebP thumbnails and its generation metadata', async () => {
    const storage = recordStorage(t);
    const cookie = await t.signedInAs('author');
    const gallery = await kit.insertGallery();
    const original = await fixture('enslo-swarmui.jpg');
    const res = await uploadImages(t, cookie, gallery, [{ name: 'miku.jpg', bytes: original, type: 'image/jpeg' }]);
    expect(res.status).toBe(201);
    const [image] = (await res.json()).images;
    expect([image.width, image.height]).toEqual([1024, 1024]);
    expect(image.prompt).toContain('hatsune miku');
    const thumb = await t.call(image.thumb);
    expect(await sharp(new Uint8Array(await thumb.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 480 });
    expect(storage.keys.size).toBe(3);
    // The decoders read the upload's own bytes; the original is stored unchanged.
    expect(new Uint8Array(await (await t.call(image.src)).arrayBuffer())).toEqual(original);
  });

  it('reads the A1111 text hidden in the alpha bits of a PNG without any text chunk', async () => {
    const cookie = await t.signedInAs('author');
    const gallery = await kit.insertGallery();
    const bytes = await readFile(new URL('../../tests/fixtures/ai-images-peers/automatic1111_stealth.png', import.meta.url));
    const res = await uploadImages(t, cookie, gallery, [{ name: 'stealth.png', bytes: new Uint8Array(bytes) }]);
    expect((await res.json()).images[0]).toMatchObject({ generator: 'automatic1111', prompt: 'a circle', parameters: 'a square' });
  });

  it('refuses an image over its pixel limit by name and reason, storing nothing', async () => {
    t.deps.images = wasmImages(nodeCodecModules, 1_000_000);
    const storage = recordStorage(t);
    const cookie = await t.signedInAs('author');
    const gallery = await kit.insertGallery();
    const res = await uploadImages(t, cookie, gallery, [{ name: 'huge.png', bytes: await fixture('enslo-easy-reforge.png') }]);
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([
      'huge.png: The image is too large to process here (1536×1536 pixels; at most 1 megapixels).',
    ]);
    expect(storage.keys.size).toBe(0);
    expect(await rows()).toEqual([]);
  });
});
