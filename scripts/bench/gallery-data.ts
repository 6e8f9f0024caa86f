// A large, deterministic gallery catalogue for bench:gallery: galleries of images whose prompts,
// negatives, checkpoints and LoRAs look like real generation metadata, inserted in batches
// straight into the database (the upload pipeline is measured separately, one file at a time).
import { crc32, deflateSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '#db/types.ts';

const SUBJECTS =
  'starship derelict lantern nebula pilot android dragon citadel forest ocean desert station ruin tower wolf fox raven knight mage ghost'.split(
    ' ',
  );
const STYLES =
  'cinematic painterly watercolor ink cel-shaded photographic volumetric moody pastel neon baroque brutalist lofi dreamy gritty'.split(' ');
const DETAILS =
  'rim-light fog rain snow dusk dawn aurora embers reflections bokeh haze dust starlight moonlight glow silhouette wide-shot close-up'.split(
    ' ',
  );
const NEGATIVES =
  'lowres, bad anatomy, bad hands, worst quality, low quality, watermark, text, blurry, jpeg artifacts, extra fingers'.split(', ');
const CHECKPOINTS = [
  'waiIllustriousSDXL_v160',
  'juggernautXL_v9',
  'realisticVisionV60',
  'dreamshaper_8',
  'ponyDiffusionV6XL',
  'animagineXL_v31',
  'sdxl_base_1.0',
  'copycatNoob_v11',
];
const LORAS = Array.from(
  { length: 40 },
  (_, i) => `${['detail', 'style', 'light', 'armor', 'scifi', 'fantasy', 'ink', 'film'][i % 8]}Tweaker_v${i + 1}`,
);

/** A small seeded generator, so every run builds the same catalogue. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function syntheticImage(next: () => number, galleryId: number, index: number) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const loras = [...new Set(Array.from({ length: Math.floor(next() * 4) }, () => pick(LORAS)))];
  const words = Array.from({ length: 30 + Math.floor(next() * 40) }, () => pick([...SUBJECTS, ...STYLES, ...DETAILS]));
  const prompt = `masterpiece, best quality, ${words.join(', ')}${loras.map((name) => ` <lora:${name}:0.8>`).join('')}`;
  const stem = `gen-${galleryId}-${index}`;
  return {
    gallery_id: galleryId,
    src: `/api/uploads/galleries/${galleryId}/${stem}.png`,
    thumb: `/api/uploads/galleries/${galleryId}/${stem}-480.webp`,
    thumb_2x: `/api/uploads/galleries/${galleryId}/${stem}-960.webp`,
    placeholder: 'data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==',
    original_name: `${stem}.png`,
    title: next() < 0.3 ? `${pick(SUBJECTS)} study ${index}` : null,
    prompt,
    negative_prompt: NEGATIVES.slice(0, 3 + Math.floor(next() * 7)).join(', '),
    checkpoint: pick(CHECKPOINTS),
    loras,
    lora_weights: JSON.stringify(loras.map((name) => ({ name, weight: 0.8 }))),
    settings: JSON.stringify({
      steps: 28,
      sampler: 'Euler a',
      scheduler: 'Karras',
      cfg: 7,
      seed: String(index * 7919),
      width: 1024,
      height: 1024,
    }),
    generator: 'automatic1111' as const,
    width: 1024,
    height: 1024,
  };
}

/** Inserts `galleries` galleries of `perGallery` images each; returns the gallery ids. */
export async function insertGalleryCatalogue(db: Kysely<Database>, galleries: number, perGallery: number): Promise<number[]> {
  const next = random(7);
  const ids: number[] = [];
  for (let g = 1; g <= galleries; g++) {
    const { id } = await db
      .insertInto('galleries')
      .values({
        slug: `bench-gallery-${g}`,
        title: `Bench gallery ${g}`,
        description: 'Generated for bench:gallery.',
        rating: g % 5 === 0 ? 'X' : 'PG',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
    for (let start = 0; start < perGallery; start += 250) {
      const rows = Array.from({ length: Math.min(250, perGallery - start) }, (_, i) => syntheticImage(next, id, start + i));
      await db.insertInto('gallery_images').values(rows).execute();
    }
  }
  return ids;
}

/** Search texts of every kind a visitor types: common and rare words, a LoRA, a checkpoint, two terms, nothing found, SQL characters. */
export const BENCH_SEARCHES = [
  'starship',
  'aurora',
  'dragon neon',
  'styleTweaker_v2',
  'juggernautXL',
  'lantern fog dusk',
  'nothing-like-this',
  "o'brien 100%_",
  'rim-light',
];

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const typed = Buffer.concat([head.subarray(4), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A 1024x1024 render that compresses like real generated art (soft gradients and shapes, not
 * noise), for the pages' thumbnails; SVG rasterised by sharp.
 */
export async function generatedArt(seed: number): Promise<Uint8Array<ArrayBuffer>> {
  const next = random(seed);
  const hue = () => Math.floor(next() * 360);
  const shapes = Array.from({ length: 12 }, () => {
    const [x, y, r] = [next() * 1024, next() * 1024, 40 + next() * 260];
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="hsl(${hue()} 70% 60%)" opacity="${(0.2 + next() * 0.6).toFixed(2)}"/>`;
  }).join('');
  // Fine detail (stars, strokes) so thumbnails cost what real renders cost.
  const details = Array.from({ length: 400 }, () => {
    const [x, y] = [next() * 1024, next() * 1024];
    return next() < 0.7
      ? `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(1 + next() * 4).toFixed(1)}" fill="hsl(${hue()} 80% 85%)"/>`
      : `<path d="M${x.toFixed(0)} ${y.toFixed(0)} q${(next() * 80 - 40).toFixed(0)} ${(next() * 80 - 40).toFixed(0)} ${(next() * 160 - 80).toFixed(0)} ${(next() * 160 - 80).toFixed(0)}" stroke="hsl(${hue()} 60% 70%)" stroke-width="${(1 + next() * 3).toFixed(1)}" fill="none"/>`;
  }).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><defs><radialGradient id="g"><stop offset="0" stop-color="hsl(${hue()} 60% 45%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue()} 50% 12%)"/></radialGradient><filter id="b"><feGaussianBlur stdDeviation="18"/></filter></defs>` +
    `<rect width="1024" height="1024" fill="url(#g)"/><g filter="url(#b)">${shapes}</g>${details}</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/**
 * A PNG of about `targetBytes` (noise compresses badly, as detailed renders do) carrying
 * AUTOMATIC1111 `parameters` in a zTXt chunk, as a real upload would.
 */
export async function generatedPng(targetBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const side = Math.round(Math.sqrt(targetBytes / 3));
  const next = random(11);
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (next() * 256) | 0;
  const png = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  const parameters =
    'masterpiece, best quality, starship over a nebula, <lora:detailTweaker_v1:0.8>\nNegative prompt: lowres, bad anatomy\n' +
    `Steps: 28, Sampler: Euler a, Schedule type: Karras, CFG scale: 7, Seed: 1234, Size: ${side}x${side}, Model: juggernautXL_v9`;
  const ztxt = pngChunk('zTXt', Buffer.concat([Buffer.from('parameters\0\0', 'latin1'), deflateSync(Buffer.from(parameters, 'latin1'))]));
  const iend = png.length - 12;
  return new Uint8Array(Buffer.concat([png.subarray(0, iend), ztxt, png.subarray(iend)]));
}
