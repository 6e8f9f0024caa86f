// AUTOMATIC1111 "stealth" metadata (decision 49): the generation text hidden in the lowest bit
// of each pixel's alpha (or of its red, green and blue), read column by column from the top
// left. The bits spell a 15-letter signature (stealth_pnginfo / stealth_pngcomp in alpha,
// stealth_rgbinfo / stealth_rgbcomp in RGB; "comp": gzip), a 32-bit length in bits, then the
// text. Pure code on decoded pixels: each image processor hands in the pixels it decoded.
import type { HiddenText } from '#core/images.ts';
import type { ReadBudget } from './budget.ts';
import { inflate, isPng } from './png-chunks.ts';
import { decodeUtf8 } from './text.ts';
import { webpChunks } from './webp-chunks.ts';

/**
 * Decoded pixels, `channels` bytes each: rows top to bottom, or with `columnsFirst` columns left
 * to right (the reading order, so the reading goes through memory in order). The first columns
 * of an image are enough.
 */
export interface PixelRegion {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: number;
  columnsFirst?: boolean;
}

type Mode = 'alpha' | 'rgb';
const BITS_PER_PIXEL: Record<Mode, number> = { alpha: 1, rgb: 3 };
const SIGNATURES: Record<Mode, readonly [plain: string, gzip: string]> = {
  alpha: ['stealth_pnginfo', 'stealth_pngcomp'],
  rgb: ['stealth_rgbinfo', 'stealth_rgbcomp'],
};
const SIGNATURE_BYTES = 15;
const HEADER_BYTES = SIGNATURE_BYTES + 4;
/** Pixels that hold the header in either mode (alpha needs the most: one bit a pixel). */
export const HEADER_PIXELS = HEADER_BYTES * 8;
/**
 * The largest hidden text read, as written (gzip or plain): real ones take a few KB, a
 * compressed workflow some tens. It bounds the pixels read: at most 2.1 million.
 */
export const MAX_HIDDEN_BYTES = 256 * 1024;

interface StealthHeader {
  mode: Mode;
  compressed: boolean;
  /** Length of the hidden text in bytes. */
  bytes: number;
}

/**
 * `count` bytes of the bit stream from byte `from`, each bit the low bit of one channel, the
 * pixels taken column by column; null when the region holds fewer bits.
 */
function readBytes(region: PixelRegion, mode: Mode, from: number, count: number): Uint8Array | null {
  const { data, width, height, channels } = region;
  const perPixel = BITS_PER_PIXEL[mode];
  const firstBit = from * 8;
  if (firstBit + count * 8 > width * height * perPixel) return null;
  const out = new Uint8Array(count);
  // Offsets of the next pixel down a column and of the next column's top pixel.
  const down = region.columnsFirst ? channels : width * channels;
  const across = region.columnsFirst ? height * channels : channels;
  const first = mode === 'alpha' ? 3 : 0;
  const pixel = Math.floor(firstBit / perPixel);
  let channel = firstBit % perPixel;
  let x = Math.floor(pixel / height);
  let y = pixel % height;
  let at = x * across + y * down + first;
  for (let i = 0; i < count; i++) {
    let byte = 0;
    for (let bit = 0; bit < 8; bit++) {
      byte = (byte << 1) | (data[at + channel]! & 1);
      if (++channel < perPixel) continue;
      channel = 0;
      if (++y < height) {
        at += down;
      } else {
        y = 0;
        x++;
        at = x * across + first;
      }
    }
    out[i] = byte;
  }
  return out;
}

const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/**
 * Only lossless pixels keep hidden bits: PNG, and WebP whose image is lossless (a VP8L chunk).
 * A lossy WebP or a JPEG is not looked at, which spares its decode for the search.
 */
export function mayHideBits(bytes: Uint8Array): boolean {
  if (isPng(bytes)) return true;
  // The image chunk comes first (VP8 or VP8L), or after VP8X and its ICCP/ANIM/ALPH chunks.
  for (const { type } of webpChunks(bytes)) {
    if (type === 'VP8L') return true;
    if (type === 'VP8 ' || type === 'ANMF') return false;
  }
  return false;
}

/** The header, when the first pixels spell a signature and a length within the cap; else null. */
export function readStealthHeader(region: PixelRegion): StealthHeader | null {
  const modes: Mode[] = region.channels === 4 ? ['alpha', 'rgb'] : region.channels === 3 ? ['rgb'] : [];
  for (const mode of modes) {
    const header = readBytes(region, mode, 0, HEADER_BYTES);
    if (!header) continue;
    const kind = SIGNATURES[mode].indexOf(ascii(header.subarray(0, SIGNATURE_BYTES)));
    if (kind < 0) continue;
    const bits = new DataView(header.buffer).getUint32(SIGNATURE_BYTES);
    // A length that is no whole number of bytes, or past the cap, is not a text this reads.
    if (bits === 0 || bits % 8 !== 0 || bits / 8 > MAX_HIDDEN_BYTES) return null;
    return { mode, compressed: kind === 1, bytes: bits / 8 };
  }
  return null;
}

/** How many pixels, column by column, hold the header and the text. */
export function stealthPixels(header: StealthHeader): number {
  return Math.ceil(((HEADER_BYTES + header.bytes) * 8) / BITS_PER_PIXEL[header.mode]);
}

/** The hidden text as written (gzip or plain), or null: no signature, or fewer pixels than it claims. */
export function readStealth(region: PixelRegion): HiddenText | null {
  const header = readStealthHeader(region);
  if (!header) return null;
  const bytes = readBytes(region, header.mode, HEADER_BYTES, header.bytes);
  return bytes && { bytes, compressed: header.compressed };
}

/** The hidden text as text, within the file's budget; null when it does not inflate. */
export async function decodeHiddenText(hidden: HiddenText, budget: ReadBudget): Promise<string | null> {
  const bytes = hidden.compressed ? await inflate(hidden.bytes, budget, 'gzip') : budget.take(hidden.bytes.length) ? hidden.bytes : null;
  return bytes && decodeUtf8(bytes);
}
