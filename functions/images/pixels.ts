// Plain-JavaScript operations on RGBA pixel buffers for the WASM image processor: the steps the
// codecs do not offer (turning by EXIF orientation, a cheap first reduction of huge images, the
// placeholder's blur) and the thumbnail size rule sharp applies in Node.
import type { Orientation } from './exif-orientation.ts';

/** Four bytes per pixel, rows top to bottom, as ImageData holds them. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Very tall images (strips, comics) get thumbnails at most this many widths high (as with sharp). */
const MAX_HEIGHT_RATIO = 4;

/**
 * The size of a thumbnail `width` wide: the image scaled to fit inside width × 4·width, never
 * enlarged (sharp's `fit: 'inside', withoutEnlargement: true`).
 */
export function fitInside(width: number, height: number, boxWidth: number): { width: number; height: number } {
  const scale = Math.min(1, boxWidth / width, (boxWidth * MAX_HEIGHT_RATIO) / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Averages `factor`×`factor` blocks. Used before the WASM resize on images many times larger
 * than their thumbnail, so the resizer never holds a second copy of a huge picture (a Worker
 * has 128 MB in all); the resizer's filter then does the last, at most 2x, step.
 */
export function shrinkByBlocks(source: Pixels, factor: number): Pixels {
  if (factor <= 1) return source;
  const width = Math.floor(source.width / factor);
  const height = Math.floor(source.height / factor);
  const data = new Uint8ClampedArray(width * height * 4);
  const area = factor * factor;
  const sums = new Uint32Array(width * 4);
  for (let y = 0; y < height; y++) {
    sums.fill(0);
    for (let dy = 0; dy < factor; dy++) {
      const row = (y * factor + dy) * source.width * 4;
      for (let x = 0; x < width; x++) {
        const at = row + x * factor * 4;
        for (let i = 0; i < factor * 4; i++) sums[x * 4 + (i % 4)]! += source.data[at + i]!;
      }
    }
    const out = y * width * 4;
    for (let i = 0; i < width * 4; i++) data[out + i] = Math.round(sums[i]! / area);
  }
  return { data, width, height };
}

/** Turns stored pixels upright as the EXIF orientation says (1 returns them unchanged). */
export function orient(source: Pixels, orientation: Orientation): Pixels {
  if (orientation === 1) return source;
  const { width: w, height: h } = source;
  const swap = orientation >= 5;
  const width = swap ? h : w;
  const height = swap ? w : h;
  const data = new Uint8ClampedArray(w * h * 4);
  const src = new Uint32Array(source.data.buffer, source.data.byteOffset, w * h);
  const dst = new Uint32Array(data.buffer);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // Where stored pixel (x, y) is shown; EXIF 2-8 are the mirrorings and quarter turns.
      let tx: number;
      let ty: number;
      switch (orientation) {
        case 2:
          [tx, ty] = [w - 1 - x, y];
          break;
        case 3:
          [tx, ty] = [w - 1 - x, h - 1 - y];
          break;
        case 4:
          [tx, ty] = [x, h - 1 - y];
          break;
        case 5:
          [tx, ty] = [y, x];
          break;
        case 6:
          [tx, ty] = [h - 1 - y, x];
          break;
        case 7:
          [tx, ty] = [h - 1 - y, w - 1 - x];
          break;
        default:
          [tx, ty] = [y, w - 1 - x]; // 8
      }
      dst[ty * width + tx] = src[y * w + x]!;
    }
  }
  return { data, width, height };
}

/** A 3×3 box blur (edges clamped): the placeholder is a soft colour field, not a tiny picture. */
export function boxBlur(source: Pixels): Pixels {
  const { width, height } = source;
  const data = new Uint8ClampedArray(source.data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const sx = Math.min(width - 1, Math.max(0, x + dx));
            const sy = Math.min(height - 1, Math.max(0, y + dy));
            sum += source.data[(sy * width + sx) * 4 + c]!;
          }
        }
        data[(y * width + x) * 4 + c] = Math.round(sum / 9);
      }
    }
  }
  return { data, width, height };
}
