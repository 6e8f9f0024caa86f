// Decoding and resizing images is runtime-specific (sharp in Node, WebAssembly codecs in the
// Worker: functions/images/wasm-images.ts), so the app gets it from its entry through AppDeps.

/** The web renditions of one uploaded image. */
export interface ImageRenditions {
  /** Pixel size of the original, as displayed (EXIF orientation applied). */
  width: number;
  height: number;
  /** WebP about 480 px wide (never wider than the original). */
  thumb: Uint8Array;
  /** WebP about 960 px wide for 2x screens (never wider than the original). */
  thumb2x: Uint8Array;
  /** A tiny blurred WebP as a `data:image/webp;base64,…` URL, a few hundred bytes. */
  placeholder: string;
  /**
   * Text hidden in the low bits of the pixels (A1111 "stealth" metadata, decision 49), as
   * written; null when the pixels hold none. Read from the pixels decoded for the renditions.
   */
  hidden: HiddenText | null;
}

/** Hidden text as found in the pixels: gzip-compressed or plain UTF-8. */
export interface HiddenText {
  bytes: Uint8Array;
  compressed: boolean;
}

export interface ImageProcessor {
  /**
   * Decodes the image and renders its thumbnails. Callers check the format and the pixel count
   * from the header first: this decodes the whole image. Throws UndecodableImageError.
   */
  renditions(bytes: Uint8Array): Promise<ImageRenditions>;
}

export const THUMB_WIDTH = 480;
export const THUMB_2X_WIDTH = 960;

/** The bytes passed the structure checks but the decoder could not read the pixels. */
export class UndecodableImageError extends Error {
  constructor(cause: unknown) {
    super('The image could not be decoded.', { cause });
    this.name = 'UndecodableImageError';
  }
}
