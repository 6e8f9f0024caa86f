import { describe, expect, it } from 'vitest';
import { checkImageBytes, sniffImageFormat } from './image-bytes.ts';
import { concatBytes, SAMPLE_IMAGES, textBytes } from './sample-images.ts';
import { fixture } from './test-kit.ts';
const bytes = (...values: number[]) => Uint8Array.from(values);

describe('checkImageBytes on the shared real-world fixtures', () => {
  it.each([
    // The *_cropped files are 1x1 pixels (their metadata claims more; the pixels decide here).
    ['automatic1111_cropped.png', 'png', 1, 1],
    ['automatic1111_cropped.jpg', 'jpeg', 1, 1],
    ['empty_image.png', 'png', 1, 1], // a valid image without generation metadata
    ['enslo-comfyui.png', 'png', 1024, 1024],
    ['enslo-easy-reforge.png', 'png', 1536, 1536],
    ['enslo-sd-webui.png', 'png', 1024, 1024],
    ['enslo-swarmui.jpg', 'jpeg', 1024, 1024],
    ['fooocus1_cropped.png', 'png', 1, 1],
    ['img2img_cropped.png', 'png', 1, 1],
    ['invokeai_imeta1.png', 'png', 1, 1],
    ['night_evening_day_morning_cropped.png', 'png', 1, 1],
    ['novelai1_cropped.png', 'png', 1, 1],
    ['text_after_idat.png', 'png', 1, 1], // a text chunk after the image data is still inside the PNG
    ['unclip_2pass_cropped.png', 'png', 1, 1],
  ])('accepts %s as %s (%ix%i)', (name, format, width, height) => {
    const result = checkImageBytes(fixture(name));
    expect(result).toMatchObject({ ok: true, format, width, height });
  });

  it('refuses empty_file.png (0 bytes) as empty', () => {
    expect(checkImageBytes(fixture('empty_file.png'))).toEqual({ ok: false, problem: 'empty' });
  });
});

describe('checkImageBytes on generated WebP, GIF and JPEG variants', () => {
  it.each([
    ['webpLossy', 'webp', 'image/webp', 'webp'],
    ['webpLossless', 'webp', 'image/webp', 'webp'],
    ['webpAlpha', 'webp', 'image/webp', 'webp'],
    ['webpAnimated', 'webp', 'image/webp', 'webp'],
    ['gif', 'gif', 'image/gif', 'gif'],
    ['gifAnimated', 'gif', 'image/gif', 'gif'],
    ['jpegProgressive', 'jpeg', 'image/jpeg', 'jpg'],
  ] as const)('accepts %s', (name, format, mime, extension) => {
    expect(checkImageBytes(SAMPLE_IMAGES[name])).toEqual({ ok: true, format, mime, extension, width: 3, height: 2 });
  });

  it('accepts zero and 0xFF padding after the end of the image', () => {
    const padding = new Uint8Array(64).fill(0);
    expect(checkImageBytes(concatBytes(fixture('automatic1111_cropped.png'), padding)).ok).toBe(true);
    expect(checkImageBytes(concatBytes(fixture('automatic1111_cropped.jpg'), padding, bytes(0xff, 0xff))).ok).toBe(true);
    expect(checkImageBytes(concatBytes(SAMPLE_IMAGES.gif, padding)).ok).toBe(true);
  });
});

