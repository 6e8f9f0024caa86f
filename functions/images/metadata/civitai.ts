// Civitai's on-site generator: a ComfyUI API graph whose loaders name their models by AIR urns
// (urn:air:sdxl:checkpoint:civitai:827184@2514310), beside it `extra.airs` (every resource used)
// and `extraMetadata` (a JSON string: the request's prompt, negative, size, sampling). In a JPEG
// all of it is one object in the UserComment; in a PNG the graph is the `prompt` chunk and
// `extraMetadata` may be a chunk of its own. The graph describes what ran; the request fills what
// the graph lacks: all of it when the graph is an upscale pass without a sampler.
import { addLora, cleanPrompt, emptyMetadata, fillGaps, isRecord, toInteger, toNumber, toSeed, toText } from './result.ts';
import type { MetadataSources } from './sources.ts';
import type { GenerationMetadata } from './types.ts';

/** Real AIRs run to about 60 characters; a longer text is no AIR and is not matched at all. */
const MAX_AIR_LENGTH = 200;
/** Resources looked at in `extra.airs` and `extraMetadata.resources`. */
const MAX_RESOURCES = 100;
const AIR = /^urn:air:[\w.-]+:([\w-]+):[\w-]+:[\w./-]+?(?:@([\w.-]+?))?(?:\.\w+)?$/i;

export interface Air {
  type: string;
  version: string | null;
}

/** An AIR's resource type and version id; null when the text is no AIR. */
export function parseAir(text: unknown): Air | null {
  if (typeof text !== 'string' || text.length > MAX_AIR_LENGTH) return null;
  const match = AIR.exec(text.trim());
  return match ? { type: match[1]!.toLowerCase(), version: match[2] ?? null } : null;
}

interface CivitaiExtras {
  airs: string[];
  request: Record<string, unknown> | null;
}

/** The Civitai members of a file: found in the graph object, else as texts of their own. */
export async function civitaiExtras(graph: unknown, sources: MetadataSources): Promise<CivitaiExtras | null> {
  const extra = isRecord(graph) && isRecord(graph.extra) ? graph.extra : await sources.json('extra');
  const airs = isRecord(extra) && Array.isArray(extra.airs) ? extra.airs.slice(0, MAX_RESOURCES).filter((a) => parseAir(a)) : [];
  const inGraph = isRecord(graph) ? graph.extraMetadata : undefined;
  const request = typeof inGraph === 'string' ? await sources.parse(inGraph) : await sources.json('extraMetadata');
  if (airs.length === 0 && !isRecord(request)) return null;
  return { airs: airs as string[], request: isRecord(request) ? request : null };
}

/** The graph's reading (or none) completed from the Civitai members; null when neither says anything. */
export function withCivitai(reading: GenerationMetadata | null, extras: CivitaiExtras): GenerationMetadata | null {
  const fromRequest = extras.request ? readRequest(extras.request) : emptyMetadata();
  const resources = fromAirs(extras.airs, extras.request);
  const base = reading ?? fromRequest;
  // A loader's text that only pretends to be an AIR (a hostile 10,000-character one) names nothing.
  if (base.checkpoint?.startsWith('urn:air:') && !parseAir(base.checkpoint)) base.checkpoint = null;
  const merged = fillGaps(fillGaps(base, fromRequest), resources);
  const found = reading !== null || merged.prompt !== null || merged.checkpoint !== null || merged.loras.length > 0;
  return found ? { ...merged, generator: 'civitai' } : null;
}

/** extraMetadata: { prompt, negativePrompt, steps, cfgScale, sampler, seed, width, height, transformations }. */
function readRequest(request: Record<string, unknown>): GenerationMetadata {
  const result = emptyMetadata();
  result.prompt = cleanPrompt(request.prompt);
  result.negativePrompt = cleanPrompt(request.negativePrompt);
  result.settings = {
    steps: toInteger(request.steps),
    sampler: toText(request.sampler),
    scheduler: null,
    cfg: toNumber(request.cfgScale),
    seed: toSeed(request.seed),
    width: toInteger(request.width),
    height: toInteger(request.height),
  };
  const transformations = Array.isArray(request.transformations) ? request.transformations.slice(0, MAX_RESOURCES) : [];
  const upscale = transformations.find((t) => isRecord(t) && t.type === 'upscale');
  if (isRecord(upscale) && toInteger(upscale.upscaleWidth) !== null && toInteger(upscale.upscaleHeight) !== null) {
    result.settings.upscaled_width = toInteger(upscale.upscaleWidth);
    result.settings.upscaled_height = toInteger(upscale.upscaleHeight);
  }
  return result;
}

/** The checkpoint and LoRAs `extra.airs` lists; a LoRA's weight from the request's resources (by version id). */
function fromAirs(airs: string[], request: Record<string, unknown> | null): GenerationMetadata {
  const result = emptyMetadata();
  const resources = request && Array.isArray(request.resources) ? request.resources.slice(0, MAX_RESOURCES) : [];
  const strength = (version: string | null) => {
    const resource = resources.find((r) => isRecord(r) && version !== null && String(r.modelVersionId) === version);
    return isRecord(resource) ? toNumber(resource.strength) : null;
  };
  for (const urn of airs) {
    const air = parseAir(urn)!;
    if (air.type === 'checkpoint') result.checkpoint ??= urn;
    else if (/^(lora|lycoris|locon|dora)$/.test(air.type)) addLora(result.loras, urn, strength(air.version));
  }
  return result;
}
