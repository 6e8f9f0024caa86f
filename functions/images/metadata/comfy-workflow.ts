// Converts a ComfyUI UI workflow (the `workflow` chunk: nodes with positional widget values,
// a links table) into the API graph form. Front-end-only constructs are resolved here:
// Reroute nodes and bypassed nodes pass their input through, muted nodes drop out, primitive
// nodes become value nodes, subgraphs are inlined with ids "instance:inner" as ComfyUI does.
import { ComfyGraph, MAX_INPUTS, MAX_NODES } from './comfy-graph.ts';
import { isRecord } from './result.ts';

/** Widget names of common nodes, in widgets_values order ("control" = the after-generate choice). */
const WIDGETS: Record<string, string[]> = {
  CLIPTextEncode: ['text'],
  CLIPTextEncodeSDXL: ['width', 'height', 'crop_w', 'crop_h', 'target_width', 'target_height', 'text_g', 'text_l'],
  CLIPTextEncodeSDXLRefiner: ['ascore', 'width', 'height', 'text'],
  CLIPTextEncodeFlux: ['clip_l', 't5xxl', 'guidance'],
  KSampler: ['seed', 'control', 'steps', 'cfg', 'sampler_name', 'scheduler', 'denoise'],
  KSamplerAdvanced: [
    'add_noise',
    'noise_seed',
    'control',
    'steps',
    'cfg',
    'sampler_name',
    'scheduler',
    'start_at_step',
    'end_at_step',
    'return_with_leftover_noise',
  ],
  SamplerCustom: ['add_noise', 'noise_seed', 'control', 'cfg'],
  CFGGuider: ['cfg'],
  KSamplerSelect: ['sampler_name'],
  BasicScheduler: ['scheduler', 'steps', 'denoise'],
  RandomNoise: ['noise_seed', 'control'],
  CheckpointLoaderSimple: ['ckpt_name'],
  CheckpointLoader: ['config_name', 'ckpt_name'],
  unCLIPCheckpointLoader: ['ckpt_name'],
  UNETLoader: ['unet_name', 'weight_dtype'],
  UnetLoaderGGUF: ['unet_name'],
  LoraLoader: ['lora_name', 'strength_model', 'strength_clip'],
  LoraLoaderModelOnly: ['lora_name', 'strength_model'],
  EmptyLatentImage: ['width', 'height', 'batch_size'],
  LatentUpscale: ['upscale_method', 'width', 'height', 'crop'],
  LatentUpscaleBy: ['upscale_method', 'scale_by'],
  ImageScale: ['upscale_method', 'width', 'height', 'crop'],
  ImageScaleBy: ['upscale_method', 'scale_by'],
  UpscaleModelLoader: ['model_name'],
  LatentComposite: ['x', 'y', 'feather'],
  ResolutionSelector: ['aspect_ratio', 'megapixels', 'multiple', 'minimum'],
  ComfySwitchNode: ['switch'],
  PrimitiveBoolean: ['value'],
  TextGenerate: ['prompt'],
  EmptySD3LatentImage: ['width', 'height', 'batch_size'],
  PrimitiveNode: ['value'],
  PrimitiveString: ['value'],
  PrimitiveStringMultiline: ['value'],
  PrimitiveInt: ['value'],
  PrimitiveFloat: ['value'],
  StringConcatenate: ['string_a', 'string_b', 'delimiter'],
};

const REROUTE = /^Reroute/i;
const MUTED = 2;
const BYPASSED = 4;
const MAX_SUBGRAPH_DEPTH = 8;
/**
 * Nodes looked at across all scopes (muted, reroutes and subgraph instances add none to the
 * graph, yet nested instances multiply), links kept per scope, and links followed in all: a
 * hostile workflow otherwise expands or walks without end.
 */