describe('checkImageBytes refuses what is not one of the four formats', () => {
  it.each([
    ['an SVG', textBytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['an SVG with an XML declaration', textBytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['an HTML page', textBytes('<!doctype html><html><script>alert(1)</script></html>')],
    ['a text file (named .png by its sender)', textBytes('just some notes\n')],
    ['a PDF', textBytes('%PDF-1.7\n')],
    ['a BMP', concatBytes(textBytes('BM'), new Uint8Array(60))],
    ['a TIFF', concatBytes(bytes(0x49, 0x49, 0x2a, 0x00), new Uint8Array(60))],
    ['an ICO', concatBytes(bytes(0, 0, 1, 0, 1, 0), new Uint8Array(60))],
    ['an AVIF', concatBytes(bytes(0, 0, 0, 0x1c), textBytes('ftypavif'), new Uint8Array(60))],
    ['a RIFF that is not WebP (WAV)', concatBytes(textBytes('RIFF'), bytes(4, 0, 0, 0), textBytes('WAVE'))],
    ['a single byte', bytes(0xff)],
    ['the start of a PNG signature only', bytes(0x89, 0x50, 0x4e)],
  ])('%s', (_name, file) => {
    expect(checkImageBytes(file)).toEqual({ ok: false, problem: 'unsupported' });
  });

  it('zero bytes is "empty"', () => {
    expect(checkImageBytes(new Uint8Array(0))).toEqual({ ok: false, problem: 'empty' });
  });
});

describe('checkImageBytes refuses truncated files: every cut-off prefix of a complete image', () => {
  it.each([
    ['PNG', fixture('automatic1111_cropped.png')],
    ['JPEG', fixture('automatic1111_cropped.jpg')],
    ['progressive JPEG', SAMPLE_IMAGES.jpegProgressive],
    ['GIF', SAMPLE_IMAGES.gif],
    ['animated GIF', SAMPLE_IMAGES.gifAnimated],
    ['lossy WebP', SAMPLE_IMAGES.webpLossy],
    ['extended WebP', SAMPLE_IMAGES.webpAnimated],
  ])('%s', (_name, whole) => {
    const accepted = [];
    for (let length = 1; length < whole.length; length++) {
      if (checkImageBytes(whole.subarray(0, length)).ok) accepted.push(length);
    }
    expect(accepted).toEqual([]);
    expect(checkImageBytes(whole).ok).toBe(true);
  });

  it('calls a file cut in the middle "damaged"', () => {
    const png = fixture('enslo-sd-webui.png');
    expect(checkImageBytes(png.subarray(0, png.length / 2))).toEqual({ ok: false, problem: 'damaged' });
    const jpeg = fixture('enslo-swarmui.jpg');
    expect(checkImageBytes(jpeg.subarray(0, jpeg.length - 2))).toEqual({ ok: false, problem: 'damaged' });
  });
});

describe('checkImageBytes refuses forged and broken structures', () => {
  const png = fixture('automatic1111_cropped.png');
  const pngSignature = png.subarray(0, 8);
  const ihdr = png.subarray(8, 33);
  const iend = png.subarray(png.length - 12);

  it.each([
    ['a PNG signature followed by HTML', concatBytes(pngSignature, textBytes('<html><script>alert(1)</script></html>'))],
    ['a PNG whose first chunk is not IHDR', concatBytes(pngSignature, png.subarray(33))],
    ['a PNG without image data (IHDR then IEND)', concatBytes(pngSignature, ihdr, iend)],
    ['a PNG with a non-letter chunk type', concatBytes(pngSignature, ihdr, bytes(0, 0, 0, 0, 0x31, 0x32, 0x33, 0x34, 0, 0, 0, 0), iend)],
    [
      'a PNG that says it is 0 pixels wide',
      concatBytes(pngSignature, ihdr.subarray(0, 8), bytes(0, 0, 0, 0), ihdr.subarray(12), png.subarray(33)),
    ],
    ['a JPEG start followed by text', concatBytes(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 4), textBytes('<html>'))],
    ['a JPEG that ends before any scan', bytes(0xff, 0xd8, 0xff, 0xd9)],
    ['a JPEG with a second SOI', bytes(0xff, 0xd8, 0xff, 0xd8, 0xff, 0xd9)],
    ['a GIF header only', textBytes('GIF89a')],
    ['a GIF without an image', concatBytes(textBytes('GIF89a'), bytes(1, 0, 1, 0, 0, 0, 0, 0x3b))],
    ['a GIF with an unknown block', concatBytes(SAMPLE_IMAGES.gif.subarray(0, 32), bytes(0x99, 0x3b))],
    ['a WebP whose RIFF size is larger than the file', SAMPLE_IMAGES.webpLossy.map((b, i) => (i === 4 ? b + 2 : b))],
    ['a WebP with an unknown first chunk', SAMPLE_IMAGES.webpLossy.map((b, i) => (i === 15 ? 0x5a : b))],
    ['a WebP with no chunks at all', concatBytes(textBytes('RIFF'), bytes(4, 0, 0, 0), textBytes('WEBP'))],
    ['a WebP chunk running past the RIFF end', SAMPLE_IMAGES.webpLossless.map((b, i) => (i === 16 ? b + 8 : b))],
  ])('%s is "damaged"', (_name, file) => {
    expect(checkImageBytes(file)).toEqual({ ok: false, problem: 'damaged' });
  });

  // Decision (docs/decisions/0007): anything after the image's end marker is refused, so a
  // complete image cannot carry an appended script or page. Data inside an image is harmless
  // because uploads are served as images with nosniff and default-src 'none'.
  it.each([
    ['a complete GIF with a script after the trailer', concatBytes(SAMPLE_IMAGES.gif, textBytes('<script>alert(1)</script>'))],
    ['a complete GIF with JavaScript ending in ";" after the trailer', concatBytes(SAMPLE_IMAGES.gif, textBytes('=alert(1);'))],
    ['a complete PNG with HTML after IEND', concatBytes(png, textBytes('<html><script>alert(1)</script></html>'))],
    ['a complete JPEG with an archive after EOI', concatBytes(fixture('automatic1111_cropped.jpg'), textBytes('PK\x03\x04zip'))],
    ['a WebP with bytes beyond its RIFF size', concatBytes(SAMPLE_IMAGES.webpLossy, textBytes('<script>'))],
  ])('%s is "trailing-data"', (_name, file) => {
    expect(checkImageBytes(file)).toEqual({ ok: false, problem: 'trailing-data' });
  });
});

describe('sniffImageFormat', () => {
  it('names the format from the first bytes only', () => {
    expect(sniffImageFormat(fixture('automatic1111_cropped.png'))).toBe('png');
    expect(sniffImageFormat(fixture('enslo-swarmui.jpg'))).toBe('jpeg');
    expect(sniffImageFormat(SAMPLE_IMAGES.gif)).toBe('gif');
    expect(sniffImageFormat(textBytes('GIF87a'))).toBe('gif');
    expect(sniffImageFormat(SAMPLE_IMAGES.webpAlpha)).toBe('webp');
    expect(sniffImageFormat(textBytes('<svg/>'))).toBeNull();
    expect(sniffImageFormat(new Uint8Array(0))).toBeNull();
  });
});
