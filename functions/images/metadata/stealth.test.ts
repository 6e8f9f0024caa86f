// The stealth reader on pixels built here: every signature, the NovelAI JSON, the precedence of
// the file's own texts, and nothing found in noise, opaque pixels or a header that claims too much.
import { describe, expect, it } from 'vitest';
import { extractGenerationMetadata } from './index.ts';
import { MAX_HIDDEN_BYTES, readStealth, type PixelRegion } from './stealth.ts';
import { hideText, noisePixels, withoutAlpha } from './stealth-test-pixels.ts';
import { MAX_TEXT_BYTES } from './text.ts';
import { png, tEXt } from './test-files.ts';

const A1111 =
  'a lighthouse at dusk\nNegative prompt: blurry\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: 42, Size: 512x768, Model: dreamshaper_8';
const region = (data: Uint8Array, width: number, height: number, channels = 4): PixelRegion => ({ data, width, height, channels });
const hidden = (options: Parameters<typeof hideText>[4], text = A1111, [width, height] = [64, 48]) =>
  readStealth(region(hideText(noisePixels(width, height), width, height, text, options), width, height));
const EMPTY_FILE = new Uint8Array(0);

describe('readStealth and the reader', () => {
  it.each([
    ['alpha', false],
    ['alpha', true],
    ['rgb', false],
    ['rgb', true],
  ] as const)('reads A1111 parameters hidden in %s bits (gzip: %s)', async (mode, compressed) => {
    const found = hidden({ mode, compressed });
    expect(found?.compressed).toBe(compressed);
    expect(await extractGenerationMetadata(EMPTY_FILE, undefined, found)).toMatchObject({
      generator: 'automatic1111',
      prompt: 'a lighthouse at dusk',
      negativePrompt: 'blurry',
      checkpoint: 'dreamshaper_8',
      settings: { steps: 20, seed: '42', width: 512, height: 768 },
    });
  });

  it('reads the bits column by column, across columns, in an image only a few pixels high', async () => {
    const [width, height] = [600, 3];
    const found = hidden({ compressed: true }, A1111, [width, height]);
    expect((await extractGenerationMetadata(EMPTY_FILE, undefined, found)).prompt).toBe('a lighthouse at dusk');
  });

  it('reads pixels handed over column by column as it reads them row by row', () => {
    const [width, height] = [64, 48];
    const rows = hideText(noisePixels(width, height), width, height, A1111, { mode: 'rgb' });
    const columns = new Uint8Array(rows.length);
    for (let x = 0; x < width; x++)
      for (let y = 0; y < height; y++) columns.set(rows.subarray((y * width + x) * 4, (y * width + x) * 4 + 4), (x * height + y) * 4);
    const found = readStealth({ ...region(columns, width, height), columnsFirst: true });
    expect(found).toEqual(readStealth(region(rows, width, height)));
    expect(found).not.toBeNull();
  });

  it("reads NovelAI's hidden JSON of its text chunks", async () => {
    const novelai = JSON.stringify({
      Title: 'AI generated image',
      Description: 'a fox in snow',
      Software: 'NovelAI',
      Source: 'NovelAI Diffusion V4.5 4BDE2A90',
      Comment: JSON.stringify({ prompt: 'a fox in snow', uc: 'lowres', steps: 28, width: 832, height: 1216, scale: 5, seed: 7 }),
    });
    const found = hidden({ compressed: true }, novelai, [64, 64]);
    expect(await extractGenerationMetadata(EMPTY_FILE, undefined, found)).toMatchObject({
      generator: 'novelai',
      prompt: 'a fox in snow',
      negativePrompt: 'lowres',
      settings: { steps: 28, width: 832, height: 1216 },
    });
  });

  it("the file's own text wins over the hidden one", async () => {
    const file = png([tEXt('parameters', 'a red barn\nSteps: 10, Sampler: Euler, CFG scale: 5, Seed: 1, Size: 64x64')]);
    expect((await extractGenerationMetadata(file, undefined, hidden({})))?.prompt).toBe('a red barn');
  });

  it('finds nothing in noise, in opaque pixels or in pixels without alpha', () => {
    for (let seed = 1; seed <= 200; seed++) expect(readStealth(region(noisePixels(32, 32, seed), 32, 32))).toBeNull();
    expect(readStealth(region(new Uint8Array(32 * 32 * 4).fill(255), 32, 32))).toBeNull();
    const rgb = withoutAlpha(noisePixels(32, 32));
    expect(readStealth(region(rgb, 32, 32, 3))).toBeNull();
    // Alpha bits copied into an image without alpha are no alpha signature.
    const withAlpha = hideText(noisePixels(64, 48), 64, 48, A1111);
    expect(readStealth(region(withoutAlpha(withAlpha), 64, 48, 3))).toBeNull();
  });

  it('finds nothing when the header claims more than the cap, more than the pixels, or no whole bytes', () => {
    expect(hidden({ claimedBits: (MAX_HIDDEN_BYTES + 1) * 8 })).toBeNull();
    expect(hidden({ claimedBits: 64 * 48 })).toBeNull();
    expect(hidden({ claimedBits: 0 })).toBeNull();
    expect(hidden({ claimedBits: 13 })).toBeNull();
  });

  it('a hidden gzip bomb is inflated only up to the one-text cap, and gives no metadata', async () => {
    const bomb = hidden({ compressed: true }, `${A1111}\n${'x'.repeat(MAX_TEXT_BYTES)}`, [256, 256]);
    expect(bomb!.bytes.length).toBeLessThan(10_000);
    expect((await extractGenerationMetadata(EMPTY_FILE, undefined, bomb)).generator).toBeNull();
  });

  it('a gzip text cut short, or an unknown text, gives no metadata', async () => {
    const broken = hidden({ compressed: true });
    broken!.bytes = broken!.bytes.subarray(0, 10);
    expect((await extractGenerationMetadata(EMPTY_FILE, undefined, broken)).generator).toBeNull();
    expect((await extractGenerationMetadata(EMPTY_FILE, undefined, hidden({}, '{"just": "json"}'))).generator).toBeNull();
  });
});
