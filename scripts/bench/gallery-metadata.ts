// bench:gallery's metadata part: the time to read each file of the peers corpus
// (tests/fixtures/ai-images-peers/) from its bytes, as the upload reads it, and the stealth
// reader's worst case (decision 49): a 25-megapixel RGBA PNG within the 25 MB upload limit whose
// pixels hide the largest text read. Node reads the hidden bits with sharp off the event loop;
// the longest time the event loop waited meanwhile is printed beside it. The Worker reads them
// from the pixels it decoded, on its thread: that scan is timed on the same image. Figures only.
import fs from 'node:fs';
import sharp from 'sharp';
import { extractGenerationMetadata } from '#functions/images/metadata/index.ts';
import { MAX_HIDDEN_BYTES, readStealth } from '#functions/images/metadata/stealth.ts';
import { hideText } from '#functions/images/metadata/stealth-test-pixels.ts';
import { GALLERY_IMAGE_MAX_BYTES } from '#functions/images/upload-checks.ts';
import { findHiddenText } from '#scripts/server/sharp-images.ts';

const PEERS = new URL('../../tests/fixtures/ai-images-peers/', import.meta.url);
const RUNS = 15;
const SIDE = 5000; // 25 megapixels

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed<T>(run: () => Promise<T>, runs = RUNS): Promise<{ ms: number; result: T; stallMs: number }> {
  const times: number[] = [];
  let result!: T;
  let stallMs = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    stallMs = Math.max(stallMs, performance.now() - last);
    last = performance.now();
  }, 1);
  try {
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      last = start;
      result = await run();
      times.push(performance.now() - start);
    }
  } finally {
    clearInterval(ticker);
  }
  return { ms: median(times), result, stallMs };
}

/** Per file: the metadata read from its bytes, and for PNG and WebP the read of bits hidden in its pixels. */
export async function measurePeerFiles(): Promise<string[]> {
  const lines = ['| file | KB | generator | read (median) | hidden bits (median) |', '|---|--:|---|--:|--:|'];
  const names = fs.readdirSync(PEERS).filter((name) => /\.(png|jpe?g|webp)$/.test(name));
  for (const name of names.sort()) {
    const bytes = new Uint8Array(fs.readFileSync(new URL(name, PEERS)));
    const read = await timed(() => extractGenerationMetadata(bytes));
    const meta = await sharp(bytes).metadata();
    const hidden = await timed(() => findHiddenText(bytes, meta));
    const generator = read.result.generator ?? (await extractGenerationMetadata(bytes, undefined, hidden.result)).generator;
    const hiddenCell = meta.format === 'jpeg' ? 'n/a' : `${ms(hidden.ms)}${hidden.result ? ' (found)' : ''}`;
    lines.push(`| ${name} | ${Math.round(bytes.length / 1024)} | ${generator ?? '—'} | ${ms(read.ms)} | ${hiddenCell} |`);
  }
  return lines;
}

/**
 * 25 megapixels whose low bits are noise (so the PNG is as slow to decode as the upload limit
 * allows), the largest hidden text in the alpha bits, and the same image without a signature.
 */
function worstCasePixels(): Uint8Array {
  const data = new Uint8Array(SIDE * SIDE * 4);
  let state = 7;
  for (let i = 0; i < data.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    data[i] = ((((i >> 2) % SIDE) * 255) / SIDE) ^ (state >>> 31); // a gradient with a noisy low bit
  }
  return hideText(data, SIDE, SIDE, 'masterpiece, '.repeat(MAX_HIDDEN_BYTES / 13 + 1).slice(0, MAX_HIDDEN_BYTES));
}

export async function measureStealthWorstCase(): Promise<string[]> {
  const pixels = worstCasePixels();
  const png = await sharp(pixels, { raw: { width: SIDE, height: SIDE, channels: 4 } })
    .png()
    .toBuffer();
  if (png.length > GALLERY_IMAGE_MAX_BYTES) throw new Error(`the worst-case PNG (${png.length} bytes) is over the upload limit`);
  const scan = await timed(async () => readStealth({ data: pixels, width: SIDE, height: SIDE, channels: 4 }), 5);
  pixels.fill(0xff, 0, SIDE * 4 * 2); // the first two rows opaque: no signature
  const plain = await sharp(pixels, { raw: { width: SIDE, height: SIDE, channels: 4 } })
    .png()
    .toBuffer();
  const meta = await sharp(png).metadata();
  const full = await timed(() => findHiddenText(png, meta), 5);
  const none = await timed(() => findHiddenText(plain, meta), 5);
  if (full.result?.bytes.length !== MAX_HIDDEN_BYTES) throw new Error('the worst case hid no text the reader found');
  return [
    `| stealth reader, ${SIDE}×${SIDE} RGBA PNG of ${(png.length / 1024 / 1024).toFixed(1)} MB | median | event loop held at most |`,
    '|---|--:|--:|',
    `| Node (sharp): ${MAX_HIDDEN_BYTES / 1024} KB hidden text, the most read | ${ms(full.ms)} | ${ms(full.stallMs)} |`,
    `| Node (sharp): no signature | ${ms(none.ms)} | ${ms(none.stallMs)} |`,
    `| Worker: scan of its decoded pixels for ${MAX_HIDDEN_BYTES / 1024} KB (runs on its thread) | ${ms(scan.ms)} | ${ms(scan.stallMs)} |`,
  ];
}
