// The WASM image processor against real fixture images, and against sharp (the Node processor)
// on the same inputs: the same sizes, and the same picture the right way up for every EXIF
// orientation. sharp only reads the outputs here; the processor itself never touches it.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sharpImages } from '#scripts/server/sharp-images.ts';
import { UndecodableImageError } from '#core/images.ts';
import { orientationInTiff } from './exif-orientation.ts';
import { concat, latin1, pngChunk } from './metadata/test-files.ts';
import { FileRefused } from './upload-checks.ts';
import { wasmImages } from './wasm-images.ts';
import { nodeCodecModules } from './wasm-test-codecs.ts';

const FIXTURES = new URL('../../tests/fixtures/ai-images/', import.meta.url);
const fixture = async (name: string) => new Uint8Array(await readFile(new URL(name, FIXTURES)));
const processor = wasmImages(nodeCodecModules);

const sizeOf = async (bytes: Uint8Array) => {
  const { format, width, height } = await sharp(bytes).metadata();
  return { format, width, height };
};
const png = async (width: number, height: number) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 4, background: '#336699' } })
      .png()
      .toBuffer(),
  );

describe('wasmImages.renditions on real images', () => {
  it.each([
    ['enslo-comfyui.png', 1024, 1024],
    ['enslo-easy-reforge.png', 1536, 1536],
    ['enslo-swarmui.jpg', 1024, 1024],
  ])('renders %s like sharp does: its size, WebP thumbnails 480 and 960 wide, a tiny placeholder', async (name, width, height) => {
    const bytes = await fixture(name);
    const [wasm, node] = await Promise.all([processor.renditions(bytes), sharpImages.renditions(bytes)]);
    expect([wasm.width, wasm.height]).toEqual([width, height]);
    expect([wasm.width, wasm.height]).toEqual([node.width, node.height]);
    expect(await sizeOf(wasm.thumb)).toEqual(await sizeOf(node.thumb));
    expect(await sizeOf(wasm.thumb2x)).toEqual({ format: 'webp', width: 960, height: 960 * (height / width) });
    expect(wasm.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    expect(wasm.placeholder.length).toBeLessThan(600);
    const tiny = Buffer.from(wasm.placeholder.split(',')[1]!, 'base64');
    expect(await sizeOf(tiny)).toEqual({ format: 'webp', width: 16, height: 16 });
  });

  it('decodes a PNG whose prompt chunk is megabytes long (the codec alone fails on one)', async () => {
    const image = await png(64, 48);
    const prompt = pngChunk('tEXt', concat(latin1('parameters\0'), latin1('masterpiece, '.repeat(300_000))));
    const withPrompt = concat(image.subarray(0, 33), prompt, image.subarray(33)); // after the 33-byte signature and IHDR
    const result = await processor.renditions(withPrompt);
    expect([result.width, result.height]).toEqual([64, 48]);
  });

  it('decodes WebP uploads too', async () => {
    const webp = new Uint8Array(
      await sharp(await fixture('enslo-comfyui.png'))
        .webp()
        .toBuffer(),
    );
    const result = await processor.renditions(webp);
    expect([result.width, result.height]).toEqual([1024, 1024]);
    expect((await sizeOf(result.thumb)).width).toBe(480);
  });
});

describe('wasmImages.renditions sizes', () => {
  it('never enlarges a small image, and keeps very tall thumbnails at most four widths high', async () => {
    const small = await processor.renditions(await png(300, 200));
    expect([(await sizeOf(small.thumb)).width, (await sizeOf(small.thumb2x)).width]).toEqual([300, 300]);
    const tall = await processor.renditions(await png(500, 10000));
    expect(await sizeOf(tall.thumb)).toMatchObject({ width: 96, height: 1920 });
    expect(await sizeOf(tall.thumb2x)).toMatchObject({ width: 192, height: 3840 });
  });

  it('shrinks a much larger image (block average first) to the same sizes sharp gives', async () => {
    const big = await png(4000, 3000);
    const [wasm, node] = await Promise.all([processor.renditions(big), sharpImages.renditions(big)]);
    expect(await sizeOf(wasm.thumb2x)).toEqual(await sizeOf(node.thumb2x));
    expect(await sizeOf(wasm.thumb)).toEqual(await sizeOf(node.thumb));
  });
});

describe('wasmImages.renditions and EXIF orientation', () => {
  // Four solid quadrants, so every mirroring and turn puts a different colour in each corner.
  const QUADRANTS = [
    { color: { r: 255, g: 0, b: 0 }, left: 0, top: 0 },
    { color: { r: 0, g: 255, b: 0 }, left: 80, top: 0 },
    { color: { r: 0, g: 0, b: 255 }, left: 0, top: 40 },
    { color: { r: 255, g: 255, b: 0 }, left: 80, top: 40 },
  ];
  const quadrantImage = (format: 'jpeg' | 'webp', orientation: number) =>
    sharp({ create: { width: 160, height: 80, channels: 3, background: '#000' } })
      .composite(
        QUADRANTS.map(({ color, left, top }) => ({
          input: { create: { width: 80, height: 40, channels: 3, background: color } },
          left,
          top,
        })),
      )
      [format]({ quality: 95 })
      .withMetadata({ orientation })
      .toBuffer();

  /** The colour near each corner of a rendered thumbnail. */
  async function corners(webp: Uint8Array): Promise<number[][]> {
    const { data, info } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (fx: number, fy: number) => {
      const i = (Math.floor(info.height * fy) * info.width + Math.floor(info.width * fx)) * 3;
      return [data[i]!, data[i + 1]!, data[i + 2]!].map((v) => Math.round(v / 255)); // 0 or 1 per channel
    };
    return [at(0.2, 0.2), at(0.8, 0.2), at(0.2, 0.8), at(0.8, 0.8)];
  }

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('turns a JPEG with orientation %i upright as sharp does', async (orientation) => {
    const jpeg = new Uint8Array(await quadrantImage('jpeg', orientation));
    const [wasm, node] = await Promise.all([processor.renditions(jpeg), sharpImages.renditions(jpeg)]);
    expect([wasm.width, wasm.height]).toEqual(orientation >= 5 ? [80, 160] : [160, 80]);
    expect([wasm.width, wasm.height]).toEqual([node.width, node.height]);
    expect(await corners(wasm.thumb2x)).toEqual(await corners(node.thumb2x));
  });

  it('turns a WebP with an EXIF orientation too', async () => {
    const webp = new Uint8Array(await quadrantImage('webp', 6));
    const [wasm, node] = await Promise.all([processor.renditions(webp), sharpImages.renditions(webp)]);
    expect([wasm.width, wasm.height]).toEqual([80, 160]);
    expect(await corners(wasm.thumb)).toEqual(await corners(node.thumb));
  });

  it('reads an odd or damaged orientation tag as upright', () => {
    const tiff = (type: number, value: number) => {
      const bytes = new Uint8Array(26);
      const view = new DataView(bytes.buffer);
      bytes.set([0x49, 0x49, 42, 0]); // "II", little-endian TIFF
      view.setUint32(4, 8, true);
      view.setUint16(8, 1, true); // one entry
      view.setUint16(10, 0x0112, true);
      view.setUint16(12, type, true);
      view.setUint32(14, 1, true);
      view.setUint16(18, value, true);
      return bytes;
    };
    expect(orientationInTiff(tiff(3, 6))).toBe(6);
    expect(orientationInTiff(tiff(3, 9))).toBe(1);
    expect(orientationInTiff(tiff(3, 0))).toBe(1);
    expect(orientationInTiff(tiff(4, 6))).toBe(1); // a LONG is not how the tag is written
    expect(orientationInTiff(tiff(3, 6).subarray(0, 12))).toBe(1); // cut off
    const loop = tiff(3, 6);
    new DataView(loop.buffer).setUint32(4, 0xfffffff0, true); // IFD offset past the end
    expect(orientationInTiff(loop)).toBe(1);
  });
});

describe('wasmImages.renditions refusals', () => {
  it.each([
    ['text', new TextEncoder().encode('not an image <script>alert(1)</script>')],
    ['a GIF', new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3b])],
    ['NUL bytes', new Uint8Array(1024)],
  ])('throws UndecodableImageError for %s', async (_label, bytes) => {
    await expect(processor.renditions(bytes)).rejects.toBeInstanceOf(UndecodableImageError);
  });

  it('throws UndecodableImageError for a cut-off PNG or JPEG, and keeps working afterwards', async () => {
    const pngBytes = await fixture('enslo-comfyui.png');
    await expect(processor.renditions(pngBytes.subarray(0, 2000))).rejects.toBeInstanceOf(UndecodableImageError);
    const jpeg = await fixture('enslo-swarmui.jpg');
    const damaged = jpeg.slice(0, 4);
    await expect(processor.renditions(damaged)).rejects.toBeInstanceOf(UndecodableImageError);
    expect((await processor.renditions(jpeg)).width).toBe(1024);
  });

  it('refuses, with the reason, an image with more pixels than it may decode', async () => {
    const limited = wasmImages(nodeCodecModules, 1_000_000);
    const refusal = limited.renditions(await fixture('enslo-easy-reforge.png'));
    await expect(refusal).rejects.toBeInstanceOf(FileRefused);
    await expect(refusal).rejects.toThrow('The image is too large to process here (1536×1536 pixels; at most 1 megapixels).');
  });

  it('reports a codec that cannot be loaded as a server fault, and loads again on the next call', async () => {
    let attempts = 0;
    const flaky = wasmImages(async () => {
      attempts++;
      if (attempts === 1) throw new Error('wasm missing');
      return nodeCodecModules();
    });
    await expect(flaky.renditions(await png(10, 10))).rejects.toThrow('wasm missing');
    expect((await flaky.renditions(await png(10, 10))).width).toBe(10);
  });
});
