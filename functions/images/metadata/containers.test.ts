// The container readers on files built in the test: PNG text chunks of every kind and place,
// EXIF UserComment in every encoding under both TIFF byte orders, in JPEG and WebP.
import { describe, expect, it } from 'vitest';
import { extractGenerationMetadata } from './index.ts';
import { readPngText, withoutPngText } from './png-chunks.ts';
import { type CommentEncoding, concat, iTXt, jpeg, latin1, png, pngChunk, tEXt, tiff, userComment, webp, zTXt } from './test-files.ts';
import { decodeUserComment } from './user-comment.ts';

const PARAMETERS =
  'a castle, テスト, <lora:castleStyle:0.7>\nNegative prompt: blurry, lowres\nSteps: 30, Sampler: Euler a, Schedule type: Automatic, CFG scale: 6.5, Seed: 12345, Size: 832x1216, Model: ponyXL';

async function expectCastle(bytes: Uint8Array) {
  expect(await extractGenerationMetadata(bytes)).toEqual({
    generator: 'automatic1111',
    prompt: 'a castle, テスト, <lora:castleStyle:0.7>',
    negativePrompt: 'blurry, lowres',
    checkpoint: 'ponyXL',
    loras: [{ name: 'castleStyle', weight: 0.7 }],
    settings: { steps: 30, sampler: 'Euler a', scheduler: 'Automatic', cfg: 6.5, seed: '12345', width: 832, height: 1216 },
  });
}

describe('PNG text chunks', () => {
  it('reads tEXt (UTF-8 written into it by many tools), zTXt and iTXt, compressed or not', async () => {
    await expectCastle(png([tEXt('parameters', PARAMETERS)]));
    await expectCastle(png([zTXt('parameters', PARAMETERS)]));
    await expectCastle(png([iTXt('parameters', PARAMETERS)]));
    await expectCastle(png([iTXt('parameters', PARAMETERS, true)]));
  });

  it('reads chunks after IDAT', async () => {
    await expectCastle(png([], [iTXt('parameters', PARAMETERS, true)]));
  });

  it('reads a Latin-1 tEXt that is not valid UTF-8', async () => {
    const chunk = pngChunk('tEXt', concat(latin1('parameters\0'), latin1('caf\xe9 au lait')));
    expect((await extractGenerationMetadata(png([chunk]))).prompt).toBe('café au lait');
  });

  it('keeps the chunks read before a truncated one', async () => {
    const file = png([tEXt('parameters', PARAMETERS), tEXt('other', 'x'.repeat(100))]);
    const cut = file.subarray(0, file.length - 80);
    expect((await readPngText(cut)).get('parameters')).toBe(PARAMETERS);
    await expectCastle(cut);
  });

  it('skips a damaged compressed chunk and a chunk without keyword', async () => {
    const damaged = pngChunk('zTXt', concat(latin1('parameters\0\0'), new Uint8Array([0x78, 0x9c, 1, 2, 3, 4])));
    const noKeyword = pngChunk('tEXt', latin1('\0text'));
    expect((await extractGenerationMetadata(png([damaged, noKeyword]))).generator).toBeNull();
  });

  it('drops every text chunk, before and after IDAT, keeping the other chunks byte for byte', () => {
    const bare = png([], []);
    expect(withoutPngText(png([tEXt('parameters', PARAMETERS), zTXt('workflow', '{}')], [iTXt('prompt', '{}', true)]))).toEqual(bare);
    expect(withoutPngText(bare)).toBe(bare); // nothing to drop: the same bytes, not a copy
    const notPng = latin1('GIF89a....');
    expect(withoutPngText(notPng)).toBe(notPng);
  });

  it('gives an empty result for bytes that are no image, or a bare signature', async () => {
    for (const bytes of [
      new Uint8Array(),
      latin1('GIF89a....'),
      latin1('\x89PNG\r\n\x1a\n'),
      latin1('\xff\xd8\xff'),
      latin1('RIFF\0\0\0\0WEBP'),
    ]) {
      expect((await extractGenerationMetadata(bytes)).generator).toBeNull();
    }
  });
});

describe('EXIF UserComment', () => {
  const encodings: CommentEncoding[] = ['utf-16le', 'utf-16be', 'utf-8'];
  for (const order of ['II', 'MM'] as const) {
    for (const encoding of encodings) {
      it(`JPEG and WebP, TIFF ${order}, ${encoding} (byte order from the bytes, not the header)`, async () => {
        const exif = tiff(order, userComment(PARAMETERS, encoding));
        await expectCastle(jpeg(exif));
        await expectCastle(webp(exif));
        await expectCastle(webp(concat(latin1('Exif\0\0'), exif)));
      });
    }
  }

  it('ASCII prefix', () => {
    expect(decodeUserComment(userComment('photo of a duck', 'ascii'))).toBe('photo of a duck');
  });

  it('detects UTF-16 byte order of text with no Latin characters', () => {
    for (const encoding of ['utf-16le', 'utf-16be'] as const) {
      expect(decodeUserComment(userComment('猫と宇宙、星空の下で', encoding))).toBe('猫と宇宙、星空の下で');
    }
  });

  it('honours a byte order mark', () => {
    const bom = concat(latin1('UNICODE\0'), new Uint8Array([0xfe, 0xff, 0, 0x61, 0, 0x62]));
    expect(decodeUserComment(bom)).toBe('ab');
  });

  it('a JPEG whose EXIF runs past the end of the file keeps what is there', async () => {
    const file = jpeg(tiff('II', userComment(PARAMETERS, 'utf-16le')));
    const cut = file.subarray(0, file.length - 40);
    const result = await extractGenerationMetadata(cut);
    expect(result.prompt).toBe('a castle, テスト, <lora:castleStyle:0.7>');
  });

  it('a camera comment that is not generation text is not taken for a prompt', async () => {
    expect((await extractGenerationMetadata(jpeg(tiff('MM', userComment('Holiday 2019', 'ascii'))))).generator).toBeNull();
  });

  it('reads A1111 text from a JPEG COM segment', async () => {
    await expectCastle(jpeg(tiff('II', null), PARAMETERS));
  });

  it('survives a hostile IFD (offsets past the end, loops)', async () => {
    const exif = tiff('II', userComment(PARAMETERS, 'utf-16le'));
    const looped = exif.slice();
    new DataView(looped.buffer).setUint32(4, 0xfffffff0, true);
    expect((await extractGenerationMetadata(jpeg(looped))).generator).toBeNull();
    const selfPointing = exif.slice();
    // The Exif pointer entry of IFD0 aimed back at IFD0 itself.
    new DataView(selfPointing.buffer).setUint32(8 + 2 + 8, 8, true);
    expect((await extractGenerationMetadata(jpeg(selfPointing))).generator).toBeNull();
  });
});
