// SwarmUI: `sui_image_params` JSON (a PNG text chunk, or the JPEG/WebP EXIF UserComment).
import { addLora, cleanPrompt, emptyMetadata, isRecord, toInteger, toNumber, toSeed, toText } from './result.ts';
import type { GenerationMetadata } from './types.ts';

export function parseSwarmUi(json: unknown): GenerationMetadata | null {
  const params = isRecord(json) && isRecord(json.sui_image_params) ? json.sui_image_params : null;
  if (!params) return null;
  const result = emptyMetadata();
  result.generator = 'swarmui';
  result.prompt = cleanPrompt(params.prompt);
  result.negativePrompt = cleanPrompt(params.negativeprompt);
  result.checkpoint = toText(params.model);
  const names = Array.isArray(params.loras) ? params.loras : [];
  const weights = Array.isArray(params.loraweights) ? params.loraweights : [];
  for (const [i, name] of names.entries()) addLora(result.loras, name, toNumber(weights[i]));
  result.settings = {
    steps: toInteger(params.steps),
    sampler: toText(params.sampler),
    scheduler: toText(params.scheduler),
    cfg: toNumber(params.cfgscale),
    seed: toSeed(params.seed),
    width: toInteger(params.width),
    height: toInteger(params.height),
  };
  return result;
}
