// Walks a TIFF structure (the body of an EXIF block) for the tags that carry generation text:
// UserComment in the Exif IFD (A1111, SwarmUI, Civitai) and the ASCII tags ImageDescription,
// Make, Model where ComfyUI's WebP writer puts "prompt:{…}" / "workflow:{…}". Never throws.
import { decodeUserComment, decodeUnknownText } from './user-comment.ts';
import { MAX_TEXT_BYTES, decodeLatin1, decodeLegacyText } from './text.ts';

export interface ExifText {
  userComment: string | null;
  /** Text of ImageDescription (0x010E), Make (0x010F), Model (0x0110), XPComment (0x9C9C). */
  tagTexts: string[];
}

const IMAGE_DESCRIPTION = 0x010e;
const MAKE = 0x010f;
const MODEL = 0x0110;
const XP_COMMENT = 0x9c9c;
const EXIF_IFD_POINTER = 0x8769;
const USER_COMMENT = 0x9286;
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };
/** More IFDs than this is a hostile loop of offsets. */
const MAX_IFDS = 8;
/**
 * Text values read from one block, and their bytes together: entries may all point at the same
 * large value, so without a total a block of thousands of entries decodes its size thousands
 * of times.
 */
const MAX_TAG_TEXTS = 32;
const MAX_VALUE_BYTES = MAX_TEXT_BYTES;

/** A TIFF block's byte order and first IFD, or null when it is no TIFF. */
export function openTiff(tiff: Uint8Array): { view: DataView; little: boolean; firstIfd: number } | null {
  if (tiff.length < 8) return null;
  const order = decodeLatin1(tiff.subarray(0, 2));
  if (order !== 'II' && order !== 'MM') return null;
  const little = order === 'II';
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  return { view, little, firstIfd: view.getUint32(4, little) };
}

/** Where each 12-byte entry of the IFD at `ifd` starts, as far as the block holds them. */
export function* ifdEntries(view: DataView, ifd: number, little: boolean): Generator<number> {
  if (ifd + 2 > view.byteLength) return;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > view.byteLength) return;
    yield entry;
  }
}

export function readExif(tiff: Uint8Array): ExifText {
  const result: ExifText = { userComment: null, tagTexts: [] };
  const opened = openTiff(tiff);
  if (!opened) return result;
  const { view, little } = opened;
  const visited = new Set<number>();
  const pending = [opened.firstIfd];
  let valueBytes = 0;
  while (pending.length > 0 && visited.size < MAX_IFDS && result.tagTexts.length < MAX_TAG_TEXTS) {
    const ifd = pending.shift()!;
    if (visited.has(ifd) || ifd + 2 > tiff.length) continue;
    visited.add(ifd);
    for (const entry of ifdEntries(view, ifd, little)) {
      const tag = view.getUint16(entry, little);
      if (tag === EXIF_IFD_POINTER) {
        pending.push(view.getUint32(entry + 8, little));
        continue;
      }
      if (tag !== USER_COMMENT && tag !== IMAGE_DESCRIPTION && tag !== MAKE && tag !== MODEL && tag !== XP_COMMENT) continue;
      const value = entryValue(tiff, view, entry, little);
      if (!value) continue;
      valueBytes += value.length;
      if (valueBytes > MAX_VALUE_BYTES || result.tagTexts.length >= MAX_TAG_TEXTS) return result;
      if (tag === USER_COMMENT) result.userComment ??= decodeUserComment(value);
      else if (tag === XP_COMMENT) result.tagTexts.push(decodeUnknownText(value).replace(/\0+$/, ''));
      else result.tagTexts.push(decodeLegacyText(value).replace(/\0+$/, ''));
    }
  }
  return result;
}

/** The bytes of an IFD entry's value (inline when it fits 4 bytes, else at its offset). */
function entryValue(tiff: Uint8Array, view: DataView, entry: number, little: boolean): Uint8Array | null {
  const size = (TYPE_SIZES[view.getUint16(entry + 2, little)] ?? 1) * view.getUint32(entry + 4, little);
  if (size === 0 || size > MAX_TEXT_BYTES) return null;
  if (size <= 4) return tiff.subarray(entry + 8, entry + 8 + size);
  const offset = view.getUint32(entry + 8, little);
  // A value running past the end (a truncated file) keeps what is there.
  return offset < tiff.length ? tiff.subarray(offset, Math.min(offset + size, tiff.length)) : null;
}
