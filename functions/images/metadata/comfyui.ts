// ComfyUI: reads the generation from the graph by following links, not by node names. The
// sampler is any node taking a latent plus positive/negative conditioning (directly or via a
// guider such as CFGGuider); its prompts are the text encoders its conditioning links reach,
// its checkpoint and LoRAs sit on its model path, its size on its latent path. Nodes that do
// not feed the saved image are ignored. Every walk is bounded and cycle-safe, and all of them
// together share one budget (comfy-graph.ts).
import type { GenerationSettings, LoraUse } from '#lib/galleries.ts';
import { type ComfyGraph, type ComfyNode, MAX_NODES, isLink, linked } from './comfy-graph.ts';
import { addLora, cleanPrompt, emptyMetadata, isRecord, parseSize, toInteger, toNumber, toSeed, toText } from './result.ts';
import type { GenerationMetadata } from './types.ts';

/** Walks deeper than this are a hostile graph; the walk stops there. */
const MAX_DEPTH = 200;
/** Only this many samplers are weighed against each other. */
const MAX_SAMPLERS = 64;
/** Outputs searched for the sampler behind them (real graphs have a few); each search walks the graph. */
const MAX_OUTPUTS = 16;

const LATENT_INPUTS = ['latent_image', 'samples', 'latent'];
/** Inputs that never carry conditioning: not followed when tracing a prompt. */
const NOT_CONDITIONING =
  /^(model|clip|vae|image|images|pixels|mask|control_net|clip_vision.*|latent.*|samples|upscale_model|style_model|noise|sigmas|sampler|guider|seed|noise_seed|width|height)$/i;
const TEXT_INPUTS = ['text', 'text_g', 'text_l', 'prompt', 't5xxl', 'clip_l'];
const STRING_INPUTS = ['populated_text', 'string', 'text', 'value', 'prompt', 'text_g', 'STRING', 'Text', 'wildcard_text'];
const CHECKPOINT_INPUTS = ['ckpt_name', 'unet_name', 'base_ckpt_name', 'checkpoint_name', 'gguf_name'];
const LORA_WEIGHT_INPUTS = ['strength_model', 'strength', 'lora_strength', 'model_strength', 'lora_model_strength', 'weight'];

interface SamplerUse {
  sampler: ComfyNode;
  /** The node holding positive/negative: the sampler itself or its guider. */
  conditioning: ComfyNode;
}

export function parseComfyGraph(graph: ComfyGraph): GenerationMetadata | null {
  const samplers: SamplerUse[] = [];
  for (const node of graph.values()) {
    const use = asSampler(graph, node);
    if (use) samplers.push(use);
    if (samplers.length >= MAX_SAMPLERS) break;
  }
  const chosen = pickSampler(graph, samplers);
  if (!chosen) return null;

  const { sampler, conditioning } = chosen;
  const result = emptyMetadata();
  result.generator = 'comfyui';
  const positive = conditioning.inputs.positive ?? conditioning.inputs.conditioning;
  result.prompt = cleanPrompt(joinDistinct(conditioningTexts(graph, positive, 'positive', new Set(), 0)));
  result.negativePrompt = cleanPrompt(joinDistinct(conditioningTexts(graph, conditioning.inputs.negative, 'negative', new Set(), 0)));
  const model = { checkpoint: null as string | null, loras: [] as LoraUse[] };
  walkModelPath(graph, sampler.inputs.model ?? conditioning.inputs.model, model, new Set(), 0);
  result.checkpoint = model.checkpoint;
  result.loras = model.loras.reverse(); // listed from the checkpoint outwards, as applied
  result.settings = samplerSettings(graph, chosen);
  return result;
}

function asSampler(graph: ComfyGraph, node: ComfyNode): SamplerUse | null {
  if (!LATENT_INPUTS.some((name) => isLink(node.inputs[name]))) return null;
  if (isLink(node.inputs.positive) && isLink(node.inputs.negative)) return { sampler: node, conditioning: node };
  const guider = linked(graph, node.inputs.guider);
  if (guider && (isLink(guider.inputs.positive) || isLink(guider.inputs.conditioning))) return { sampler: node, conditioning: guider };
  return null;
}

/**
 * The sampler behind the saved image: among the samplers upstream of the first output (save
 * nodes before previews), the first pass — the one no other of them feeds (a hires or refiner
 * pass keeps the base pass's prompt, checkpoint and size as the generation's).
 */
function pickSampler(graph: ComfyGraph, samplers: SamplerUse[]): SamplerUse | null {
  if (samplers.length === 0) return null;
  const bySampler = new Map(samplers.map((s) => [s.sampler.id, s]));
  for (const output of outputNodes(graph).slice(0, MAX_OUTPUTS)) {
    const upstream = upstreamIds(graph, output)
      .filter((id) => bySampler.has(id))
      .map((id) => bySampler.get(id)!);
    if (upstream.length > 0) return firstPass(graph, upstream);
  }
  return firstPass(graph, samplers);
}

