// The Node image processor (functions/core/images.ts) on sharp (libvips). The original is decoded
// once, down to the 2x size; the smaller renditions are made from those pixels.
import sharp from 'sharp';
import { type ImageProcessor, type ImageRenditions, THUMB_2X_WIDTH, THUMB_WIDTH, UndecodableImageError } from '#core/images.ts';
import { withoutPngText } from '#functions/images/metadata/png-chunks.ts';

/** A second guard behind the header check of the upload route: never decode more than this. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Very tall images (strips, comics) get thumbnails at most this many widths high. */
const MAX_HEIGHT_RATIO = 4;
const PLACEHOLDER_WIDTH = 16;

const box = (width: number) => ({ width, height: width * MAX_HEIGHT_RATIO, fit: 'inside' as const, withoutEnlargement: true });

async function render(bytes: Uint8Array): Promise<ImageRenditions> {
  // Without its text chunks: metadata() would inflate every one whole, outside the metadata
  // reader's budgets (a 25 MB compressed prompt cost 140 MB and 0.4 s; decision 18).
  const input = sharp(withoutPngText(bytes), { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const meta = await input.metadata();
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
