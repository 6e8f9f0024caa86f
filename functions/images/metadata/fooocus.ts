// Fooocus: `parameters` as JSON (metadata_scheme "fooocus"); with the "a1111" scheme the text
// is A1111-style and parsed as such by the caller.
import { addLora, cleanPrompt, emptyMetadata, isRecord, parseSize, toInteger, toNumber, toSeed, toText } from './result.ts';
import type { GenerationMetadata } from './types.ts';

export function parseFooocus(json: unknown): GenerationMetadata | null {
  if (!isRecord(json) || !('prompt' in json) || !('base_model' in json || 'metadata_scheme' in json)) return null;
  const result = emptyMetadata();
  result.generator = 'fooocus';
  result.prompt = cleanPrompt(json.prompt);
  result.negativePrompt = cleanPrompt(json.negative_prompt);
  result.checkpoint = toText(json.base_model);
  for (const lora of Array.isArray(json.loras) ? json.loras : []) {
    // [name, weight] or [name, weight, hash]; older versions wrote "name : weight".
    if (Array.isArray(lora)) addLora(result.loras, lora[0], toNumber(lora[1]));
    else if (typeof lora === 'string') {
      const [name, weight] = lora.split(' : ');
      addLora(result.loras, name, toNumber(weight));
    }
  }
  const size = parseSize(json.resolution);
  result.settings = {
    steps: toInteger(json.steps),
    sampler: toText(json.sampler),
    scheduler: toText(json.scheduler),
    cfg: toNumber(json.guidance_scale),
    seed: toSeed(json.seed),
    width: size?.[0] ?? null,
    height: size?.[1] ?? null,
  };
  return result;
}
