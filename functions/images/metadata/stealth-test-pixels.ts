// Builds RGBA pixels that hide a text the way the A1111 stealth-pnginfo extension writes it
// (stealth.ts), for the tests and the benchmark.
import { gzipSync } from 'fflate';

export interface HideOptions {
  mode?: 'alpha' | 'rgb';
  compressed?: boolean;
  /** Length in bits written into the header instead of the true one. */
  claimedBits?: number;
}

/** Noise in every channel (alpha too), from a seeded generator: the same pixels every run. */
export function noisePixels(width: number, height: number, seed = 1): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  let state = seed >>> 0;
  for (let i = 0; i < data.length; i += 4) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    data.set([state >>> 24, (state >>> 16) & 0xff, (state >>> 8) & 0xff, state & 0xff], i);
  }
  return data;
}

/** Writes the signature, the length and the text into the low bits of `data` (RGBA), column by column. */
export function hideText(data: Uint8Array, width: number, height: number, text: string, options: HideOptions = {}): Uint8Array {
  const { mode = 'alpha', compressed = false } = options;
  const body = compressed ? gzipSync(new TextEncoder().encode(text)) : new TextEncoder().encode(text);
  const signature = `stealth_${mode === 'alpha' ? 'png' : 'rgb'}${compressed ? 'comp' : 'info'}`;
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, options.claimedBits ?? body.length * 8);
  const bytes = [...new TextEncoder().encode(signature), ...length, ...body];
  const perPixel = mode === 'alpha' ? 1 : 3;
  if (bytes.length * 8 > width * height * perPixel) throw new Error('the text does not fit the pixels');
  for (let bit = 0; bit < bytes.length * 8; bit++) {
    const pixel = Math.floor(bit / perPixel);
    const [x, y] = [Math.floor(pixel / height), pixel % height];
    const at = (y * width + x) * 4 + (mode === 'alpha' ? 3 : bit % perPixel);
    data[at] = (data[at]! & 0xfe) | ((bytes[bit >> 3]! >> (7 - (bit & 7))) & 1);
  }
  return data;
}

/** RGBA pixels as RGB (the alpha bytes dropped). */
export const withoutAlpha = (data: Uint8Array) => data.filter((_, i) => i % 4 !== 3);
