// Builds C2PA manifest stores shaped as real ones (c2pa.ts): JUMBF superboxes with description
// boxes, a claim and an actions assertion in CBOR, a signature box; and puts them into PNG
// (caBX), JPEG (APP11 segments, split as writers split them) and WebP (C2PA chunk) files.
import { encode } from 'cborg';
import { concat, latin1, pngChunk } from './test-files.ts';

const u32 = (n: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, n);
  return bytes;
};

export const box = (type: string, payload: Uint8Array) => concat(u32(payload.length + 8), latin1(type), payload);

/** A JUMBF superbox: a description box (C2PA type UUID, label) and the content boxes. */
export function superbox(kind: string, label: string, ...children: Uint8Array[]): Uint8Array {
  const uuid = concat(latin1(kind), new Uint8Array([0x00, 0x11, 0x00, 0x10, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71]));
  const description = box('jumd', concat(uuid, new Uint8Array([0x03]), new TextEncoder().encode(label), new Uint8Array([0])));
  return box('jumb', concat(description, ...children));
}

const cborBox = (kind: string, label: string, value: unknown) => superbox(kind, label, box('cbor', encode(value)));

export interface ManifestParts {
  /** The claim's CBOR map; default: a v2 claim naming `generator`. */
  claim?: Record<string, unknown>;
  generator?: string;
  actions?: Record<string, unknown>[];
}

/** One manifest: assertion store (actions, a thumbnail), claim, signature. */
export function manifest(parts: ManifestParts, id = 'urn:c2pa:0f4b2e64-5c2d-4a58-9a5e-1d3c2f7a6b01'): Uint8Array {
  const claim = parts.claim ?? {
    instanceID: 'xmp:iid:7a1f',
    claim_generator_info: { name: parts.generator ?? 'ChatGPT', version: '1.0' },
    signature: 'self#jumbf=/c2pa/urn:c2pa:0f4b/c2pa.signature',
    created_assertions: [{ url: 'self#jumbf=c2pa.assertions/c2pa.actions.v2', hash: new Uint8Array(32) }],
  };
  const assertions = superbox(
    'c2as',
    'c2pa.assertions',
    superbox('jpg ', 'c2pa.thumbnail.claim.jpeg', box('bidb', new Uint8Array(64).fill(0xab))),
    cborBox('cbor', 'c2pa.actions.v2', { actions: parts.actions ?? [] }),
  );
  return superbox(
    'c2ma',
    id,
    assertions,
    cborBox('c2cl', 'c2pa.claim.v2', claim),
    superbox('c2cs', 'c2pa.signature', box('cbor', encode([0]))),
  );
}

/** The manifest store: the last manifest is the active one. */
export const manifestStore = (...manifests: Uint8Array[]) => superbox('c2pa', 'c2pa', ...manifests);

/** The PNG with a caBX chunk after its header (the 8-byte signature and the 25-byte IHDR). */
export const pngWithC2pa = (png: Uint8Array, store: Uint8Array) => concat(png.subarray(0, 33), pngChunk('caBX', store), png.subarray(33));

/** The JPEG with the store in APP11 segments after SOI; each continuation repeats the box header. */
export function jpegWithC2pa(jpeg: Uint8Array, store: Uint8Array, segmentBytes = 65_000): Uint8Array {
  const segments: Uint8Array[] = [];
  const header = store.subarray(0, 8);
  for (let at = 0, z = 1; at < store.length; z++) {
    const take = at === 0 ? store.subarray(0, segmentBytes) : concat(header, store.subarray(at, at + segmentBytes));
    at += at === 0 ? take.length : take.length - 8;
    const data = concat(latin1('JP'), new Uint8Array([0, 1]), u32(z), take);
    segments.push(new Uint8Array([0xff, 0xeb, (data.length + 2) >> 8, (data.length + 2) & 0xff]), data);
  }
  return concat(jpeg.subarray(0, 2), ...segments, jpeg.subarray(2));
}

/** The WebP with a C2PA chunk at its end (the RIFF size grown to match). */
export function webpWithC2pa(webp: Uint8Array, store: Uint8Array): Uint8Array {
  const size = new Uint8Array(4);
  new DataView(size.buffer).setUint32(0, store.length, true);
  const out = concat(webp, latin1('C2PA'), size, store, new Uint8Array(store.length % 2));
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  return out;
}
