import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadImage } from '#lib/epub/index.ts';
import { testPng, testStory } from '#lib/epub/test-story.ts';
import type { GalleryImage } from '#lib/galleries.ts';
import { FALLBACK_PROFILE } from '#lib/profile.ts';
import type { ContentSnapshot, SnapshotGallery } from '#lib/snapshot.ts';
import { siteImageReader } from './epub-files.ts';
import { sharePictures, writeShareImages } from './share-images.ts';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');

/** A PNG whose header claims `width` × `height` (the CRC fixed), as a decompression bomb would. */
function claimedSizePng(width: number, height: number): Uint8Array {
  const png = testPng(4, 4);
  const view = new DataView(png.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  view.setUint32(29, zlib.crc32(png.subarray(12, 29)));
  return png;
}

const uploads: Record<string, Uint8Array> = {
  '/api/uploads/covers/red.png': testPng(300, 450, [200, 30, 30]),
  '/api/uploads/covers/corrupt.jpg': new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]),
  '/api/uploads/covers/huge.png': claimedSizePng(20_000, 20_000),
  '/api/uploads/galleries/duck-960.png': testPng(960, 540, [30, 120, 200]),
};
const publicImages = siteImageReader({ publicDir: PUBLIC_DIR, storage: null });
const readImage: ReadImage = async (sitePath) => {
  const bytes = uploads[sitePath];
  return bytes ? { bytes, mediaType: 'image/png' } : publicImages(sitePath);
};

const story = (slug: string, cover: string, overrides = {}) => testStory([], { slug, title: slug, cover, ...overrides });
const duck = { thumb_2x: '/api/uploads/galleries/duck-960.png' } as GalleryImage;
const gallery = (slug: string, rating: 'PG' | 'X') => ({ slug, rating, images: [duck], hero: duck }) as SnapshotGallery;

const snapshot: ContentSnapshot = {
  generatedAt: '2026-01-01T00:00:00.000Z',
  profile: FALLBACK_PROFILE,
  socials: {} as ContentSnapshot['socials'],
  stories: [
    story('red', '/api/uploads/covers/red.png'),
    story('plain', '/images/default-cover.jpg'),
    story('corrupt', '/api/uploads/covers/corrupt.jpg'),
    story('huge', '/api/uploads/covers/huge.png'),
    story('missing', '/api/uploads/covers/gone.png'),
    story('../escape', '/api/uploads/covers/red.png'),
  ],
  galleries: [gallery('ducks', 'PG'), gallery('after-dark', 'X')],
  follow_by_email: false,
};

let siteDir: string;
let result: Awaited<ReturnType<typeof writeShareImages>>;
beforeAll(async () => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'share-images-test-'));
  result = await writeShareImages(siteDir, snapshot, readImage);
});
afterAll(() => fs.rmSync(siteDir, { recursive: true, force: true }));

const read = (file: string) => fs.readFileSync(path.join(siteDir, file));

describe('writeShareImages', () => {
  it.each(['share/site.jpg', 'share/story/red.jpg', 'share/story/plain.jpg', 'share/gallery/ducks.jpg'])(
    '%s is a 1200x630 JPEG',
    async (file) => {
      const meta = await sharp(read(file)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    },
  );

  it('shows the whole cover in the middle, on a darker copy of itself', async () => {
    const { data, info } = await sharp(read('share/story/red.jpg')).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const [r, g, b] = at(600, 315) as [number, number, number];
    expect(r).toBeGreaterThan(170);
    expect(g + b).toBeLessThan(100);
    const [edgeR] = at(20, 315) as [number];
    expect(edgeR).toBeLessThan(r * 0.7);
  });

  it('gives a corrupt, oversized or missing cover the default cover, and the build goes on', () => {
    const fallback = read('share/story/plain.jpg');
    for (const slug of ['corrupt', 'huge', 'missing']) expect(read(`share/story/${slug}.jpg`).equals(fallback)).toBe(true);
    expect(read('share/story/red.jpg').equals(fallback)).toBe(false);
  });

  it('makes none for an X gallery or a slug that is not one', () => {
    expect(fs.existsSync(path.join(siteDir, 'share/gallery/after-dark.jpg'))).toBe(false);
    expect(fs.readdirSync(path.join(siteDir, 'share/story')).sort()).toEqual([
      'corrupt.jpg',
      'huge.jpg',
      'missing.jpg',
      'plain.jpg',
      'red.jpg',
    ]);
    expect(fs.readdirSync(siteDir)).toEqual(['share']);
    expect(result).toBe(7);
  });
});

describe('sharePictures', () => {
  const fingerprints = async (reader: ReadImage, content = snapshot) =>
    Object.fromEntries((await sharePictures(content, reader)).pictures.map((picture) => [picture.sitePath, picture.fingerprint]));

  it('changes the fingerprint of exactly the pictures whose image bytes changed', async () => {
    const before = await fingerprints(readImage);
    const recoloured: ReadImage = async (sitePath) =>
      sitePath === '/api/uploads/covers/red.png'
        ? { bytes: testPng(300, 450, [20, 200, 30]), mediaType: 'image/png' }
        : readImage(sitePath);
    const after = await fingerprints(recoloured);
    const changed = Object.keys(before).filter((sitePath) => before[sitePath] !== after[sitePath]);
    expect(changed).toEqual(['/share/story/red.jpg']);
    expect(await fingerprints(readImage)).toEqual(before);
  });

  it('gives a new profile portrait a new site picture and new gallery pictures (they stand in with it), not new story pictures', async () => {
    const before = await fingerprints(readImage);
    const portrait = { ...snapshot, profile: { ...snapshot.profile, profile_image: '/api/uploads/covers/red.png' } };
    const after = await fingerprints(readImage, portrait);
    expect(after['/share/site.jpg']).not.toBe(before['/share/site.jpg']);
    expect(after['/share/gallery/ducks.jpg']).not.toBe(before['/share/gallery/ducks.jpg']);
    expect(after['/share/story/red.jpg']).toBe(before['/share/story/red.jpg']);
  });

  it('writes only the pictures asked for, each as the whole set would have it', async () => {
    const only = fs.mkdtempSync(path.join(os.tmpdir(), 'share-images-some-'));
    try {
      const { pictures, write } = await sharePictures(snapshot, readImage);
      await write(
        only,
        pictures.filter((picture) => picture.sitePath.startsWith('/share/gallery/')),
      );
      expect(fs.readdirSync(path.join(only, 'share'))).toEqual(['gallery']);
      expect(fs.readFileSync(path.join(only, 'share/gallery/ducks.jpg')).equals(read('share/gallery/ducks.jpg'))).toBe(true);
    } finally {
      fs.rmSync(only, { recursive: true, force: true });
    }
  });
});
