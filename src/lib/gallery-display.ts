// How a gallery image and a gallery card are shown: the prompts as the visitor
// reads and copies them, the LoRA chips, the thumbnail's srcset, the wide-hero rule, the
// default title, the size and "Made with" lines, the rating badge and the description's plain text.
import { markdownToPlainText, truncate } from './chapter-text.ts';
import { type Gallery, type GalleryImage, type GenerationSettings, WIDE_HERO_RATIO } from './galleries.ts';
import { splitPromptForDisplay } from './prompt-display.ts';

export interface DisplayedPrompts {
  prompt: string;
  negative: string;
}

/**
 * The positive and negative prompt. A prompt stored as raw text with its labels and no separate
 * negative (older uploads, some generators) is split by the rules of docs/product.md, How a prompt is shown.
 */
export function displayedPrompts(image: Pick<GalleryImage, 'prompt' | 'parameters'>): DisplayedPrompts {
  const prompt = image.prompt?.trim() ?? '';
  const negative = image.parameters?.trim() ?? '';
  if (negative || !prompt) return { prompt, negative };
  const split = splitPromptForDisplay(prompt);
  return { prompt: split.prompt.trim(), negative: split.negative.trim() };
}

/** One chip per LoRA: its name, with the weight when the file gave one. */
export function loraChips(image: Pick<GalleryImage, 'loras' | 'lora_weights'>): string[] {
  if (image.lora_weights?.length) {
    return image.lora_weights.map(({ name, weight }) => (weight === null ? name : `${name} ${weight}`));
  }
  return image.loras ?? [];
}

/** The thumbnail's srcset (480w and 960w); none when there is no distinct 2x copy. */
export function thumbSrcset(image: Pick<GalleryImage, 'thumb' | 'thumb_2x'>): string | undefined {
  if (!image.thumb || !image.thumb_2x || image.thumb_2x === image.thumb) return undefined;
  return `${image.thumb} 480w, ${image.thumb_2x} 960w`;
}

/** Rendered width of a grid thumbnail (src/styles/gallery.css: one column on phones, ~22rem cells). */
export const GRID_THUMB_SIZES = '(max-width: 40rem) calc(100vw - 2.5rem), (max-width: 72rem) 45vw, 22rem';

/**
 * An inert image of the given proportions (an SVG data: URL, never a request): it holds a
 * thumbnail's box before the thumbnail loads, or while an X gallery waits behind the 18+ gate.
 */
export function ratioBox(width: number, height: number): string {
  const w = Math.max(1, Math.round(width) || 1);
  const h = Math.max(1, Math.round(height) || 1);
  return `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}"/>`)}`;
}

/** A hero at least 2.2 times as wide as high spans the whole row. */
export function isWideHero(gallery: Pick<Gallery, 'hero_width' | 'hero_height'>): boolean {
  const { hero_width: width, hero_height: height } = gallery;
  return !!width && !!height && width / height >= WIDE_HERO_RATIO;
}

/** "1 image", "3 likes": a count with its noun. */
export function countLabel(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

/**
 * The title an image shows until the author sets one: the name its file was uploaded with,
 * without the extension ("Neon alley.png" -> "Neon alley"); a name that is only an extension stays whole.
 */
export function titleFromFileName(fileName: string): string {
  return fileName.replace(/(.)\.[^.]*$/, '$1');
}

/** The generation size, with the size after a hires or upscale pass when one is recorded. */
export function settingsSize(settings: Pick<GenerationSettings, 'width' | 'height' | 'upscaled_width' | 'upscaled_height'>): string | null {
  const size = (width: number | null | undefined, height: number | null | undefined) => (width && height ? `${width}×${height}` : null);
  const generated = size(settings.width, settings.height);
  const upscaled = size(settings.upscaled_width, settings.upscaled_height);
  if (generated && upscaled && upscaled !== generated) return `${generated}, upscaled to ${upscaled}`;
  return generated ?? upscaled;
}

/** The tool an image's content credentials name, shown as "Made with ChatGPT"; null when they name none. */
export function madeWith(image: Pick<GalleryImage, 'made_with'>): string | null {
  return image.made_with?.trim() || null;
}

/** The admin's rating badge: a label that reads as one ("18+ X"), never a lone "X" that looks like a close button. */
export function ratingBadgeLabel(rating: Gallery['rating']): string {
  return rating === 'X' ? '18+ X' : rating;
}

/** A gallery description's Markdown as the plain text a card, a search result or a share preview shows. */
export function descriptionText(markdown: string, max?: number): string {
  const text = markdownToPlainText(markdown).replace(/\s+/g, ' ').trim();
  return max === undefined ? text : truncate(text, max);
}