const MAX_NODES_SEEN = 4 * MAX_NODES;
const MAX_LINKS = 4 * MAX_NODES;
const MAX_HOPS = 25_000;
/** Reroutes and boundaries passed for one link before it counts as a loop. */
const MAX_CHAIN = 200;
/** The pseudo-node ids of a subgraph's input and output boundaries. */
const SUBGRAPH_INPUT = '-10';
const SUBGRAPH_OUTPUT = '-20';

interface UiNode {
  id: string;
  type: string;
  title: string;
  mode: number;
  inputs: { name: string; type: string; link: number | null; widget?: string }[];
  widgets: unknown[];
}

interface UiLink {
  originId: string;
  originSlot: number;
  targetId: string;
  targetSlot: number;
  type: string;
}

/** A graph's nodes and links as read, once per subgraph definition however many instances it has. */
interface Definition {
  nodes: Map<string, UiNode>;
  links: Map<number, UiLink>;
  /** Output slot → the link leaving the subgraph through it. */
  exits: Map<number, number>;
}

interface Scope extends Definition {
  /** Id prefix of this scope's nodes in the flat graph ("" at the top, "7:" inside instance 7). */
  prefix: string;
  /** The scope around a subgraph instance, and the instance node (null at the top). */
  outer: Scope | null;
  instance: UiNode | null;
  depth: number;
}

export function graphFromWorkflow(json: unknown): ComfyGraph | null {
  if (!isRecord(json) || !Array.isArray(json.nodes)) return null;
  const definitions = isRecord(json.definitions) && Array.isArray(json.definitions.subgraphs) ? json.definitions.subgraphs : [];
  const flattener = new Flattener(definitions);
  flattener.add({ ...readDefinition(json), prefix: '', outer: null, instance: null, depth: 0 });
  return flattener.graph.size > 0 ? flattener.graph : null;
}

class Flattener {
  readonly graph = new ComfyGraph();
  private readonly subgraphs = new Map<string, Record<string, unknown>>();
  private readonly definitions = new Map<string, Definition>();
  private readonly scopes = new Map<string, Scope>();
  private nodesSeen = 0;
  private hopsLeft = MAX_HOPS;

  constructor(definitions: unknown[]) {
    for (const def of definitions.slice(0, MAX_NODES)) if (isRecord(def) && typeof def.id === 'string') this.subgraphs.set(def.id, def);
  }

  add(scope: Scope): void {
    for (const node of scope.nodes.values()) {
      if (this.graph.size >= MAX_NODES || ++this.nodesSeen > MAX_NODES_SEEN) return;
      if (node.mode === MUTED || node.mode === BYPASSED || REROUTE.test(node.type)) continue;
      const inner = this.inner(scope, node);
      if (inner) {
        this.add(inner);
        continue;
      }
      const id = `${scope.prefix}${node.id}`;
      const inputs: Record<string, unknown> = {};
      const names = WIDGETS[node.type] ?? [];
      node.widgets.slice(0, MAX_INPUTS).forEach((value, index) => {
        inputs[names[index] ?? `widget_${index}`] = value;
      });
      for (const input of node.inputs.slice(0, MAX_INPUTS)) {
        const from = this.origin(scope, input.link, new Set());
        if (from) inputs[input.widget ?? input.name] = from;
      }
      this.graph.set(id, { id, type: node.type, title: node.title, inputs });
    }
  }

  /** The scope inside a subgraph instance node; null when the node is not one. */
  private inner(scope: Scope, node: UiNode): Scope | null {
    const raw = this.subgraphs.get(node.type);
    if (!raw || scope.depth >= MAX_SUBGRAPH_DEPTH) return null;
    const prefix = `${scope.prefix}${node.id}:`;
    let inner = this.scopes.get(prefix);
    if (!inner) {
      let def = this.definitions.get(node.type);
      if (!def) {
        def = readDefinition(raw);
        this.definitions.set(node.type, def);
      }
      inner = { ...def, prefix, outer: scope, instance: node, depth: scope.depth + 1 };
      this.scopes.set(prefix, inner);
    }
    return inner;
  }

