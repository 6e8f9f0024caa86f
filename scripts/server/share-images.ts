// The share-image step of the static build (docs/product.md, Structured data and share previews):
// the pictures link previews show, 1200x630 JPEG, because several sites that unfurl links show
// no WebP. A story's is its cover, whole, on a blurred and darkened copy of itself; a PG gallery's
// is its first image the same way; the site's is the portrait in a circle over the landing page's
// dark background. An image that is missing or cannot be decoded gives way to the default, and
// the default to the theme's colour: a picture never fails the build.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OutputInfo, type ResizeOptions, type Sharp } from 'sharp';
import type { ReadImage } from '#lib/epub/index.ts';
import { shareableImage } from '#lib/gallery-seo.ts';
import { DEFAULT_BACKGROUND_DARK, DEFAULT_PROFILE_IMAGE } from '#lib/profile.ts';
import {
  galleryShareImagePath,
  SHARE_IMAGE_HEIGHT as HEIGHT,
  SHARE_IMAGE_WIDTH as WIDTH,
  SITE_SHARE_IMAGE_PATH,
  storyShareImagePath,
} from '#lib/seo.ts';
import { SLUG_PATTERN } from '#lib/slugs.ts';
import type { ContentSnapshot } from '#lib/snapshot.ts';
import { DEFAULT_COVER } from '#lib/stories.ts';

/** A guard against decompression bombs: never decode more than this (as the upload checks). */
const MAX_INPUT_PIXELS = 50_000_000;
/** The dark theme's page colour (src/styles/global.css), under transparent parts and when nothing else is left. */
const THEME_BACKGROUND = '#0b0c18';
/** Space around the whole cover, and the portrait's size on the site image. */
const MARGIN = 30;
const PORTRAIT = 300;
const JPEG = { quality: 85 } as const;

type Pixels = { data: Buffer; info: OutputInfo };

/** The space a whole picture gets in the frame; the blurred copy around it needs far fewer pixels. */
const FRONT = { width: WIDTH - 2 * MARGIN, height: HEIGHT - 2 * MARGIN };
const BLURRED = { width: 60, height: 32 };

/** An image decoded at the size it takes in the frame; null when there is none or it cannot be. */
async function decode(bytes: Uint8Array | undefined, size: ResizeOptions = { ...FRONT, fit: 'inside' }): Promise<Pixels | null> {
  if (!bytes) return null;
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(size)
      .flatten({ background: THEME_BACKGROUND })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
}

const fromPixels = ({ data, info }: Pixels) => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

/** A picture filling the frame, blurred and darkened: made small and blurred, then enlarged (decision 0045). */
async function blurredBackdrop(picture: Pixels, brightness: number): Promise<Sharp> {
  const small = await fromPixels(picture)
    .resize({ ...BLURRED, fit: 'cover' })
    .blur(1.5)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return fromPixels(small).resize(WIDTH, HEIGHT).modulate({ brightness });
}

/** The whole picture, centred on a blurred, darkened copy of itself that fills the frame. */
async function framed(picture: Pixels): Promise<Buffer> {
  const backdrop = await blurredBackdrop(picture, 0.5);
  return backdrop
    .composite([{ input: picture.data, raw: picture.info, gravity: 'centre' }])
    .jpeg(JPEG)
    .toBuffer();
}

const plain = () => sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: THEME_BACKGROUND } });

/** The site's picture: the portrait in a circle over the dark landing background. */
async function siteImage(background: Pixels | null, portrait: Pixels | null): Promise<Buffer> {
  const base = background ? fromPixels(background).modulate({ brightness: 0.7 }) : plain();
  if (!portrait) return base.jpeg(JPEG).toBuffer();
  const circle = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT}" height="${PORTRAIT}"><circle cx="${PORTRAIT / 2}" cy="${PORTRAIT / 2}" r="${PORTRAIT / 2}"/></svg>`,
  );
  const round = await fromPixels(portrait)
    .composite([{ input: circle, blend: 'dest-in' }])
    .png()
    .toBuffer();
  return base
    .composite([{ input: round, gravity: 'centre' }])
    .jpeg(JPEG)
    .toBuffer();
}

/** One share picture of the site: where it goes, and a digest of the image bytes it is made from. */
export interface SharePicture {
  sitePath: string;
  fingerprint: string;
}

/** The site's share pictures, with the source bytes read once, ready to write all or some of them. */
export interface SharePictures {
  pictures: SharePicture[];
  /** Writes `wanted` (of `pictures`) into the built site at `siteDir`. */
  write(siteDir: string, wanted: readonly SharePicture[]): Promise<void>;
}

