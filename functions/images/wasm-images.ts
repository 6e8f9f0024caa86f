// The image processor (functions/core/images.ts) for runtimes without sharp: the Squoosh codecs
// compiled to WebAssembly (@jsquash). The same renditions as scripts/server/sharp-images.ts:
// the displayed size (EXIF orientation applied), WebP thumbnails 480 and 960 px wide, never
// enlarged, at most four widths high, and a tiny blurred WebP placeholder.
//
// The codecs' own loaders fetch their .wasm files by URL, which neither workerd nor Node can do
// from a bundle; so the entry compiles the modules its own way (wrangler imports .wasm files as
// WebAssembly.Module, tests read them from node_modules) and hands them in.
import decodeJpeg, { init as initJpegDecoder } from '@jsquash/jpeg/decode.js';
// The PNG codec's glue also defines a minimal global ImageData where the runtime has none
// (workerd, Node), which the resizer needs; it is imported first for that reason.
import decodePng, { init as initPngDecoder } from '@jsquash/png/decode.js';
import resize, { initResize } from '@jsquash/resize';
import decodeWebp, { init as initWebpDecoder } from '@jsquash/webp/decode.js';
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode.js';
import { type ImageProcessor, type ImageRenditions, THUMB_2X_WIDTH, THUMB_WIDTH, UndecodableImageError } from '#core/images.ts';
import { checkImageBytes } from '#functions/uploads/image-bytes.ts';
import { imageOrientation, swapsSides } from './exif-orientation.ts';
import { withoutPngText } from './metadata/png-chunks.ts';
import { mayHideBits, readStealth } from './metadata/stealth.ts';
import { boxBlur, fitInside, orient, type Pixels, shrinkByBlocks } from './pixels.ts';
import { FileRefused } from './upload-checks.ts';

/** The compiled codec modules; `webpEncoder` is the SIMD build (every V8 the site runs on has SIMD). */
export interface WasmCodecModules {
  pngDecoder: WebAssembly.Module;
  jpegDecoder: WebAssembly.Module;
  webpDecoder: WebAssembly.Module;
  webpEncoder: WebAssembly.Module;
  resizer: WebAssembly.Module;
}

/**
 * Decoded pixels live twice at the peak (in the decoder's WebAssembly memory and as a JavaScript
 * copy), 8 bytes a pixel: 12 megapixels (4096×3072) take about 100 MB, near all that a Worker
 * has (128 MB, shared with the request). The upload route allows 50 megapixels by the header;
 * larger images are refused here with a reason. A codec's memory does not shrink after a large
 * image, so an instance that decoded large PNGs, JPEGs and WebPs in turn can still run out and be
 * replaced by Cloudflare; the upload then fails with a 500 and can be repeated.
 */
export const WASM_MAX_PIXELS = 12 * 1024 * 1024;
const PLACEHOLDER_WIDTH = 16;

const DECODERS = {
  png: (bytes: ArrayBuffer) => decodePng(bytes),
  jpeg: (bytes: ArrayBuffer) => decodeJpeg(bytes),
  webp: (bytes: ArrayBuffer) => decodeWebp(bytes),
};

async function initCodecs(modules: WasmCodecModules): Promise<void> {
  await Promise.all([
    initPngDecoder(modules.pngDecoder),
    initJpegDecoder(modules.jpegDecoder),
    initWebpDecoder(modules.webpDecoder),
    initWebpEncoder(modules.webpEncoder),
    initResize(modules.resizer),
  ]);
}

/**
 * The codecs read a typed array's `buffer` whole, so they get arrays that own all of theirs: the
 * array itself when it does (no copy of a 25 MB upload), else a copy.
 */
function ownBuffer<T extends Uint8Array | Uint8ClampedArray>(view: T): T {
  return view.byteOffset === 0 && view.byteLength === view.buffer.byteLength ? view : (view.slice() as T);
}

/** Resizes with the codec's Lanczos filter, after a cheap block average when the step is large. */
async function scaleTo(source: Pixels, width: number, height: number): Promise<Pixels> {
  if (source.width === width && source.height === height) return source;
  const reduced = shrinkByBlocks(source, Math.floor(Math.min(source.width / width, source.height / height) / 2));
  return resize({ ...reduced, data: ownBuffer(reduced.data) } as ImageData, { width, height });
}

const webp = async (pixels: Pixels, quality: number) => new Uint8Array(await encodeWebp(pixels as ImageData, { quality }));

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function render(bytes: Uint8Array, maxPixels: number): Promise<ImageRenditions> {
  // The size from the header, so an image too large for this runtime is refused before decoding.
  const header = checkImageBytes(bytes);
  if (!header.ok || header.format === 'gif')
    throw new Error(`not a complete PNG, JPEG or WebP (${header.ok ? header.format : header.problem})`);
  if (header.width * header.height > maxPixels) {
    throw new FileRefused(
      `The image is too large to process here (${header.width}×${header.height} pixels; at most ${Math.floor(maxPixels / 1_000_000)} megapixels).`,
    );
  }
  const pixelBytes = header.format === 'png' ? withoutPngText(bytes) : bytes; // the metadata was read already
  const decoded: Pixels = await DECODERS[header.format](ownBuffer(pixelBytes).buffer as ArrayBuffer);
  // The signature check alone reads 152 pixels.
  const hidden = mayHideBits(bytes) ? readStealth({ data: decoded.data, width: decoded.width, height: decoded.height, channels: 4 }) : null;
  const orientation = imageOrientation(bytes);
  const turned = swapsSides(orientation);
  const shown = turned ? { width: decoded.height, height: decoded.width } : { width: decoded.width, height: decoded.height };

  // Scaled while still stored sideways (fewer pixels to turn), then turned upright.
  const large = fitInside(shown.width, shown.height, THUMB_2X_WIDTH);
  const stored = turned ? { width: large.height, height: large.width } : large;
  const upright = orient(await scaleTo(decoded, stored.width, stored.height), orientation);
  const small = fitInside(upright.width, upright.height, THUMB_WIDTH);
  const tiny = fitInside(upright.width, upright.height, PLACEHOLDER_WIDTH);

  // The encoder's module is one instance: calls run one after another, not in parallel.
  const thumb2x = await webp(upright, 80);
  const thumb = await webp(await scaleTo(upright, small.width, small.height), 78);
  const placeholder = await webp(boxBlur(await scaleTo(upright, tiny.width, tiny.height)), 40);
  return { ...shown, thumb, thumb2x, placeholder: `data:image/webp;base64,${toBase64(placeholder)}`, hidden };
}

export function wasmImages(loadModules: () => Promise<WasmCodecModules>, maxPixels = WASM_MAX_PIXELS): ImageProcessor {
  let ready: Promise<void> | null = null;
  return {
    async renditions(bytes) {
      // Instantiated once per Worker instance, on its first upload: most requests touch no image.
      ready ??= loadModules().then(initCodecs);
      ready.catch(() => (ready = null)); // a failed start is tried again on the next upload
      await ready;
      try {
        return await render(bytes, maxPixels);
      } catch (error) {
        if (error instanceof FileRefused) throw error;
        throw new UndecodableImageError(error);
      }
    },
  };
}
