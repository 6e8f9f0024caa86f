// The book's ZIP container, written entry by entry to the caller's output: nothing but the
// directory at the end (a few dozen bytes an entry) is kept, so a book of any length is written in
// the memory of one chapter. Every entry is complete before it is written (its CRC and sizes in its
// header, no data descriptors, which some reading systems do not read), with the book's modified
// time, so the same entries always give the same bytes.

/** An entry's bytes as they go into the ZIP: deflated (method 8) or stored (method 0). */
export interface ZipEntryData {
  /** CRC-32 of the uncompressed bytes. */
  crc: number;
  /** Length of the uncompressed bytes. */
  size: number;
  /** What is written: the raw deflate stream, or the bytes themselves when stored. */
  data: Uint8Array;
  deflated: boolean;
}

/** Raw DEFLATE (RFC 1951), as ZIP holds it. */
export type Deflate = (bytes: Uint8Array) => Promise<Uint8Array>;

const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

export function crc32(bytes: Uint8Array): number {
  let crc = -1;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

export async function deflatedEntry(bytes: Uint8Array, deflate: Deflate): Promise<ZipEntryData> {
  return { crc: crc32(bytes), size: bytes.length, data: await deflate(bytes), deflated: true };
}

export const storedEntry = (bytes: Uint8Array): ZipEntryData => ({ crc: crc32(bytes), size: bytes.length, data: bytes, deflated: false });

/** MS-DOS time and date, from the UTC fields (the server's time zone must not change the bytes); years before 1980 cannot be written. */
function dosTime(time: Date): [number, number] {
  const at = time.getTime() < Date.UTC(1980, 0, 1) ? new Date(Date.UTC(1980, 0, 1)) : time;
  return [
    (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  ];
}

/** The fields a local header and a central directory record share, from "version needed" to the name's length. */
function commonFields(view: DataView, at: number, entry: ZipEntryData, nameLength: number, time: [number, number]): void {
  view.setUint16(at, 20, true); // version needed: 2.0 (deflate)
  view.setUint16(at + 2, 0, true); // flags: none (names are ASCII)
  view.setUint16(at + 4, entry.deflated ? 8 : 0, true);
  view.setUint16(at + 6, time[0], true);
  view.setUint16(at + 8, time[1], true);
  view.setUint32(at + 10, entry.crc, true);
  view.setUint32(at + 14, entry.data.length, true);
  view.setUint32(at + 18, entry.size, true);
  view.setUint16(at + 22, nameLength, true);
}

export class ZipWriter {
  private readonly write: (chunk: Uint8Array) => Promise<void>;
  private readonly time: [number, number];
  private readonly directory: Uint8Array[] = [];
  private offset = 0;

  constructor(write: (chunk: Uint8Array) => Promise<void>, modified: Date) {
    this.write = write;
    this.time = dosTime(modified);
  }

  async add(name: string, entry: ZipEntryData): Promise<void> {
    const nameBytes = new TextEncoder().encode(name);
    const header = new Uint8Array(30 + nameBytes.length);
    const view = new DataView(header.buffer);
    view.setUint32(0, 0x04034b50, true);
    commonFields(view, 4, entry, nameBytes.length, this.time);
    header.set(nameBytes, 30);
    const record = new Uint8Array(46 + nameBytes.length);
    const recordView = new DataView(record.buffer);
    recordView.setUint32(0, 0x02014b50, true);
    recordView.setUint16(4, 20, true); // made by: MS-DOS attributes, version 2.0
    commonFields(recordView, 6, entry, nameBytes.length, this.time);
    recordView.setUint32(42, this.offset, true);
    record.set(nameBytes, 46);
    this.directory.push(record);
    await this.write(header);
    await this.write(entry.data);
    this.offset += header.length + entry.data.length;
    // Without ZIP64 an archive holds 65,535 entries and 4 GiB: far beyond a story, refused rather than written wrong.
    if (this.directory.length > 0xffff || this.offset > 0xffffffff) throw new Error('The book is too large for a ZIP file');
  }

  /** Writes the central directory and its end record; the total length of the ZIP. */
  async finish(): Promise<number> {
    const size = this.directory.reduce((sum, record) => sum + record.length, 0);
    const tail = new Uint8Array(size + 22);
    let at = 0;
    for (const record of this.directory) {
      tail.set(record, at);
      at += record.length;
    }
    const view = new DataView(tail.buffer, size);
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(8, this.directory.length, true);
    view.setUint16(10, this.directory.length, true);
    view.setUint32(12, size, true);
    view.setUint32(16, this.offset, true);
    await this.write(tail);
    return this.offset + tail.length;
  }
}
