// Every image of the book is embedded: the cover, the page break and the images in chapters.
// The bytes come from the caller's `readImage` (uploads, the site's own files); the book keeps
// only the formats every EPUB 3 reading system must show (EPUB 3.2 core media types: JPEG, PNG,
// GIF), recognised by their first bytes, never by name. Anything else, and anything that cannot
// be read, is left out and the caller shows its alt text instead.
import { normaliseImagePath } from '../upload-paths.ts';

export interface ImageFile {
  bytes: Uint8Array;
  mediaType: string;
}

/** The bytes of a site image ("/api/uploads/covers/x.jpg", "/images/page-break.png"), or null. */
export type ReadImage = (path: string) => Promise<ImageFile | null>;

export interface EmbeddedImage {
  /** `cover-image`, or named after the image's site path, so it keeps its name whatever the rest of the story shows. */
  id: string;
  /** Relative to the package folder, as documents beside the package refer to it. */
  href: string;
  mediaType: string;
}

/** What shows images: the book's embedder, or a page's record of what it asked for (./pages.ts). */
export interface EmbedImage {
  embed(address: string): Promise<EmbeddedImage | null>;
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' };

/** The core media type the bytes are, or null. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (...magic: number[]) => magic.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  return null;
}

/** Site paths only: no schemes, no `..` or `.` segments, no escapes, nothing a file name would not hold. */
const SITE_PATH = /^\/[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*$/;
function sitePath(address: string): string | null {
  const path = normaliseImagePath(address);
  if (!SITE_PATH.test(path) || path.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  return path;
}

/** `image-` and 64 bits of the path's SHA-256: the same image has the same name in every build. */
async function imageId(path: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(path)));
  return `image-${Array.from(hash.subarray(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Collects the images of one book, each read once however often it is shown. Its bytes are kept
 * until the book takes them (`claim`), in the order its pages show them, and written once.
 */
export class ImageEmbedder implements EmbedImage {
  private readonly readImage: ReadImage;
  private readonly byPath = new Map<string, Promise<EmbeddedImage | null>>();
  private readonly unclaimed = new Map<string, Uint8Array>();
  private readonly claimed: EmbeddedImage[] = [];

  constructor(readImage: ReadImage) {
    this.readImage = readImage;
  }

  /** The embedded copy of the image at `address`, or null when it cannot be embedded (remote, unreadable, other format). */
  embed(address: string, name?: string): Promise<EmbeddedImage | null> {
    const path = sitePath(address);
    if (!path) return Promise.resolve(null);
    let image = this.byPath.get(path);
    if (!image) {
      image = this.load(path, name);
      this.byPath.set(path, image);
    }
    return image;
  }

  private async load(path: string, name: string | undefined): Promise<EmbeddedImage | null> {
    const file = await this.readImage(path).catch(() => null);
    const mediaType = file ? sniffImageType(file.bytes) : null;
    if (!file || !mediaType) return null;
    const id = name ?? (await imageId(path));
    this.unclaimed.set(id, file.bytes);
    return { id, href: `images/${id}.${EXTENSIONS[mediaType]}`, mediaType };
  }

  /** The image's bytes the first time the book shows it, null after: the book writes each image once. */
  claim(image: EmbeddedImage): Uint8Array | null {
    const bytes = this.unclaimed.get(image.id);
    if (!bytes) return null;
    this.unclaimed.delete(image.id);
    this.claimed.push(image);
    return bytes;
  }

  /** The images the book showed, in the order it first showed them. */
  get images(): readonly EmbeddedImage[] {
    return this.claimed;
  }
}
