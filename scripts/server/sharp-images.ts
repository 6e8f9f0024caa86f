// The Node image processor (functions/core/images.ts) on sharp (libvips). The original is decoded
// once, down to the 2x size; the smaller renditions are made from those pixels.
import sharp from 'sharp';
import {
  type HiddenText,
  type ImageProcessor,
  type ImageRenditions,
  THUMB_2X_WIDTH,
  THUMB_WIDTH,
  UndecodableImageError,
} from '#core/images.ts';
import { withoutPngText } from '#functions/images/metadata/png-chunks.ts';
import {
  HEADER_PIXELS,
  mayHideBits,
  type PixelRegion,
  readStealth,
  readStealthHeader,
  stealthPixels,
} from '#functions/images/metadata/stealth.ts';

/** A second guard behind the header check of the upload route: never decode more than this. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Very tall images (strips, comics) get thumbnails at most this many widths high. */
const MAX_HEIGHT_RATIO = 4;
const PLACEHOLDER_WIDTH = 16;

const box = (width: number) => ({ width, height: width * MAX_HEIGHT_RATIO, fit: 'inside' as const, withoutEnlargement: true });

const open = (bytes: Uint8Array) => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });

/**
 * The first pixels, column by column, of the stored image (not turned upright): the columns
 * that hold them, or the top of the first column. libvips decodes off the event loop and stops
 * at the last row asked for, so the signature check costs a few ms even on 25 megapixels; it
 * also transposes the columns into rows, so the reading goes through memory in order (across
 * rows it took 60-160 ms for the largest text on 25 megapixels, on the event loop).
 */
async function firstPixels(bytes: Uint8Array, width: number, height: number, pixels: number): Promise<PixelRegion> {
  const columns = Math.min(width, Math.ceil(pixels / height));
  const rows = columns === 1 ? Math.min(height, pixels) : height;
  const { data, info } = await open(bytes)
    .extract({ left: 0, top: 0, width: columns, height: rows })
    .flip() // sharp flips before it turns: upside down, then a quarter turn clockwise, is the transpose
    .rotate(90)
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.height, height: info.width, channels: info.channels, columnsFirst: true };
}

/** Text hidden in the low bits of a PNG's or lossless WebP's pixels (decision 49), or null. */
export async function findHiddenText(bytes: Uint8Array, meta: { width?: number; height?: number }): Promise<HiddenText | null> {
  if (!mayHideBits(bytes) || !meta.width || !meta.height) return null;
  const header = readStealthHeader(await firstPixels(bytes, meta.width, meta.height, HEADER_PIXELS));
  if (!header) return null;
  return readStealth(await firstPixels(bytes, meta.width, meta.height, stealthPixels(header)));
}

async function render(bytes: Uint8Array): Promise<ImageRenditions> {
  // Without its text chunks: metadata() would inflate every one whole, outside the metadata
  // reader's budgets (a 25 MB compressed prompt cost 140 MB and 0.4 s; decision 18).
  const pixelBytes = withoutPngText(bytes);
  const input = open(pixelBytes);
  const meta = await input.metadata();
  // Beside the renditions; a failure there is the renditions' to report.
  const hidden = findHiddenText(pixelBytes, meta).catch(() => null);
  const { data, info } = await input.autoOrient().resize(box(THUMB_2X_WIDTH)).raw().toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [thumb2x, thumb, tiny] = await Promise.all([
    pixels().webp({ quality: 80 }).toBuffer(),
    pixels().resize(box(THUMB_WIDTH)).webp({ quality: 78 }).toBuffer(),
    pixels().resize(box(PLACEHOLDER_WIDTH)).blur(1).webp({ quality: 40 }).toBuffer(),
  ]);
  const oriented = meta.autoOrient ?? meta;
  return {
    width: oriented.width,
    height: oriented.height,
    thumb,
    thumb2x,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
    hidden: await hidden,
  };
}

export const sharpImages: ImageProcessor = {
  async renditions(bytes) {
    try {
      return await render(bytes);
    } catch (error) {
      throw new UndecodableImageError(error);
    }
  },
};
