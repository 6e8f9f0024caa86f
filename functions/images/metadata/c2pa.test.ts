// Content credentials in PNG, JPEG and WebP: the tool the active manifest names, tidied, and
// nothing from stores that are damaged, hostile or name only a signing library.
import { encode } from 'cborg';
import { describe, expect, it } from 'vitest';
import { box, jpegWithC2pa, manifest, manifestStore, pngWithC2pa, superbox, webpWithC2pa } from './c2pa-test-files.ts';
import { decodeCbor } from './cbor.ts';
import { extractGenerationMetadata } from './index.ts';
import { jpegSegments, MAX_JPEG_SEGMENTS } from './jpeg-exif.ts';
import { madeWithName } from './made-with.ts';
import { emptyMetadata } from './result.ts';
import { concat, jpeg, png, tEXt, tiff, webp } from './test-files.ts';

const CREATED = { action: 'c2pa.created', digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia' };
const chatGpt = manifestStore(manifest({ generator: 'ChatGPT', actions: [{ ...CREATED, softwareAgent: { name: 'GPT-4o' } }] }));
const madeWith = async (file: Uint8Array) => (await extractGenerationMetadata(file)).madeWith ?? null;

describe('content credentials', () => {
  it.each([
    ['PNG (caBX)', () => pngWithC2pa(png([]), chatGpt)],
    ['JPEG (one APP11 segment)', () => jpegWithC2pa(jpeg(tiff('II', null)), chatGpt)],
    ['JPEG (the store split over APP11 segments)', () => jpegWithC2pa(jpeg(tiff('II', null)), chatGpt, 100)],
    ['WebP (C2PA chunk)', () => webpWithC2pa(webp(tiff('II', null)), chatGpt)],
  ])('%s: "Made with ChatGPT" and nothing else', async (_, file) => {
    expect(await extractGenerationMetadata(file())).toEqual({ ...emptyMetadata(), generator: 'c2pa', madeWith: 'ChatGPT' });
  });

  it.each([
    ['Adobe Photoshop', { claim: { claim_generator: 'Adobe_Photoshop/25.0 adobe_c2pa/0.7.6 c2pa-rs/0.25.2' } }],
    ['Adobe Firefly', { claim: { claim_generator: 'Adobe_Firefly', claim_generator_info: [{ name: 'Adobe_Firefly' }] } }],
    [
      'Google Gemini',
      { generator: 'Google C2PA Core Generator Library', actions: [{ ...CREATED, softwareAgent: 'Gemini 2.5 Flash Image' }] },
    ],
    [
      'Google Imagen',
      {
        generator: 'c2pa-rs',
        actions: [
          { action: 'c2pa.edited', softwareAgent: 'x' },
          { ...CREATED, softwareAgent: 'Imagen 3' },
        ],
      },
    ],
    ['Acme Paint', { claim: { claim_generator: 'Acme_Paint/3.1 c2pa-js/0.1' } }],
  ])('names %s from what the claim and its actions write', async (name, parts) => {
    expect(await madeWith(pngWithC2pa(png([]), manifestStore(manifest(parts))))).toBe(name);
  });

  it('reads the active manifest: the last one (an image made with ChatGPT, then edited in Photoshop)', async () => {
    const store = manifestStore(
      manifest({ generator: 'ChatGPT' }, 'urn:c2pa:first'),
      manifest({ claim: { claim_generator: 'Adobe_Photoshop/26.0' } }, 'urn:c2pa:second'),
    );
    expect(await madeWith(pngWithC2pa(png([]), store))).toBe('Adobe Photoshop');
  });

  it('keeps the generation metadata of a file that also has content credentials, and adds the tool', async () => {
    const a1111 = tEXt('parameters', 'a red barn\nSteps: 10, Sampler: Euler, CFG scale: 5, Seed: 1, Size: 64x64');
    expect(await extractGenerationMetadata(pngWithC2pa(png([a1111]), chatGpt))).toMatchObject({
      generator: 'automatic1111',
      prompt: 'a red barn',
      madeWith: 'ChatGPT',
    });
  });

  it('finds nothing in stores naming only a signing library, or no tool at all', async () => {
    expect(await extractGenerationMetadata(pngWithC2pa(png([]), manifestStore(manifest({ generator: 'c2pa-rs' }))))).toEqual(
      emptyMetadata(),
    );
    expect(await madeWith(pngWithC2pa(png([]), manifestStore(manifest({ claim: { dc_title: 'x' } }))))).toBeNull();
    expect(await madeWith(pngWithC2pa(png([]), manifestStore()))).toBeNull();
  });

  it('finds nothing in damaged or hostile stores, and never throws', async () => {
    const deep = concat(new Uint8Array(200_000).fill(0x81), new Uint8Array([0]));
    const hostileClaim = (cbor: Uint8Array) =>
      pngWithC2pa(png([]), manifestStore(superbox('c2ma', 'urn:c2pa:x', superbox('c2cl', 'c2pa.claim.v2', box('cbor', cbor)))));
    expect(await madeWith(hostileClaim(deep))).toBeNull(); // nesting far past the depth limit
    expect(await madeWith(hostileClaim(encode({ claim_generator: 'ChatGPT', pad: 'x'.repeat(300_000) })))).toBeNull(); // over the cap
    expect(await madeWith(hostileClaim(new Uint8Array([0x9f, 0x61, 0x61, 0xff])))).toBeNull(); // indefinite length
    expect(await madeWith(hostileClaim(new Uint8Array([0xbb, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])))).toBeNull(); // a map claiming 2^64 entries
    const cut = chatGpt.subarray(0, chatGpt.length - 40);
    expect(await madeWith(pngWithC2pa(png([]), cut))).toBeNull();
    const notC2pa = superbox('abcd', 'other', manifest({ generator: 'ChatGPT' }));
    expect(await madeWith(pngWithC2pa(png([]), notC2pa))).toBeNull();
    const manyBoxes = manifestStore(
      ...Array.from({ length: 5000 }, () => box('free', new Uint8Array())),
      manifest({ generator: 'ChatGPT' }),
    );
    expect(await madeWith(pngWithC2pa(png([]), manyBoxes))).toBeNull(); // past the boxes looked at
    const huge = concat(new Uint8Array([0, 0, 0, 1]), new TextEncoder().encode('jumb'), new Uint8Array([0xff, 0, 0, 0, 0, 0, 0, 0]));
    expect(await madeWith(pngWithC2pa(png([]), huge))).toBeNull(); // a 64-bit size past the file
  });

  it('walks at most MAX_JPEG_SEGMENTS segments of a JPEG made of a million empty ones', async () => {
    const empty = new Uint8Array(4_000_000);
    for (let at = 0; at < empty.length; at += 4) empty.set([0xff, 0xfe, 0, 2], at);
    const file = concat(new Uint8Array([0xff, 0xd8]), empty, jpegWithC2pa(jpeg(tiff('II', null)), chatGpt).subarray(2));
    expect([...jpegSegments(file)]).toHaveLength(MAX_JPEG_SEGMENTS);
    expect(await madeWith(file)).toBeNull();
  });

  it('decodes tags as their content and stays within the depth limit', () => {
    expect(decodeCbor(encode({ when: 'x' }))).toEqual({ when: 'x' });
    expect(decodeCbor(new Uint8Array([0xc0, 0x64, 0x32, 0x30, 0x32, 0x36]))).toBe('2026'); // tag 0: a date as text
    expect(decodeCbor(concat(new Uint8Array(32).fill(0x81), new Uint8Array([0])))).toEqual([
      [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
    ]);
    expect(decodeCbor(concat(new Uint8Array(33).fill(0x81), new Uint8Array([0])))).toBeUndefined();
  });
});

describe('madeWithName', () => {
  it('tidies what tools write, caps it and drops control characters', () => {
    expect(madeWithName(['DALL·E 3'])).toBe('DALL·E');
    expect(madeWithName(['c2pa-rs/0.30', 'Microsoft_Designer/1.0'])).toBe('Microsoft Designer');
    expect(madeWithName(['Paint\u0000 \u202eStudio'])).toBe('Paint Studio');
    expect(madeWithName(['x'.repeat(10_000)])).toHaveLength(100);
    expect(madeWithName(['', '  ', 'adobe_c2pa/0.7'])).toBeNull();
  });
});
