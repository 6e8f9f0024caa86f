// The generation metadata read from a file, made fit for the gallery_images row. It comes from
// the file, so it is untrusted: text is stored as plain text (the pages render it as text), NUL
// characters (which Postgres text cannot hold) are dropped, and sizes are capped so a
// multi-megabyte workflow cannot bloat the row or the search index.
import type { HiddenText } from '#core/images.ts';
import type { GenerationSettings, LoraUse } from '#lib/galleries.ts';
import { extractGenerationMetadata, type GenerationMetadata } from './metadata/index.ts';
import { emptyMetadata } from './metadata/result.ts';

/** Real prompts run to a few thousand characters; anything longer is cut here. */
const PROMPT_MAX_LENGTH = 20_000;
/** The gallery_images.checkpoint column's limit. */
const CHECKPOINT_MAX_LENGTH = 500;
const NAME_MAX_LENGTH = 200;
const SETTING_MAX_LENGTH = 100;
/** The gallery_images.made_with column's limit. */
const MADE_WITH_MAX_LENGTH = 100;
const MAX_LORAS = 50;

function plainText(value: string | null, max: number): string | null {
  if (value === null) return null;
  // toWellFormed: a lone surrogate (or one left by the cut) would make the jsonb columns refuse the row.
  const text = value.replace(/\0/g, '').slice(0, max).toWellFormed();
  return text.trim() === '' ? null : text;
}

const finite = (value: number | null) => (value !== null && Number.isFinite(value) ? value : null);
const positiveInteger = (value: number | null) =>
  value !== null && Number.isInteger(value) && value > 0 && value < 2 ** 31 ? value : null;

function cleanSettings(settings: GenerationSettings): GenerationSettings {
  const clean: GenerationSettings = {
    steps: positiveInteger(settings.steps),
    sampler: plainText(settings.sampler, SETTING_MAX_LENGTH),
    scheduler: plainText(settings.scheduler, SETTING_MAX_LENGTH),
    cfg: finite(settings.cfg),
    seed: plainText(settings.seed, SETTING_MAX_LENGTH),
    width: positiveInteger(settings.width),
    height: positiveInteger(settings.height),
  };
  // The upscaled size only with both sides, and left out when no pass is recorded.
  const upscaledWidth = positiveInteger(settings.upscaled_width ?? null);
  const upscaledHeight = positiveInteger(settings.upscaled_height ?? null);
  if (upscaledWidth !== null && upscaledHeight !== null) {
    clean.upscaled_width = upscaledWidth;
    clean.upscaled_height = upscaledHeight;
  }
  return clean;
}

function cleanLoras(loras: readonly LoraUse[]): LoraUse[] {
  const clean: LoraUse[] = [];
  for (const lora of loras.slice(0, MAX_LORAS)) {
    const name = plainText(lora.name, NAME_MAX_LENGTH)?.trim();
    if (name) clean.push({ name, weight: finite(lora.weight) });
  }
  return clean;
}

/** The reader never throws by contract; this guard keeps an upload safe even if it did. */
async function readMetadata(bytes: Uint8Array, hidden: HiddenText | null): Promise<GenerationMetadata> {
  try {
    return await extractGenerationMetadata(bytes, undefined, hidden);
  } catch (error) {
    console.error('[gallery-upload] metadata reader failed:', error);
    return emptyMetadata();
  }
}

/** The metadata columns of a new gallery_images row; `hidden`: text the image processor found in the pixels. */
export async function metadataColumns(bytes: Uint8Array, hidden: HiddenText | null = null) {
  const metadata = await readMetadata(bytes, hidden);
  const loras = cleanLoras(metadata.loras);
  return {
    generator: metadata.generator,
    prompt: plainText(metadata.prompt, PROMPT_MAX_LENGTH),
    negative_prompt: plainText(metadata.negativePrompt, PROMPT_MAX_LENGTH),
    checkpoint: plainText(metadata.checkpoint, CHECKPOINT_MAX_LENGTH),
    loras: loras.map((lora) => lora.name),
    lora_weights: JSON.stringify(loras),
    settings: JSON.stringify(cleanSettings(metadata.settings)),
    made_with: plainText(metadata.madeWith ?? null, MADE_WITH_MAX_LENGTH)?.trim() || null,
  };
}