  /** Where a link really starts, past reroutes, bypassed nodes and subgraph boundaries. */
  private origin(scope: Scope, linkId: number | null, seen: Set<string>): [string, number] | null {
    const key = `${scope.prefix}${linkId}`;
    if (linkId === null || seen.has(key) || seen.size > MAX_CHAIN || --this.hopsLeft < 0) return null;
    seen.add(key);
    const link = scope.links.get(linkId);
    if (!link) return null;
    if (link.originId === SUBGRAPH_INPUT) {
      return scope.outer && scope.instance ? this.origin(scope.outer, scope.instance.inputs[link.originSlot]?.link ?? null, seen) : null;
    }
    const node = scope.nodes.get(link.originId);
    if (!node || node.mode === MUTED) return null;
    if (REROUTE.test(node.type)) return this.origin(scope, node.inputs[0]?.link ?? null, seen);
    if (node.mode === BYPASSED) {
      const through = node.inputs.find((input) => input.type === link.type && input.link !== null);
      return this.origin(scope, through?.link ?? null, seen);
    }
    const inner = this.inner(scope, node);
    if (inner) {
      const exit = inner.exits.get(link.originSlot);
      return exit === undefined ? null : this.origin(inner, exit, seen);
    }
    return [`${scope.prefix}${node.id}`, link.originSlot];
  }
}

function readDefinition(raw: Record<string, unknown>): Definition {
  const links = readLinks(raw.links);
  const exits = new Map<number, number>();
  for (const [id, link] of links) if (link.targetId === SUBGRAPH_OUTPUT && !exits.has(link.targetSlot)) exits.set(link.targetSlot, id);
  return { nodes: readNodes(raw.nodes), links, exits };
}

function readNodes(raw: unknown): Map<string, UiNode> {
  const nodes = new Map<string, UiNode>();
  if (!Array.isArray(raw)) return nodes;
  for (const node of raw.slice(0, MAX_NODES)) {
    if (!isRecord(node) || (typeof node.id !== 'number' && typeof node.id !== 'string') || typeof node.type !== 'string') continue;
    const inputs = Array.isArray(node.inputs) ? node.inputs.slice(0, MAX_INPUTS).filter(isRecord) : [];
    nodes.set(String(node.id), {
      id: String(node.id),
      type: node.type,
      title: typeof node.title === 'string' ? node.title : '',
      mode: typeof node.mode === 'number' ? node.mode : 0,
      inputs: inputs.map((input) => ({
        name: typeof input.name === 'string' ? input.name : '',
        type: typeof input.type === 'string' ? input.type : '',
        link: typeof input.link === 'number' ? input.link : null,
        widget: isRecord(input.widget) && typeof input.widget.name === 'string' ? input.widget.name : undefined,
      })),
      widgets: Array.isArray(node.widgets_values) ? node.widgets_values : [],
    });
  }
  return nodes;
}

/** Links come as arrays [id, origin, slot, target, slot, type] or, in subgraphs, as objects. */
function readLinks(raw: unknown): Map<number, UiLink> {
  const links = new Map<number, UiLink>();
  if (!Array.isArray(raw)) return links;
  for (const link of raw.slice(0, MAX_LINKS)) {
    const [id, originId, originSlot, targetId, targetSlot, type] = Array.isArray(link)
      ? link
      : isRecord(link)
        ? [link.id, link.origin_id, link.origin_slot, link.target_id, link.target_slot, link.type]
        : [];
    if (typeof id !== 'number') continue;
    links.set(id, {
      originId: String(originId),
      originSlot: typeof originSlot === 'number' ? originSlot : 0,
      targetId: String(targetId),
      targetSlot: typeof targetSlot === 'number' ? targetSlot : 0,
      type: typeof type === 'string' ? type : '',
    });
  }
  return links;
}
