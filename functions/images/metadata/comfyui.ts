// ComfyUI: reads the generation from the graph by following links, not by node names. The
// sampler is any node taking a latent plus positive/negative conditioning (directly or via a
// guider such as CFGGuider); its prompts are the text encoders its conditioning links reach,
// its checkpoint and LoRAs sit on its model path, its size on its latent path. Nodes that do
// not feed the saved image are ignored. Every walk is bounded and cycle-safe, and all of them
// together share one budget (comfy-graph.ts).
import type { GenerationSettings, LoraUse } from '#lib/galleries.ts';
import { type ComfyGraph, type ComfyNode, MAX_NODES, isLink, linked } from './comfy-graph.ts';
import { nodesOnPath, pathInput, sizeAt } from './comfy-size.ts';
import { MAX_DEPTH, resolveString, resolveValue } from './comfy-values.ts';
import { addLora, cleanPrompt, emptyMetadata, isRecord, setUpscaledSize, toInteger, toNumber, toSeed, toText } from './result.ts';
import type { GenerationMetadata } from './types.ts';

/** Only this many samplers are weighed against each other. */
const MAX_SAMPLERS = 64;
/** Outputs searched for the sampler behind them (real graphs have a few); each search walks the graph. */
const MAX_OUTPUTS = 16;

const LATENT_INPUTS = ['latent_image', 'samples', 'latent'];
/** Inputs that never carry conditioning: not followed when tracing a prompt. */
const NOT_CONDITIONING =
  /^(opt_)?(model|clip|vae|image|images|pixels|mask|control_net|clip_vision.*|latent.*|samples|upscale_model|style_model|noise|sigmas|sampler|guider|seed|noise_seed|width|height)$/i;
const TEXT_INPUTS = ['text', 'text_g', 'text_l', 'prompt', 't5xxl', 'clip_l'];
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
  const picked = pickSampler(graph, samplers);
  if (!picked) return null;

  const { sampler, conditioning } = picked.use;
  const result = emptyMetadata();
  result.generator = 'comfyui';
  const positive = conditioning.inputs.positive ?? conditioning.inputs.conditioning;
  result.prompt = cleanPrompt(joinDistinct(conditioningTexts(graph, positive, 'positive', new Set(), 0)));
  result.negativePrompt = cleanPrompt(joinDistinct(conditioningTexts(graph, conditioning.inputs.negative, 'negative', new Set(), 0)));
  const model = { checkpoint: null as string | null, loras: [] as LoraUse[] };
  walkModelPath(graph, sampler.inputs.model ?? conditioning.inputs.model, model, new Set(), 0);
  result.checkpoint = model.checkpoint;
  result.loras = model.loras.reverse(); // listed from the checkpoint outwards, as applied
  result.settings = samplerSettings(graph, picked.use, picked.output);
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
 * The sampler behind the saved image and that image's output node. The first output (save
 * nodes before previews) whose image path (comfy-size.ts) passes samplers: the first pass on it
 * (a hires, refiner or composite pass keeps the base pass's prompt, checkpoint and size as the
 * generation's; patches pasted into a composite canvas are off the path). An output whose path
 * passes none: the first pass among the samplers it depends on in any way.
 */
function pickSampler(graph: ComfyGraph, samplers: SamplerUse[]): { use: SamplerUse; output: ComfyNode | null } | null {
  if (samplers.length === 0) return null;
  const bySampler = new Map(samplers.map((s) => [s.sampler.id, s]));
  for (const output of outputNodes(graph).slice(0, MAX_OUTPUTS)) {
    const onPath = nodesOnPath(graph, output).filter((node) => bySampler.has(node.id));
    if (onPath.length > 0) return { use: bySampler.get(onPath.at(-1)!.id)!, output };
    const upstream = upstreamIds(graph, output)
      .filter((id) => bySampler.has(id))
      .map((id) => bySampler.get(id)!);
    if (upstream.length > 0) return { use: firstPass(graph, upstream), output: null };
  }
  return { use: firstPass(graph, samplers), output: null };
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
 * The texts a conditioning link comes from. A node on a sampler's conditioning path that takes
 * text is where the conditioning starts, whatever its name (CLIPTextEncode, rgthree's Power
 * Prompt with `prompt` and `opt_clip`, other custom encoders): its texts are the prompt. Through
 * combine/concat/area/controlnet/context nodes: the input named like the role when there is
 * one, else every input that can carry conditioning. A node with neither (an encoder from a UI
 * workflow whose widgets have no names): its longest string.
 */
function conditioningTexts(graph: ComfyGraph, value: unknown, role: 'positive' | 'negative', seen: Set<string>, depth: number): string[] {
  const node = linked(graph, value);
  if (!node || seen.has(node.id) || depth > MAX_DEPTH) return [];
  seen.add(node.id);
  const own = node.inputs[role];
  if (typeof own === 'string') return [own]; // all-in-one loaders carry the prompt themselves
  if (/ZeroOut/i.test(node.type)) return []; // an emptied conditioning: no negative text
  const texts = textInputs(node);
  if (texts.length > 0) return texts.map((name) => resolveString(graph, node.inputs[name]) ?? '');
  if (isLink(own)) return conditioningTexts(graph, own, role, seen, depth + 1);
  const other = role === 'positive' ? 'negative' : 'positive';
  const carriers = Object.entries(node.inputs).filter(([name, input]) => isLink(input) && name !== other && !NOT_CONDITIONING.test(name));
  if (carriers.length > 0) return carriers.flatMap(([, input]) => conditioningTexts(graph, input, role, seen, depth + 1));
  const unnamed = Object.entries(node.inputs)
    .filter(([name, input]) => name.startsWith('widget_') && typeof input === 'string')
    .map(([, input]) => input as string);
  return unnamed.length > 0 ? [unnamed.reduce((a, b) => (b.length > a.length ? b : a))] : [];
}

/** The inputs holding a node's text: a wildcard node's filled-in text replaces its template. */
function textInputs(node: ComfyNode): string[] {
  const inputs = node.inputs;
  if (typeof inputs.populated_text === 'string' && inputs.populated_text.trim() !== '') return ['populated_text'];
  return TEXT_INPUTS.filter((name) => typeof inputs[name] === 'string' || isLink(inputs[name]));
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

function samplerSettings(graph: ComfyGraph, { sampler, conditioning }: SamplerUse, output: ComfyNode | null): GenerationSettings {
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
  const size = sizeAt(graph, pathInput(sampler)?.[1]);
  const settings: GenerationSettings = {
    steps: toInteger(read('steps')),
    sampler: toText(read('sampler_name')),
    scheduler: toText(read('scheduler')),
    cfg: toNumber(read('cfg')),
    seed: toSeed(read('seed', 'noise_seed')),
    width: size?.[0] ?? null,
    height: size?.[1] ?? null,
  };
  // The saved image's size, when a pass after the first (hires, upscale) enlarged it.
  setUpscaledSize(settings, size && output ? sizeAt(graph, pathInput(output)?.[1]) : null);
  return settings;
}

function joinDistinct(texts: string[]): string {
  const distinct: string[] = [];
  for (const text of texts) if (text.trim() !== '' && !distinct.includes(text.trimEnd())) distinct.push(text.trimEnd());
  return distinct.join('\n');
}
