// Sizes in a ComfyUI graph, read along the image's path: the latent or image input each node
// works on (`samples_to` and `destination` first: a composite keeps its canvas, not the patch
// pasted in). A node's size is the one it sets (an empty latent, a scale to width × height, a
// resolution selector's output), else its path input's size scaled by the factor it applies
// (scale_by, upscale_by, megapixels, an upscale model named "4x…"), else its path input's size.
import { type ComfyGraph, type ComfyNode, isLink, linked } from './comfy-graph.ts';
import { MAX_DEPTH, resolveString, resolveValue } from './comfy-values.ts';
import { parseSize, toInteger, toNumber } from './result.ts';

export type Size = [number, number];

const PATH_INPUTS = ['samples_to', 'destination', 'latent_image', 'samples', 'latent', 'pixels', 'image', 'images'];
/** Latents are an eighth of the image's sides: a latent scale rounds there. */
const LATENT_SCALE = 8;

/** The latent or image input a node works on. */
export function pathInput(node: ComfyNode): [string, unknown] | null {
  for (const name of PATH_INPUTS) if (isLink(node.inputs[name])) return [name, node.inputs[name]];
  return null;
}

/** The nodes along the image's path from a node back to where it starts, the node first. */
export function nodesOnPath(graph: ComfyGraph, start: ComfyNode): ComfyNode[] {
  const path = [start];
  const seen = new Set([start.id]);
  for (let node: ComfyNode | undefined = start; path.length <= MAX_DEPTH; ) {
    node = linked(graph, pathInput(node)?.[1]);
    if (!node || seen.has(node.id)) break;
    seen.add(node.id);
    path.push(node);
  }
  return path;
}

/** The size of the image or latent a link carries; null when the graph does not say. */
export function sizeAt(graph: ComfyGraph, value: unknown): Size | null {
  // Read from the start of the path forwards, so no recursion follows the graph's depth.
  const start = linked(graph, value);
  if (!start) return null;
  let size: Size | null = null;
  for (const node of nodesOnPath(graph, start).reverse()) size = sizeOf(graph, node, size);
  return size;
}

function sizeOf(graph: ComfyGraph, node: ComfyNode, source: Size | null): Size | null {
  const inputs = node.inputs;
  const width = toInteger(resolveValue(graph, inputs.width));
  const height = toInteger(resolveValue(graph, inputs.height));
  if (width !== null && height !== null && width >= 0 && height >= 0) return setSize(width, height, source);
  const dimensions = parseSize(typeof inputs.dimensions === 'string' ? inputs.dimensions.split('(')[0] : null);
  if (dimensions) return dimensions;
  if (!source) return null;
  const latent = pathInput(node)?.[0] === 'samples';
  const factor = toNumber(resolveValue(graph, inputs.scale_by ?? inputs.upscale_by)) ?? modelFactor(graph, inputs.upscale_model);
  if (factor !== null) return factor > 0 ? scaled(source, factor, latent) : null;
  const megapixels = toNumber(resolveValue(graph, inputs.megapixels));
  if (megapixels !== null)
    return megapixels > 0 ? scaled(source, Math.sqrt((megapixels * 1024 * 1024) / (source[0] * source[1])), false) : null;
  // An upscale model whose factor its name does not give: the size after it is unknown.
  return isLink(inputs.upscale_model) ? null : source;
}

/** width × height as set; 0 for one side keeps the source's aspect ratio, 0 for both keeps its size. */
function setSize(width: number, height: number, source: Size | null): Size | null {
  if (width > 0 && height > 0) return [width, height];
  if (!source) return null;
  if (width === 0 && height === 0) return source;
  return width === 0 ? [Math.round((source[0] * height) / source[1]), height] : [width, Math.round((source[1] * width) / source[0])];
}

function scaled([width, height]: Size, factor: number, latent: boolean): Size {
  const unit = latent ? LATENT_SCALE : 1;
  return [Math.round((width / unit) * factor) * unit, Math.round((height / unit) * factor) * unit];
}

/** An upscale model's factor from its file name ("4x-UltraSharp", "RealESRGAN_x4plus"), else null. */
function modelFactor(graph: ComfyGraph, value: unknown): number | null {
  const loader = linked(graph, value);
  const name = resolveString(graph, loader?.inputs.model_name) ?? '';
  const file = name.split(/[\\/]/).at(-1) ?? '';
  const match = /^(\d{1,2})x/i.exec(file) ?? /[_-]x(\d{1,2})(?!\d)/i.exec(file);
  return match ? Number(match[1]) : null;
}
