// Walks each format's container structure to the offset just past the image's end marker.
// Each walker returns null when the file stops early or its structure is broken; the caller
// has already matched the format's signature. Pixel data is never decoded.
// Formats: PNG https://www.w3.org/TR/png-3/#5DataRep, JPEG ITU T.81 annex B,
// GIF https://www.w3.org/Graphics/GIF/spec-gif89a.txt, WebP RFC 9649.

const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u32le = (b: Uint8Array, at: number) => ((b[at + 3]! << 24) >>> 0) + (b[at + 2]! << 16) + (b[at + 1]! << 8) + b[at]!;
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) + b[at + 1]!;
const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));

/** PNG: IHDR first, then length-prefixed chunks up to IEND, with image data (IDAT) on the way. */
export function findPngEnd(bytes: Uint8Array): number | null {
  let pos = 8; // after the signature
  let sawData = false;
  for (let first = true; ; first = false) {
    if (pos + 12 > bytes.length) return null; // length + type + CRC do not fit
    const length = u32be(bytes, pos);
    const type = fourcc(bytes, pos + 4);
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) return null;
    if (first && (type !== 'IHDR' || length !== 13)) return null;
    const next = pos + 12 + length;
    if (next > bytes.length) return null;
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return sawData ? next : null;
    pos = next;
  }
}

const isStandaloneJpegMarker = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/** After a start-of-scan header: entropy-coded data runs until a 0xFF that is neither stuffing (FF 00) nor a restart marker. */
function skipEntropyData(bytes: Uint8Array, pos: number): number | null {
  for (let i = pos; i + 1 < bytes.length; i++) {
    if (bytes[i] !== 0xff) continue;
    const next = bytes[i + 1]!;
    if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return i;
  }
  return null;
}

/**
 * JPEG: SOI, then marker segments (their lengths skip embedded EXIF thumbnails, which carry
 * their own EOI), scans, and the EOI that closes the image. A frame and a scan must come first.
 */
export function findJpegEnd(bytes: Uint8Array): number | null {
  let pos = 2; // after SOI
  let sawFrame = false;
  let sawScan = false;
  for (;;) {
    if (bytes[pos] !== 0xff) return null;
    while (bytes[pos] === 0xff) pos++; // fill bytes before a marker
    if (pos >= bytes.length) return null;
    const marker = bytes[pos++]!;
    if (marker === 0xd9) return sawFrame && sawScan ? pos : null; // EOI
    if (isStandaloneJpegMarker(marker)) continue;
    if (marker === 0xd8 || pos + 2 > bytes.length) return null;
    const length = u16be(bytes, pos);
    if (length < 2 || pos + length > bytes.length) return null;
    pos += length;
    if (isStartOfFrame(marker)) sawFrame = true;
    if (marker === 0xda) {
      sawScan = true;
      const next = skipEntropyData(bytes, pos);
      if (next === null) return null;
      pos = next;
    }
  }
}

/** GIF data sub-blocks: a length byte then that many bytes, until a zero length. */
function skipSubBlocks(bytes: Uint8Array, pos: number): number | null {
  while (pos < bytes.length) {
    const size = bytes[pos++]!;
    if (size === 0) return pos;
    pos += size;
  }
  return null;
}

const colorTableBytes = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);

/** GIF: header and screen descriptor, then extensions and images, up to the trailer (0x3B). */
export function findGifEnd(bytes: Uint8Array): number | null {
  if (bytes.length < 13) return null;
  let pos: number | null = 13 + colorTableBytes(bytes[10]!);
  let sawImage = false;
  while (pos !== null && pos < bytes.length) {
    const block = bytes[pos++];
    if (block === 0x3b) return sawImage ? pos : null;
    if (block === 0x21) {
      pos = skipSubBlocks(bytes, pos + 1); // after the extension's label
    } else if (block === 0x2c) {
      if (pos + 9 > bytes.length) return null;
      // descriptor (9 bytes), optional local colour table, LZW minimum code size, then the data
      pos = skipSubBlocks(bytes, pos + 9 + colorTableBytes(bytes[pos + 8]!) + 1);
      sawImage = true;
    } else {
      return null;
    }
  }
  return null;
}

const WEBP_FIRST_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X']);
const WEBP_IMAGE_CHUNKS = new Set(['VP8 ', 'VP8L', 'ANMF']);

/**
 * WebP: a RIFF container whose size field covers the whole file; inside, chunks start with a
 * VP8, VP8L or VP8X chunk and fill the container exactly, with image data among them.
 */
export function findWebpEnd(bytes: Uint8Array): number | null {
  if (bytes.length < 12) return null;
  const end = 8 + u32le(bytes, 4);
  if (end > bytes.length) return null;
  if (!WEBP_FIRST_CHUNKS.has(fourcc(bytes, 12))) return null;
  let pos = 12;
  let sawImage = false;
  while (pos < end) {
    if (pos + 8 > end) return null;
    const size = u32le(bytes, pos + 4);
    if (WEBP_IMAGE_CHUNKS.has(fourcc(bytes, pos))) sawImage = true;
    const dataEnd = pos + 8 + size;
    if (dataEnd > end) return null;
    pos = dataEnd + (size & 1); // chunks are padded to an even length; some writers drop the last pad
  }
  return sawImage ? end : null;
}
