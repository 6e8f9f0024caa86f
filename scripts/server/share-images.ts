// The share-image step of the static build (docs/product.md, Structured data and share previews):
// the pictures link previews show, 1200x630 JPEG, because several sites that unfurl links show
// no WebP. A story's is its cover, whole, on a blurred and darkened copy of itself; a PG gallery's
// is its first image the same way; the site's is the portrait in a circle over the landing page's
// dark background. An image that is missing or cannot be decoded gives way to the default, and
// the default to the theme's colour: a picture never fails the build.
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

/** The image at `sitePath` decoded once, at the size it takes in the frame; null when it cannot be. */
async function decode(readImage: ReadImage, sitePath: string, size: ResizeOptions = { ...FRONT, fit: 'inside' }): Promise<Pixels | null> {
  try {
    const file = await readImage(sitePath);
    if (!file) return null;
    return await sharp(file.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
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

export interface ShareStepResult {
  images: number;
  ms: number;
}

/** Writes the site's, every published story's and every PG gallery's share image into the built site at `siteDir`. */
export async function writeShareImages(siteDir: string, snapshot: ContentSnapshot, readImage: ReadImage): Promise<ShareStepResult> {
  const started = performance.now();
  const write = async (sitePath: string, bytes: Buffer) => {
    const file = path.join(siteDir, ...sitePath.split('/'));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
  };
  // Many stories share the default cover: each source becomes a picture once.
  const made = new Map<string, Promise<Buffer>>();
  const pictureOf = (sitePath: string, orElse: () => Promise<Buffer>) => {
    let picture = made.get(sitePath);
    if (!picture) {
      picture = decode(readImage, sitePath).then((pixels) => (pixels ? framed(pixels) : orElse()));
      made.set(sitePath, picture);
    }
    return picture;
  };
  const defaultCover = () => pictureOf(DEFAULT_COVER, () => plain().jpeg(JPEG).toBuffer());

  const { profile } = snapshot;
  const [background, portrait] = await Promise.all([
    decode(readImage, profile.background_image_dark || DEFAULT_BACKGROUND_DARK, { width: WIDTH, height: HEIGHT, fit: 'cover' }),
    decode(readImage, profile.profile_image || DEFAULT_PROFILE_IMAGE, { width: PORTRAIT, height: PORTRAIT, fit: 'cover' }),
  ]);
  const site = await siteImage(background, portrait);
  await write(SITE_SHARE_IMAGE_PATH, site);
  let images = 1;
  // The database holds only SLUG_PATTERN slugs; checked again because the slug becomes a path.
  // One at a time: libvips already uses every core for one image.
  for (const story of snapshot.stories.filter((candidate) => SLUG_PATTERN.test(candidate.slug))) {
    await write(storyShareImagePath(story.slug), await pictureOf(story.cover, defaultCover));
    images += 1;
  }
  for (const gallery of snapshot.galleries.filter((candidate) => SLUG_PATTERN.test(candidate.slug))) {
    const image = shareableImage(gallery);
    if (!image) continue;
    await write(galleryShareImagePath(gallery.slug), await pictureOf(image.thumb_2x, async () => site));
    images += 1;
  }
  return { images, ms: Math.round(performance.now() - started) };
}
