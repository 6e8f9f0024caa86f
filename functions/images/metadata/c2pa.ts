// C2PA content credentials (decision 49): the manifest store, a JUMBF box in a PNG caBX chunk,
// JPEG APP11 segments or a WebP C2PA chunk. Only the active (last) manifest is read, and of it
// only the claim and its actions assertions (CBOR): which tool made the image. The signature is
// not checked: the name is shown as the file states it, like any other metadata.
import { concatBytes } from '#core/bytes.ts';
import type { ReadBudget } from './budget.ts';
import { decodeCbor } from './cbor.ts';
import { jpegSegments } from './jpeg-exif.ts';
import { madeWithName } from './made-with.ts';
import { pngChunks } from './png-chunks.ts';
import { isRecord } from './result.ts';
import { decodeUtf8, MAX_TEXT_BYTES } from './text.ts';
import { webpChunks } from './webp-chunks.ts';

const APP11 = 0xeb;
const CABX = 0x63614258; // "caBX" read big-endian
/** Boxes looked at in one superbox: a manifest holds a few, its assertion store some dozens. */
const MAX_BOXES = 256;

interface Box {
  type: string;
  data: Uint8Array;
}

const fourCc = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/** The boxes side by side in `data` (ISO BMFF framing: 32-bit size, or 1 and a 64-bit size, or 0: to the end). */
function* boxes(data: Uint8Array): Generator<Box> {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let offset = 0;
  for (let count = 0; offset + 8 <= data.length && count < MAX_BOXES; count++) {
    let size = view.getUint32(offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > data.length) return;
      size = view.getUint32(offset + 8) * 2 ** 32 + view.getUint32(offset + 12);
      header = 16;
    } else if (size === 0) {
      size = data.length - offset;
    }
    if (size < header || offset + size > data.length) return;
    yield { type: fourCc(data, offset + 4), data: data.subarray(offset + header, offset + size) };
    offset += size;
  }
}

interface Superbox {
  /** The content type's four characters (c2pa, c2ma, c2cl, c2as, cbor, …). */
  kind: string;
  label: string | null;
  children: Box[];
}

/** A JUMBF superbox: its description box (type UUID, toggles, label), then its content boxes. */
function superbox(box: Box): Superbox | null {
  if (box.type !== 'jumb') return null;
  const [description, ...children] = boxes(box.data);
  if (description?.type !== 'jumd' || description.data.length < 17) return null;
  const hasLabel = (description.data[16]! & 0x02) !== 0;
  const labelEnd = description.data.indexOf(0, 17);
  const label = hasLabel && labelEnd > 0 ? decodeUtf8(description.data.subarray(17, labelEnd)) : null;
  return { kind: fourCc(description.data, 0), label, children };
}

const superboxes = (children: Box[]) => children.map(superbox).filter((box) => box !== null);

/** The CBOR of a claim or assertion superbox. */
function cborOf(box: Superbox): unknown {
  const content = box.children.find((child) => child.type === 'cbor');
  return content ? decodeCbor(content.data) : undefined;
}

/** The JPEG's APP11 segments of one JUMBF box, joined: each repeats the box's 8-byte header after its own 8. */
function jpegStore(bytes: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [];
  let instance = -1;
  let size = 0;
  for (const { marker, data } of jpegSegments(bytes)) {
    if (marker !== APP11 || data.length < 16 || data[0] !== 0x4a || data[1] !== 0x50 || fourCc(data, 12) !== 'jumb') continue;
    const en = (data[2]! << 8) | data[3]!;
    if (instance === -1) instance = en;
    if (en !== instance) continue;
    const part = parts.length === 0 ? data.subarray(8) : data.subarray(16);
    size += part.length;
    if (size > MAX_TEXT_BYTES) return null;
    parts.push(part);
  }
  return parts.length === 0 ? null : concatBytes(...parts);
}

async function manifestStore(bytes: Uint8Array, budget: ReadBudget): Promise<Uint8Array | null> {
  for (const chunk of pngChunks(bytes)) {
    await budget.pace(chunk.dataEnd - chunk.start + 4);
    if (budget.spent) return null;
    if (chunk.type === CABX) return bytes.subarray(chunk.dataStart, chunk.dataEnd);
  }
  for (const chunk of webpChunks(bytes)) if (chunk.type === 'C2PA') return chunk.data;
  return jpegStore(bytes);
}

/** A generator-info map's name (claim v2 holds one map; v1 a list of them). */
const infoNames = (info: unknown): unknown[] =>
  (Array.isArray(info) ? info : [info]).map((entry) => (isRecord(entry) ? entry['name'] : entry));

/** What the active manifest names, most telling first: the claim's generator, then the actions' software. */
function namesIn(manifest: Superbox): unknown[] {
  const parts = superboxes(manifest.children);
  const claim = parts.find((part) => part.kind === 'c2cl' || part.label?.startsWith('c2pa.claim'));
  const claimCbor = claim ? cborOf(claim) : undefined;
  const names: unknown[] = isRecord(claimCbor) ? [...infoNames(claimCbor['claim_generator_info']), claimCbor['claim_generator']] : [];
  const store = parts.find((part) => part.kind === 'c2as' || part.label === 'c2pa.assertions');
  const actions = store ? superboxes(store.children).filter((part) => part.label?.startsWith('c2pa.actions')) : [];
  const agents = actions.flatMap((part) => {
    const cbor = cborOf(part);
    return isRecord(cbor) && Array.isArray(cbor['actions']) ? cbor['actions'].filter(isRecord) : [];
  });
  // The action that created the image names its tool before actions that only edited it.
  agents.sort((a, b) => Number(b['action'] === 'c2pa.created') - Number(a['action'] === 'c2pa.created'));
  return [...names, ...agents.flatMap((action) => infoNames(action['softwareAgent']))];
}

/** The tool the file's content credentials name ("ChatGPT", "Adobe Firefly"), or null. */
export async function readContentCredentials(bytes: Uint8Array, budget: ReadBudget): Promise<string | null> {
  const data = await manifestStore(bytes, budget);
  const [storeBox] = data ? boxes(data) : [];
  const store = storeBox ? superbox(storeBox) : null;
  if (!store || (store.kind !== 'c2pa' && store.label !== 'c2pa')) return null;
  const manifests = superboxes(store.children).filter((box) => box.kind === 'c2ma' || box.kind === 'c2um');
  const active = manifests.at(-1);
  return active ? madeWithName(namesIn(active).filter((name): name is string => typeof name === 'string')) : null;
}
