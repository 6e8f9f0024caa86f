// TensorArt: a ComfyUI API graph (`prompt` chunk) whose loaders name models by internal ids
// (EMS-1401459-EMS.safetensors), and the request in a `generation_data` chunk, which names the
// checkpoint as the person chose it (baseModel.modelFileName). The graph's settings win (the
// request's seed is -1 when it was random); the request gives the checkpoint's name and fills gaps.
import { cleanPrompt, emptyMetadata, fillGaps, isRecord, toInteger, toNumber, toSeed, toText } from './result.ts';
import type { GenerationMetadata } from './types.ts';

export function withTensorArt(reading: GenerationMetadata | null, data: unknown): GenerationMetadata | null {
  if (!isRecord(data)) return reading;
  const request = readRequest(data);
  if (!reading && request.prompt === null) return null;
  const merged = reading ? fillGaps(reading, request) : request;
  return { ...merged, checkpoint: request.checkpoint ?? merged.checkpoint, generator: 'tensorart' };
}

function readRequest(data: Record<string, unknown>): GenerationMetadata {
  const result = emptyMetadata();
  result.prompt = cleanPrompt(data.prompt);
  result.negativePrompt = cleanPrompt(data.negativePrompt);
  result.checkpoint = isRecord(data.baseModel) ? toText(data.baseModel.modelFileName) : null;
  const seed = toSeed(data.seed);
  result.settings = {
    steps: toInteger(data.steps),
    sampler: toText(data.ksamplerName),
    scheduler: toText(data.schedule),
    cfg: toNumber(data.cfgScale),
    seed: seed === '-1' ? null : seed,
    width: toInteger(data.width),
    height: toInteger(data.height),
  };
  return result;
}