function firstPass(graph: ComfyGraph, samplers: SamplerUse[]): SamplerUse {
  const ids = new Set(samplers.map((s) => s.sampler.id));
  const base = samplers.find((s) => !upstreamIds(graph, s.sampler).some((id) => id !== s.sampler.id && ids.has(id)));
  return base ?? samplers[0]!;
}

/** Nodes nothing consumes, save nodes first, then previews, then the rest. */
function outputNodes(graph: ComfyGraph): ComfyNode[] {
  const consumed = new Set<string>();
  for (const node of graph.values()) for (const value of Object.values(node.inputs)) if (isLink(value)) consumed.add(String(value[0]));
  const rank = (node: ComfyNode) => (/save/i.test(node.type) ? 0 : /preview/i.test(node.type) ? 1 : 2);
  return [...graph.values()].filter((node) => !consumed.has(node.id)).sort((a, b) => rank(a) - rank(b));
}

/** Ids of the node and everything it depends on, nearest first. */
function upstreamIds(graph: ComfyGraph, start: ComfyNode): string[] {
  const seen = new Set<string>([start.id]);
  const queue = [start];
  for (let i = 0; i < queue.length && seen.size < MAX_NODES; i++) {
    for (const value of Object.values(queue[i]!.inputs)) {
      const next = linked(graph, value);
      if (next && !seen.has(next.id)) {
        seen.add(next.id);
        queue.push(next);
      }
    }
  }
  return [...seen];
}

/**
 * The texts a conditioning link comes from. Through combine/concat/area/controlnet/reroute/
 * context nodes: the input named like the role when there is one, else every input that can
 * carry conditioning.
 */
function conditioningTexts(graph: ComfyGraph, value: unknown, role: 'positive' | 'negative', seen: Set<string>, depth: number): string[] {
  const node = linked(graph, value);
  if (!node || seen.has(node.id) || depth > MAX_DEPTH) return [];
  seen.add(node.id);
  const own = node.inputs[role];
  if (typeof own === 'string') return [own]; // all-in-one loaders carry the prompt themselves
  if (isTextEncoder(node)) return encoderTexts(graph, node);
  if (/ZeroOut/i.test(node.type)) return []; // an emptied conditioning: no negative text
  if (isLink(own)) return conditioningTexts(graph, own, role, seen, depth + 1);
  const other = role === 'positive' ? 'negative' : 'positive';
  return Object.entries(node.inputs)
    .filter(([name, input]) => isLink(input) && name !== other && !NOT_CONDITIONING.test(name))
    .flatMap(([, input]) => conditioningTexts(graph, input, role, seen, depth + 1));
}

/** An encoder's texts; for an unknown encoder from a UI workflow (unnamed widgets), its longest string. */
function encoderTexts(graph: ComfyGraph, node: ComfyNode): string[] {
  const named = TEXT_INPUTS.filter((name) => name in node.inputs);
  if (named.length > 0) return named.map((name) => resolveString(graph, node.inputs[name], new Set(), 0) ?? '');
  const unnamed = Object.entries(node.inputs)
    .filter(([name, value]) => name.startsWith('widget_') && typeof value === 'string')
    .map(([, value]) => value as string);
  return unnamed.length > 0 ? [unnamed.reduce((a, b) => (b.length > a.length ? b : a))] : [];
}

function isTextEncoder(node: ComfyNode): boolean {
  if (/TextEncode|PromptEncode/i.test(node.type)) return true;
  return isLink(node.inputs.clip) && TEXT_INPUTS.some((name) => name in node.inputs);
}

/** A text input's value: typed in, or from a primitive / string / concatenation node. */
function resolveString(graph: ComfyGraph, value: unknown, seen: Set<string>, depth: number): string | null {
  if (typeof value === 'string') return value;
  const node = linked(graph, value);
  if (!node || seen.has(node.id) || depth > MAX_DEPTH) return null;
  seen.add(node.id);
  const parts = Object.keys(node.inputs)
    .filter((name) => /^(string|text)_?([a-z]|\d+)$/i.test(name))
    .sort();
  if (parts.length > 1) {
    const delimiter =
      typeof node.inputs.delimiter === 'string'
        ? node.inputs.delimiter
        : typeof node.inputs.separator === 'string'
          ? node.inputs.separator
          : '';
    const texts = parts.map((name) => resolveString(graph, node.inputs[name], seen, depth + 1)).filter((t): t is string => !!t);
    return texts.length > 0 ? texts.join(delimiter) : null;
  }
  for (const name of STRING_INPUTS) {
    const text = resolveString(graph, node.inputs[name], seen, depth + 1);
    if (text) return text;
  }
  return null;
}

/** A number input: typed in, or from a primitive / seed / int node. */
function resolveValue(graph: ComfyGraph, value: unknown, depth = 0): unknown {
  const node = linked(graph, value);
  if (!node) return value;
  if (depth > MAX_DEPTH) return null;
  for (const name of ['value', 'seed', 'noise_seed', 'int', 'number', 'float']) {
    if (name in node.inputs) return resolveValue(graph, node.inputs[name], depth + 1);
  }
  return null;
}

