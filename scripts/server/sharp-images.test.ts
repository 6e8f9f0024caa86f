import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UndecodableImageError } from '#core/images.ts';
import { sharpImages } from './sharp-images.ts';

const png = async (width: number, height: number) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 4, background: '#336699' } })
      .png()
      .toBuffer(),
  );
const widthOf = async (bytes: Uint8Array) => (await sharp(bytes).metadata()).width;

describe('sharpImages.renditions', () => {
  it('makes 480 and 960 px wide WebP thumbnails and a tiny WebP placeholder', async () => {
    const result = await sharpImages.renditions(await png(3000, 2000));
    expect([result.width, result.height]).toEqual([3000, 2000]);
    expect((await sharp(result.thumb).metadata()).format).toBe('webp');
    expect([await widthOf(result.thumb), await widthOf(result.thumb2x)]).toEqual([480, 960]);
    expect(result.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(result.placeholder.length).toBeLessThan(600);
  });

  it('never enlarges a small image, and keeps very tall thumbnails at most four widths high', async () => {
    const small = await sharpImages.renditions(await png(300, 200));
    expect([await widthOf(small.thumb), await widthOf(small.thumb2x)]).toEqual([300, 300]);
    const tall = await sharpImages.renditions(await png(1000, 20000));
    expect((await sharp(tall.thumb).metadata()).height).toBe(1920);
  });

  it('reports the size as displayed for a rotated JPEG (EXIF orientation 6)', async () => {
    const jpeg = new Uint8Array(
      await sharp({ create: { width: 40, height: 20, channels: 3, background: '#000' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    );
    const result = await sharpImages.renditions(jpeg);
    expect([result.width, result.height]).toEqual([20, 40]);
  });

  it('throws UndecodableImageError for bytes it cannot decode', async () => {
    await expect(sharpImages.renditions(new TextEncoder().encode('not an image'))).rejects.toBeInstanceOf(UndecodableImageError);
  });
});
