// Hostile image files for the metadata readers (decision 18), shared by the tests of
// functions/images and the hostile-upload benchmark, which uploads them to the real server;
// and turnsDuring, which shows that the event loop kept turning while one was read.
// Every file is an image the gallery accepts (a real 1×1 PNG or JPEG around the hostile part),
// so an upload gets as far as the metadata reader. Sizes are parameters; the defaults are the
// cases the readers are held to.
import { zlibSync } from 'fflate';
import { concat, latin1, png, pngChunk, tEXt } from '#functions/images/metadata/test-files.ts';

const MB = 1024 * 1024;

const bombs = new Map<number, Uint8Array>();

/**
 * A zlib stream that inflates to `inflatedBytes` bytes of "a": about 1,000 times smaller than
 * its output (64 MB from ~64 KB). Built once per size.
 */
export function zlibBomb(inflatedBytes = 64 * MB): Uint8Array {
  let bomb = bombs.get(inflatedBytes);
  if (!bomb) {
    bomb = zlibSync(new Uint8Array(inflatedBytes).fill(0x61), { level: 9 });
    bombs.set(inflatedBytes, bomb);
  }
  return bomb;
}

const BOMB_KEYWORDS = ['parameters', 'prompt', 'workflow', 'Comment', 'Description'];

/**
 * A PNG with `chunks` compressed text chunks, each a zip bomb, zTXt and compressed iTXt in
 * turn, under the keywords the reader looks for first. 10 chunks make a ~650 KB file, 60 a
 * ~3.9 MB one (64 MB each once inflated).
 */
export function textBombPng(chunks = 10, inflatedBytes = 64 * MB): Uint8Array {
  const bomb = zlibBomb(inflatedBytes);
  const texts = Array.from({ length: chunks }, (_, i) => {
    const keyword = latin1(BOMB_KEYWORDS[i] ?? `bomb${i}`);
    return i % 2 === 0
      ? pngChunk('zTXt', concat(keyword, new Uint8Array([0, 0]), bomb)) // keyword\0, method 0
      : pngChunk('iTXt', concat(keyword, new Uint8Array([0, 1, 0, 0, 0]), bomb)); // keyword\0, compressed, method, no language or translation
  });
  return png(texts);
}

/**
 * A PNG whose plain tEXt chunks hold `totalBytes` of valid A1111 text, `chunkBytes` a chunk
 * (one chunk of 8 MB by default; chunks under the one-text cap are all read).
 */
export function enormousTextPng(totalBytes = 8 * MB, chunkBytes = totalBytes): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i * chunkBytes < totalBytes; i++) {
    const size = Math.min(chunkBytes, totalBytes - i * chunkBytes);
    const settings = '\nNegative prompt: blurry\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: 1, Size: 512x512, Model: huge';
    const prompt = 'a castle on a hill, '.repeat(Math.ceil(size / 20)).slice(0, Math.max(0, size - settings.length));
    chunks.push(tEXt(i === 0 ? 'parameters' : `parameters${i}`, prompt + settings));
  }
  return png(chunks);
}

const TYPE_ASCII = 2;
const TYPE_LONG = 4;
const TYPE_UNDEFINED = 7;
/** Tags the readers act on: Exif IFD pointer, UserComment, ImageDescription, Make, Model, XPComment. */
const EXIF_POINTER = 0x8769;
const TEXT_TAGS: [number, number][] = [
  [0x9286, TYPE_UNDEFINED],
  [0x010e, TYPE_ASCII],
  [0x010f, TYPE_ASCII],
  [0x0110, TYPE_ASCII],
  [0x9c9c, 1],
];

/**
 * A TIFF block of `size` bytes (little endian) packed with IFDs of `entriesPerIfd` entries each:
 * every IFD points (by Exif IFD pointers and its next-IFD link) at the next one (a deep chain),
 * at the first one and at itself (cycles), and its text entries all claim the whole block as
 * their value (every one a copy of the block to decode).
 */
export function ifdMaze(size = 65_000, entriesPerIfd = 16): Uint8Array {
  const tiff = new Uint8Array(size);
  const view = new DataView(tiff.buffer);
  tiff.set(latin1('II'));
  view.setUint16(2, 42, true);
  view.setUint32(4, 8, true);
  const ifdSize = 2 + entriesPerIfd * 12 + 4;
  for (let ifd = 8; ifd + ifdSize <= size; ifd += ifdSize) {
    const next = ifd + ifdSize + ifdSize <= size ? ifd + ifdSize : 8;
    view.setUint16(ifd, entriesPerIfd, true);
    for (let i = 0; i < entriesPerIfd; i++) {
      const entry = ifd + 2 + i * 12;
      const pointer = [next, 8, ifd][i];
      if (pointer !== undefined) {
        view.setUint16(entry, EXIF_POINTER, true);
        view.setUint16(entry + 2, TYPE_LONG, true);
        view.setUint32(entry + 4, 1, true);
        view.setUint32(entry + 8, pointer, true);
        continue;
      }
      const [tag, type] = TEXT_TAGS[i % TEXT_TAGS.length]!;
      view.setUint16(entry, tag, true);
      view.setUint16(entry + 2, type, true);
      view.setUint32(entry + 4, size - 8, true);
      view.setUint32(entry + 8, 8, true);
    }
    view.setUint32(ifd + 2 + entriesPerIfd * 12, next, true);
  }
  return tiff;
}

/** A real 1×1 grey JPEG (made with sharp), for a file that decodes. */
export const TINY_JPEG = Uint8Array.from(
  atob(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAUAQEAAAAAAAAAAAAAAAAAAAAA/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AAA//2Q==',
  ),
  (c) => c.charCodeAt(0),
);

