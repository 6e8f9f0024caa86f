// The zip's central directory, read by hand for what fflate does not tell: each entry's external
// attributes (a symlink, device or Windows reparse point hides there) and duplicate names. Layout:
// PKWARE APPNOTE.TXT 4.3.12 (central directory header) and 4.3.16 (end of central directory).

export interface ZipDirectoryEntry {
  name: string;
  /** Declared sizes; the manifest's sizes must match them before anything is inflated. */
  compressedSize: number;
  size: number;
  /** The entry is a link, a device or another non-file: never unpacked. */
  special: boolean;
  /** 0 stored, 8 deflated (the only two this site writes). */
  method: number;
  encrypted: boolean;
  /** Where the entry's local header starts. */
  localOffset: number;
}

const END_SIGNATURE = 0x06054b50;
const END_LENGTH = 22;
const ENTRY_SIGNATURE = 0x02014b50;
const ENTRY_LENGTH = 46;
const ZIP64_MARKER = 0xffffffff;

// Unix mode bits live in the high 16 bits of the external attributes (when made on Unix or macOS).
const UNIX_FILE_TYPE = 0o170000;
const UNIX_REGULAR = 0o100000;
const UNIX_DIRECTORY = 0o040000;
// Windows: FILE_ATTRIBUTE_REPARSE_POINT (symbolic links and junctions) in the low bits.
const DOS_REPARSE_POINT = 0x400;

export class ZipFormatError extends Error {}

/** The archive's bytes, read by range: a buffer, or a file the runtime spooled the upload to. */
export interface ArchiveSource {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

export function bytesSource(bytes: Uint8Array): ArchiveSource {
  return { size: bytes.byteLength, read: async (offset, length) => bytes.subarray(offset, Math.min(offset + length, bytes.byteLength)) };
}

function findEnd(view: DataView): number {
  // The end record sits last, followed only by a comment of up to 65,535 bytes.
  for (let at = view.byteLength - END_LENGTH; at >= 0; at--) {
    if (view.getUint32(at, true) === END_SIGNATURE) return at;
  }
  throw new ZipFormatError('no zip directory found: not a zip file, or cut short');
}

function isSpecial(externalAttributes: number): boolean {
  const unixType = (externalAttributes >>> 16) & UNIX_FILE_TYPE;
  if (unixType !== 0 && unixType !== UNIX_REGULAR && unixType !== UNIX_DIRECTORY) return true;
  return (externalAttributes & DOS_REPARSE_POINT) !== 0;
}

export async function readZipDirectory(source: ArchiveSource): Promise<ZipDirectoryEntry[]> {
  if (source.size < END_LENGTH) throw new ZipFormatError('too short to be a zip file');
  const tailStart = Math.max(0, source.size - END_LENGTH - 0xffff);
  const tail = await source.read(tailStart, source.size - tailStart);
  const tailView = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  const endInTail = findEnd(tailView);
  const end = tailStart + endInTail;
  const count = tailView.getUint16(endInTail + 10, true);
  const directorySize = tailView.getUint32(endInTail + 12, true);
  const directoryStart = tailView.getUint32(endInTail + 16, true);
  if (directorySize === ZIP64_MARKER || directoryStart === ZIP64_MARKER || count === 0xffff) {
    throw new ZipFormatError('a ZIP64 archive, which this site never writes');
  }
  if (directoryStart + directorySize > end) throw new ZipFormatError('its directory lies outside the file: cut short or damaged');

  const bytes = await source.read(directoryStart, directorySize);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: ZipDirectoryEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + ENTRY_LENGTH > bytes.byteLength || view.getUint32(at, true) !== ENTRY_SIGNATURE)
      throw new ZipFormatError('its directory is damaged');
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + ENTRY_LENGTH + nameLength > bytes.byteLength) throw new ZipFormatError('its directory is damaged');
    const rawName = bytes.subarray(at + ENTRY_LENGTH, at + ENTRY_LENGTH + nameLength);
    // Bit 11: the name is UTF-8 (fflate sets it for non-ASCII names); otherwise CP437, read as Latin-1.
    const name = new TextDecoder(flags & 0x800 ? 'utf-8' : 'latin1').decode(rawName);
    entries.push({
      name,
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      special: isSpecial(view.getUint32(at + 38, true)),
      method: view.getUint16(at + 10, true),
      encrypted: (flags & 1) !== 0,
      localOffset: view.getUint32(at + 42, true),
    });
    at += ENTRY_LENGTH + nameLength + extraLength + commentLength;
  }
  return entries;
}
