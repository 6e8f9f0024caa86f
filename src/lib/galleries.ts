// A gallery and a gallery image as the API returns them, shared by the admin, the
// public gallery pages, the static build's snapshot and the server.

export const GALLERY_RATINGS = ['PG', 'X'] as const;
export type GalleryRating = (typeof GALLERY_RATINGS)[number];
export const DEFAULT_GALLERY_RATING: GalleryRating = 'PG';

/** A hero this wide (width / height) spans the whole row of the gallery list. */
export const WIDE_HERO_RATIO = 2.2;

export interface Gallery {
  id: number;
  slug: string;
  title: string;
  description: string;
  rating: GalleryRating;
  image_count: number;
  like_count: number;
  comment_count: number;
  /** The image the admin chose as the hero; null: the first image in the gallery's order is. */
  hero_image_id: number | null;
  /** The hero image's thumbnail (the chosen hero, else the gallery's first image); null when it has no images. */
  hero_thumb: string | null;
  hero_width: number | null;
  hero_height: number | null;
  created_at: string;
  updated_at: string;
}

/** Generation settings read from the file (null: the file did not say). */
export interface GenerationSettings {
  steps: number | null;
  sampler: string | null;
  scheduler: string | null;
  cfg: number | null;
  /** A string: seeds exceed JavaScript's safe integers. */
  seed: string | null;
  /** The generation size from the metadata (may differ from the pixels: hires fix, crops). */
  width: number | null;
  height: number | null;
  /**
   * The size after a hires-fix or upscale pass the metadata records (left out: none recorded),
   * shown as "1024×1024, upscaled to 1536×1536".
   */
  upscaled_width?: number | null;
  upscaled_height?: number | null;
}

export interface LoraUse {
  name: string;
  /** The model strength; null when the file names the LoRA without a weight. */
  weight: number | null;
}

/** Which tool wrote the metadata. */
export type Generator =
  | 'automatic1111'
  | 'comfyui'
  | 'novelai'
  | 'invokeai'
  | 'fooocus'
  | 'ruined-fooocus'
  | 'swarmui'
  | 'civitai'
  | 'tensorart'
  | 'hf-space'
  /** Content credentials (C2PA) name the tool but carry no generation settings. */
  | 'c2pa';

export interface GalleryImage {
  id: number;
  gallery_id: number;
  /** The original file, as uploaded: /api/uploads/galleries/… */
  src: string;
  /** WebP thumbnail about 480 px wide. */
  thumb: string;
  /** WebP thumbnail about 960 px wide, for srcset (2x). */
  thumb_2x: string;
  /** A tiny blurred WebP as a data: URL, shown while the thumbnail loads. */
  placeholder: string;
  /** The title, or the file name from src when none is set. */
  title: string;
  /** The title as stored (null: none set); the admin edits this one. */
  stored_title: string | null;
  /** The uploaded file's name, for the admin's title placeholder (without its extension there). */
  original_name: string;
  alt_text: string | null;
  prompt: string | null;
  /** The negative prompt (docs/product.md, Shapes kept for older clients). */
  parameters: string | null;
  checkpoint: string | null;
  /** LoRA names. */
  loras: string[];
  /** The same LoRAs with their weights. */
  lora_weights: LoraUse[];
  settings: GenerationSettings;
  generator: Generator | null;
  /** The tool the file's content credentials name ("Made with ChatGPT"); null: none. */
  made_with: string | null;
  /** Pixel size of the original. */
  width: number;
  height: number;
  like_count: number;
  comment_count: number;
  created_at: string;
}

/** GET /api/images/gallery-list answer. */
export interface GalleryImagePage {
  success: true;
  images: GalleryImage[];
  total: number;
  page: number;
  limit: number;
}

/** Page sizes (docs/product.md, Limits). */
export const PUBLIC_IMAGE_PAGE_SIZE = 20;
export const ADMIN_IMAGE_LIMIT = 100;
export const PUBLIC_GALLERY_LIST_LIMIT = 1000;

/** The longest gallery search the API takes (the search box stops there too). */
export const GALLERY_SEARCH_MAX_LENGTH = 200;

/** What the Gallery Manager's file picker offers. */
export const GALLERY_UPLOAD_ACCEPT = '.png,.jpg,.jpeg,.webp';