/** Checkpoint and LoRAs, walking from the sampler's model input back to the loader. */
function walkModelPath(
  graph: ComfyGraph,
  value: unknown,
  found: { checkpoint: string | null; loras: LoraUse[] },
  seen: Set<string>,
  depth: number,
): void {
  const node = linked(graph, value);
  if (!node || seen.has(node.id) || depth > MAX_DEPTH) return;
  seen.add(node.id);
  collectLoras(graph, node, found.loras);
  for (const name of CHECKPOINT_INPUTS) {
    const checkpoint = toText(resolveString(graph, node.inputs[name], new Set(), 0));
    if (checkpoint && !found.checkpoint) found.checkpoint = checkpoint;
  }
  // At the loader the model path ends, but an all-in-one loader may still take a LoRA stack.
  const next = found.checkpoint ? /^lora_stack$/i : /^(model|lora_stack|base_ctx|ctx|context|pipe|.*_pipe)$/i;
  for (const [name, input] of Object.entries(node.inputs)) {
    if (isLink(input) && next.test(name)) walkModelPath(graph, input, found, seen, depth + 1);
  }
}

/** A loader's LoRAs: single (lora_name), stacked (lora_name_1…), or rgthree Power Lora Loader rows. */
function collectLoras(graph: ComfyGraph, node: ComfyNode, loras: LoraUse[]): void {
  const inputs = node.inputs;
  const weightOf = (suffix: string) => {
    for (const name of LORA_WEIGHT_INPUTS) {
      const weight = toNumber(resolveValue(graph, inputs[name + suffix]));
      if (weight !== null) return weight;
    }
    return toNumber(resolveValue(graph, inputs[`lora_wt${suffix}`] ?? inputs[`model_str${suffix}`] ?? inputs[`model_weight${suffix}`]));
  };
  const added: LoraUse[] = [];
  const name = resolveString(graph, inputs.lora_name, new Set(), 0);
  if (name && name !== 'None') addLora(added, name, weightOf(''));
  const count = toInteger(inputs.lora_count);
  for (const key of Object.keys(inputs)) {
    const match = /^lora_name_(\d+)$/.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const switched = inputs[`switch_${index}`];
    if ((count !== null && index > count) || switched === 'Off' || switched === false) continue;
    const stacked = resolveString(graph, inputs[key], new Set(), 0);
    if (stacked && stacked !== 'None') addLora(added, stacked, weightOf(`_${index}`));
  }
  for (const row of Object.values(inputs)) {
    if (isRecord(row) && typeof row.lora === 'string' && row.on !== false && row.lora !== 'None')
      addLora(added, row.lora, toNumber(row.strength));
  }
  // The walk runs from the sampler backwards; this node's LoRAs keep their own order.
  for (const lora of added.reverse()) addLora(loras, lora.name, lora.weight);
}

function samplerSettings(graph: ComfyGraph, { sampler, conditioning }: SamplerUse): GenerationSettings {
  // SamplerCustomAdvanced spreads its settings over the noise, sampler, sigmas and guider nodes.
  const holders = [
    sampler,
    conditioning,
    ...['noise', 'sampler', 'sigmas', 'guider'].map((name) => linked(graph, sampler.inputs[name])),
  ].filter((n): n is ComfyNode => n !== undefined);
  const read = (...names: string[]) => {
    for (const holder of holders) for (const name of names) if (name in holder.inputs) return resolveValue(graph, holder.inputs[name]);
    return null;
  };
  const size = latentSize(graph, LATENT_INPUTS.map((name) => sampler.inputs[name]).find(isLink), new Set(), 0);
  return {
    steps: toInteger(read('steps')),
    sampler: toText(read('sampler_name')),
    scheduler: toText(read('scheduler')),
    cfg: toNumber(read('cfg')),
    seed: toSeed(read('seed', 'noise_seed')),
    width: size?.[0] ?? null,
    height: size?.[1] ?? null,
  };
}

/** The size of the empty latent the sampler starts from (img2img has none). */
function latentSize(graph: ComfyGraph, value: unknown, seen: Set<string>, depth: number): [number, number] | null {
  const node = linked(graph, value);
  if (!node || seen.has(node.id) || depth > MAX_DEPTH) return null;
  seen.add(node.id);
  const source = LATENT_INPUTS.map((name) => node.inputs[name]).find(isLink);
  if (source) return latentSize(graph, source, seen, depth + 1);
  const width = toInteger(resolveValue(graph, node.inputs.width));
  const height = toInteger(resolveValue(graph, node.inputs.height));
  if (width !== null && height !== null) return [width, height];
  return parseSize(typeof node.inputs.dimensions === 'string' ? node.inputs.dimensions.split('(')[0] : null);
}

function joinDistinct(texts: string[]): string {
  const distinct: string[] = [];
  for (const text of texts) if (text.trim() !== '' && !distinct.includes(text.trimEnd())) distinct.push(text.trimEnd());
  return distinct.join('\n');
}
