// `npm run icons`: renders the site's icon (public/favicon.svg) into the files that browsers,
// phones and crawlers ask for by name: /favicon.ico, /icons/icon-192.png, /icons/icon-512.png,
// /icons/icon-maskable-512.png and /icons/apple-touch-icon.png. The artwork is fixed, so the
// files are committed; run this again after changing the SVG.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
/** The icon's own background (the rect in favicon.svg): fills the corners where a square is wanted. */
const ICON_BACKGROUND = '#141530';

/**
 * An ICO file holding PNG images (allowed since Windows Vista and read by every browser): a
 * 6-byte header, a 16-byte directory entry per image, then the PNG files as they are.
 */
export function icoFromPngs(images: { size: number; png: Uint8Array }[]): Uint8Array {
  const header = 6 + 16 * images.length;
  const out = new Uint8Array(header + images.reduce((sum, image) => sum + image.png.length, 0));
  const view = new DataView(out.buffer);
  view.setUint16(2, 1, true); // type 1: icon
  view.setUint16(4, images.length, true);
  let offset = header;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    view.setUint8(entry, size >= 256 ? 0 : size); // 0 means 256
    view.setUint8(entry + 1, size >= 256 ? 0 : size);
    view.setUint16(entry + 4, 1, true); // colour planes
    view.setUint16(entry + 6, 32, true); // bits per pixel
    view.setUint32(entry + 8, png.length, true);
    view.setUint32(entry + 12, offset, true);
    out.set(png, offset);
    offset += png.length;
  });
  return out;
}

const render = (svg: Buffer, size: number) =>
  sharp(svg, { density: 72 * (size / 32) })
    .resize(size, size)
    .png()
    .toBuffer();

/** The artwork at `inner` pixels centred on a filled square: no transparent corners (maskable icons keep a safe zone). */
async function onSquare(svg: Buffer, size: number, inner: number): Promise<Buffer> {
  const art = await render(svg, inner);
  const offset = Math.round((size - inner) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background: ICON_BACKGROUND } })
    .composite([{ input: art, left: offset, top: offset }])
    .png()
    .toBuffer();
}

async function main(): Promise<void> {
  const svg = await fs.readFile(path.join(publicDir, 'favicon.svg'));
  const icons = path.join(publicDir, 'icons');
  await fs.mkdir(icons, { recursive: true });
  await fs.writeFile(path.join(icons, 'icon-192.png'), await render(svg, 192));
  await fs.writeFile(path.join(icons, 'icon-512.png'), await render(svg, 512));
  // The safe zone of a maskable icon is the centred circle of 80% of its width.
  await fs.writeFile(path.join(icons, 'icon-maskable-512.png'), await onSquare(svg, 512, 384));
  await fs.writeFile(path.join(icons, 'apple-touch-icon.png'), await onSquare(svg, 180, 180));
  const small = await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await render(svg, size) })));
  await fs.writeFile(path.join(publicDir, 'favicon.ico'), icoFromPngs(small));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
