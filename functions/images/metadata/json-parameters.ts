// `parameters` written as JSON with a tool's own keys (in a PNG chunk, or the whole UserComment of
// a JPEG/WebP): Hugging Face Spaces built on Gradio + diffusers (Animagine and the like) and
// RuinedFooocus. Fooocus's own JSON is read by fooocus.ts.
import { addLora, cleanPrompt, emptyMetadata, isRecord, parseSize, toInteger, toNumber, toSeed, toText } from './result.ts';
import type { GenerationMetadata } from './types.ts';

/** Real LoRA lists hold a handful. */
const MAX_LORAS = 100;

/** { prompt, negative_prompt, resolution: "1024 x 1024", guidance_scale, num_inference_steps, seed, sampler, Model, use_upscaler }. */
export function parseHfSpace(json: unknown): GenerationMetadata | null {
  if (!isRecord(json) || typeof json.prompt !== 'string') return null;
  if (!('num_inference_steps' in json) && !('Model' in json && 'resolution' in json)) return null;
  const result = emptyMetadata();
  result.generator = 'hf-space';
  result.prompt = cleanPrompt(json.prompt);
  result.negativePrompt = cleanPrompt(json.negative_prompt);
  result.checkpoint = toText(json.Model);
  const size = parseSize(json.resolution);
  result.settings = {
    steps: toInteger(json.num_inference_steps),
    sampler: toText(json.sampler),
    scheduler: null,
    cfg: toNumber(json.guidance_scale),
    seed: toSeed(json.seed),
    width: size?.[0] ?? null,
    height: size?.[1] ?? null,
  };
  // The upscaler pass: { upscale_by, new_resolution: "1536 x 1536" } (null when it was off).
  const upscaler = json.use_upscaler;
  if (isRecord(upscaler) && size) {
    const by = toNumber(upscaler.upscale_by);
    const upscaled =
      parseSize(upscaler.new_resolution) ?? (by !== null && by > 0 ? [Math.round(size[0] * by), Math.round(size[1] * by)] : null);
    if (upscaled) [result.settings.upscaled_width, result.settings.upscaled_height] = upscaled;
  }
  return result;
}

/** { Prompt, Negative, steps, cfg, width, height, seed, sampler_name, scheduler, base_model_name, loras, software: "RuinedFooocus" }. */
export function parseRuinedFooocus(json: unknown): GenerationMetadata | null {
  if (!isRecord(json) || (json.software !== 'RuinedFooocus' && !('Prompt' in json && 'base_model_name' in json))) return null;
  const result = emptyMetadata();
  result.generator = 'ruined-fooocus';
  result.prompt = cleanPrompt(json.Prompt);
  result.negativePrompt = cleanPrompt(json.Negative);
  result.checkpoint = toText(json.base_model_name);
  for (const lora of Array.isArray(json.loras) ? json.loras.slice(0, MAX_LORAS) : []) {
    if (isRecord(lora)) addLora(result.loras, lora.name, toNumber(lora.weight));
    else if (Array.isArray(lora)) addLora(result.loras, lora[0], toNumber(lora[1]));
  }
  result.settings = {
    steps: toInteger(json.steps),
    sampler: toText(json.sampler_name),
    scheduler: toText(json.scheduler),
    cfg: toNumber(json.cfg),
    seed: toSeed(json.seed),
    width: toInteger(json.width),
    height: toInteger(json.height),
  };
  return result;
}