const digest = (bytes: Uint8Array | undefined) => (bytes ? createHash('sha256').update(bytes).digest('base64url').slice(0, 22) : '-');

/**
 * The site's, every published story's and every PG gallery's share picture. A picture's
 * fingerprint is a digest of the bytes of the images it is drawn from (the one that stands in
 * included), so a publish draws again only the pictures whose images changed (publish-plan.ts).
 */
export async function sharePictures(snapshot: ContentSnapshot, readImage: ReadImage): Promise<SharePictures> {
  const { profile } = snapshot;
  const siteSources = [profile.background_image_dark || DEFAULT_BACKGROUND_DARK, profile.profile_image || DEFAULT_PROFILE_IMAGE] as const;
  // The database holds only SLUG_PATTERN slugs; checked again because the slug becomes a path.
  const stories = snapshot.stories
    .filter((story) => SLUG_PATTERN.test(story.slug))
    .map((story) => ({ sitePath: storyShareImagePath(story.slug), source: story.cover }));
  const galleries = snapshot.galleries
    .filter((gallery) => SLUG_PATTERN.test(gallery.slug))
    .flatMap((gallery) => {
      const image = shareableImage(gallery);
      return image ? [{ sitePath: galleryShareImagePath(gallery.slug), source: image.thumb_2x }] : [];
    });
  const sources = new Map<string, Uint8Array | undefined>();
  for (const source of [...siteSources, DEFAULT_COVER, ...stories.map((p) => p.source), ...galleries.map((p) => p.source)]) {
    if (!sources.has(source)) sources.set(source, (await readImage(source).catch(() => null))?.bytes);
  }
  const fingerprintOf = (...paths: string[]) =>
    createHash('sha256')
      .update(JSON.stringify(paths.map((p) => digest(sources.get(p)))))
      .digest('base64url')
      .slice(0, 22);
  const site = { sitePath: SITE_SHARE_IMAGE_PATH, fingerprint: fingerprintOf(...siteSources) };
  const framedPictures = [
    ...stories.map((picture) => ({ ...picture, fingerprint: fingerprintOf(picture.source, DEFAULT_COVER), orElse: 'cover' as const })),
    ...galleries.map((picture) => ({ ...picture, fingerprint: fingerprintOf(picture.source, ...siteSources), orElse: 'site' as const })),
  ];

  const write = async (siteDir: string, wanted: readonly SharePicture[]) => {
    const paths = new Set(wanted.map((picture) => picture.sitePath));
    const put = async (sitePath: string, bytes: Buffer) => {
      const file = path.join(siteDir, ...sitePath.split('/'));
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
    };
    const decoded = (sitePath: string, size?: ResizeOptions) => decode(sources.get(sitePath), size);
    // Each picture is drawn once, when first needed: many stories share the default cover.
    const drawn = new Map<string, Promise<Buffer>>();
    const once = (key: string, draw: () => Promise<Buffer>) => {
      if (!drawn.has(key)) drawn.set(key, draw());
      return drawn.get(key)!;
    };
    const sitePicture = () =>
      once(SITE_SHARE_IMAGE_PATH, async () =>
        siteImage(
          await decoded(siteSources[0], { width: WIDTH, height: HEIGHT, fit: 'cover' }),
          await decoded(siteSources[1], { width: PORTRAIT, height: PORTRAIT, fit: 'cover' }),
        ),
      );
    const framedOf = (source: string, orElse: () => Promise<Buffer>) =>
      once(source, async () => {
        const pixels = await decoded(source);
        return pixels ? framed(pixels) : orElse();
      });
    const defaultCover = () => framedOf(DEFAULT_COVER, () => plain().jpeg(JPEG).toBuffer());
    if (paths.has(SITE_SHARE_IMAGE_PATH)) await put(SITE_SHARE_IMAGE_PATH, await sitePicture());
    // One at a time: libvips already uses every core for one image.
    for (const picture of framedPictures) {
      if (paths.has(picture.sitePath))
        await put(picture.sitePath, await framedOf(picture.source, picture.orElse === 'cover' ? defaultCover : sitePicture));
    }
  };
  return { pictures: [site, ...framedPictures.map(({ sitePath, fingerprint }) => ({ sitePath, fingerprint }))], write };
}

/** Writes every share picture into the built site at `siteDir`; how many. */
export async function writeShareImages(siteDir: string, snapshot: ContentSnapshot, readImage: ReadImage): Promise<number> {
  const { pictures, write } = await sharePictures(snapshot, readImage);
  await write(siteDir, pictures);
  return pictures.length;
}