/** `jpeg` with an APP1 Exif segment holding `tiff` right after its start marker (the largest APP1 holds 65,527 bytes of TIFF). */
export function jpegWithExif(tiff: Uint8Array, jpeg = TINY_JPEG): Uint8Array {
  const length = 2 + 6 + tiff.length;
  if (length > 0xffff) throw new Error('an APP1 segment holds at most 65,533 bytes');
  return concat(jpeg.subarray(0, 2), new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff]), latin1('Exif\0\0'), tiff, jpeg.subarray(2));
}

/** The JPEG case: a 64 KB APP1 of IFDs pointing at each other. */
export const ifdMazeJpeg = (jpeg = TINY_JPEG) => jpegWithExif(ifdMaze(65_000), jpeg);

export type GraphShape = 'chain' | 'cycle' | 'fan';

const link = (id: number) => [String(id), 0];

/**
 * A ComfyUI API prompt of `nodes` nodes. 'chain': one sampler whose conditioning, model, latent
 * and text inputs run back through the whole graph, node by node (deep walks). 'cycle': every
 * node is a sampler candidate linking to the next two, around a ring (cycles everywhere).
 * 'fan': every even node is a save node fed from a chain of the odd nodes, at its own place in
 * it, and no sampler feeds any of them (a walk from every output over most of the graph).
 */
export function comfyApiPrompt(nodes = 100_000, shape: GraphShape = 'chain'): Record<string, unknown> {
  const graph: Record<string, unknown> = {};
  for (let i = 0; i < nodes; i++) {
    const next = link((i + 1) % nodes);
    const after = link((i + 2) % nodes);
    if (shape === 'cycle') {
      graph[i] = {
        class_type: 'KSampler',
        inputs: { latent_image: next, positive: next, negative: after, model: after, seed: next, text: next },
      };
    } else if (shape === 'fan') {
      const sampler = {
        class_type: 'KSampler',
        inputs: { latent_image: link(nodes - 1), positive: link(nodes - 1), negative: link(nodes - 1) },
      };
      graph[i] =
        i === 0
          ? sampler
          : i % 2 === 0
            ? { class_type: 'SaveImage', inputs: { images: next } }
            : { class_type: 'VAEDecode', inputs: { samples: after } };
    } else if (i === nodes - 1) {
      graph[i] = { class_type: 'CLIPTextEncode', inputs: { text: 'the end of the chain', clip: link(i) } };
    } else {
      const inputs = {
        conditioning_1: next,
        conditioning_2: next,
        model: next,
        samples: next,
        string_a: next,
        string_b: next,
        value: next,
      };
      graph[i] = { class_type: i === 0 ? 'KSampler' : 'ConditioningCombine', inputs: { ...inputs, positive: next, negative: next } };
    }
  }
  return graph;
}

/** A UI workflow node whose every input is a link. */
const uiNode = (id: number, type: string, links: number[]) => ({
  id,
  type,
  mode: 0,
  inputs: links.map((at) => ({ name: `in${at}`, type: '*', link: at })),
  widgets_values: [],
});

/**
 * A ComfyUI UI workflow of `nodes` nodes and links. 'ring': reroutes in a ring, and samplers
 * whose four inputs each come from it (every input followed around the ring). 'exits': one
 * subgraph instance whose only way out is the last of its `nodes` links, and samplers whose
 * four inputs each come out of it.
 */
export function comfyUiWorkflow(nodes = 100_000, shape: 'ring' | 'exits' = 'ring'): Record<string, unknown> {
  const uiNodes: Record<string, unknown>[] = [];
  const links: unknown[] = [];
  const ring = shape === 'ring' ? Math.floor(nodes / 2) : 0;
  for (let id = 1; id <= ring; id++) {
    uiNodes.push(uiNode(id, 'Reroute', [id]));
    links.push([id, (id % ring) + 1, 0, id, 0, '*']); // link `id` feeds reroute `id` from the next one
  }
  const origin = shape === 'ring' ? 1 : 0;
  if (shape === 'exits') uiNodes.push(uiNode(0, 'Nested', []));
  for (let id = ring + 1; uiNodes.length < nodes; id++) {
    const inputs = [1, 2, 3, 4].map((slot) => links.push([nodes + id * 4 + slot, origin, 0, id, slot, '*']) && nodes + id * 4 + slot);
    uiNodes.push({
      ...uiNode(id, 'KSampler', inputs),
      inputs: ['positive', 'negative', 'model', 'latent_image'].map((name, i) => ({ name, type: '*', link: inputs[i] })),
    });
  }
  const innerLinks = Array.from({ length: nodes }, (_, i) => [i + 1, 1, 0, i === nodes - 1 ? -20 : 1, 0, '*']);
  const nested = { id: 'Nested', nodes: [uiNode(1, 'CLIPTextEncode', [])], links: innerLinks };
  return { nodes: uiNodes, links, definitions: { subgraphs: [nested] } };
}

/** A PNG carrying `json` in a tEXt chunk (`prompt` for the API form, `workflow` for the UI form). */
export function comfyPng(json: unknown, keyword: 'prompt' | 'workflow' = 'prompt'): Uint8Array {
  return png([tEXt(keyword, JSON.stringify(json))]);
}

/**
 * How many times a 0 ms timer got to run while `work` was going on: more than none shows that
 * the work let the event loop turn (other requests get answered then), without timing anything.
 */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  try {
    return { result: await work(), turns };
  } finally {
    running = false;
  }
}
