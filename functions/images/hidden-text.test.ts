// Both image processors (sharp in Node, the WASM codecs of the Worker) find text hidden in the
// low bits of the pixels they decode (decision 49): in the real stealth file of the peers corpus
// and in PNG and lossless WebP built here, and nothing in JPEG, noise or pixels without a signature.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageProcessor } from '#core/images.ts';
import { sharpImages } from '#scripts/server/sharp-images.ts';
import { extractGenerationMetadata } from './metadata/index.ts';
import { mayHideBits } from './metadata/stealth.ts';
import { webpChunks } from './metadata/webp-chunks.ts';
import { hideText, noisePixels, withoutAlpha } from './metadata/stealth-test-pixels.ts';
import { wasmImages } from './wasm-images.ts';
import { nodeCodecModules } from './wasm-test-codecs.ts';

const PEERS = new URL('../../tests/fixtures/ai-images-peers/', import.meta.url);
const A1111 = 'a lighthouse at dusk\nNegative prompt: blurry\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: 42, Size: 512x768';
const [WIDTH, HEIGHT] = [120, 80];

type Encode = 'png' | 'webp' | 'lossy-webp' | 'jpeg' | 'rgb-png';
/** An image of noise with A1111 text hidden in it (or not), encoded by sharp. */
async function encoded(format: Encode, mode: 'alpha' | 'rgb' | 'none' = 'alpha'): Promise<Uint8Array> {
  const data = noisePixels(WIDTH, HEIGHT);
  if (mode !== 'none') hideText(data, WIDTH, HEIGHT, A1111, { mode, compressed: true });
  const channels = format === 'rgb-png' ? 3 : 4;
  const raw = channels === 3 ? withoutAlpha(data) : data;
  const image = sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels } });
  const out = format.endsWith('webp')
    ? image.webp({ lossless: format === 'webp' })
    : format === 'jpeg'
      ? image.jpeg({ quality: 100 })
      : image.png();
  return new Uint8Array(await out.toBuffer());
}

const readWith = async (processor: ImageProcessor, bytes: Uint8Array) =>
  extractGenerationMetadata(bytes, undefined, (await processor.renditions(bytes)).hidden);

it('looks for hidden bits in PNG and lossless WebP only', async () => {
  const looked = async (format: Encode) => mayHideBits(await encoded(format, 'none'));
  expect([await looked('png'), await looked('rgb-png'), await looked('webp')]).toEqual([true, true, true]);
  expect([await looked('lossy-webp'), await looked('jpeg')]).toEqual([false, false]);
  const extended = new Uint8Array(
    await sharp(await encoded('png', 'none'))
      .webp({ lossless: true })
      .withExifMerge({ IFD0: { Software: 'x' } })
      .toBuffer(),
  );
  expect(mayHideBits(extended)).toBe(true); // VP8X first, then the image
});

describe.each([
  ['sharp', sharpImages],
  ['WASM', wasmImages(nodeCodecModules)],
])('text hidden in the pixels, %s', (_, processor) => {
  it('reads the real A1111 stealth file of the peers corpus', async () => {
    const bytes = new Uint8Array(await readFile(new URL('automatic1111_stealth.png', PEERS)));
    expect(await extractGenerationMetadata(bytes)).toMatchObject({ generator: null }); // no text chunk at all
    expect(await readWith(processor, bytes)).toMatchObject({
      generator: 'automatic1111',
      prompt: 'a circle',
      negativePrompt: 'a square',
      checkpoint: 'realisticVisionV51_v51VAE',
      settings: { width: 64, height: 64 },
    });
  });

  it("reads NovelAI's hidden JSON from the real NovelAI WebP of the peers corpus, its EXIF removed", async () => {
    const bytes = new Uint8Array(await readFile(new URL('novelai-curated.webp', PEERS)));
    const exif = [...webpChunks(bytes)].find((chunk) => chunk.type === 'EXIF')!; // the last chunk
    const stripped = bytes.slice(0, exif.data.byteOffset - bytes.byteOffset - 8);
    new DataView(stripped.buffer).setUint32(4, stripped.length - 8, true);
    expect((await extractGenerationMetadata(stripped)).generator).toBeNull();
    const expected = JSON.parse(await readFile(new URL('expected.json', PEERS), 'utf8'))['novelai-curated.webp'];
    expect(await readWith(processor, stripped)).toMatchObject({
      generator: 'novelai',
      prompt: expected.prompt,
      negativePrompt: expected.negative,
      settings: { width: 1024, height: 1024 },
    });
  });

  it.each([
    ['png', 'alpha'],
    ['webp', 'alpha'],
    ['rgb-png', 'rgb'],
    ['png', 'rgb'],
  ] as const)('reads it from a %s with the text in %s bits', async (format, mode) => {
    expect(await readWith(processor, await encoded(format, mode))).toMatchObject({
      generator: 'automatic1111',
      prompt: 'a lighthouse at dusk',
    });
  });

  it.each([
    ['a JPEG of the same pixels', () => encoded('jpeg')],
    ['a PNG of noise', () => encoded('png', 'none')],
    ['a PNG of noise without alpha', () => encoded('rgb-png', 'none')],
  ])('finds nothing in %s', async (_, file) => {
    expect((await processor.renditions(await file())).hidden).toBeNull();
  });
});
