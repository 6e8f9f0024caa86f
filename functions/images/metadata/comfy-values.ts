// The values a ComfyUI node's inputs hold: typed in, or produced by the nodes they are linked to
// (primitives, seed and string nodes, concatenations, text generators, resolution selectors).
// Links pass switches and previews on the way (comfy-graph.ts). Every walk is bounded.
import { type ComfyGraph, linked } from './comfy-graph.ts';
import { toInteger, toNumber } from './result.ts';

/** Walks deeper than this are a hostile graph; the walk stops there. */
export const MAX_DEPTH = 200;

const STRING_INPUTS = ['populated_text', 'string', 'text', 'value', 'prompt', 'text_g', 'STRING', 'Text', 'wildcard_text'];
/** Inputs that give a node a model (linked, or named as in Ollama's nodes): a string node with one writes its text at run time. */
const MODEL_INPUT = /^(clip|model|llm|llm_model)$/i;

/**
 * A text input's value: typed in, or from a primitive / string / concatenation node. A text
 * generator (a string node that takes a model, such as an LLM prompt expander) writes its text
 * at run time, so the file does not hold it: what shows is the person's text it was given, the
 * last part of its prompt (instructions come first, the input they apply to last).
 */
export function resolveString(graph: ComfyGraph, value: unknown, seen = new Set<string>(), depth = 0, lastPart = false): string | null {
  if (typeof value === 'string') return value;
  const node = linked(graph, value);
  if (!node || seen.has(node.id) || depth > MAX_DEPTH) return null;
  seen.add(node.id);
  const generated = Object.keys(node.inputs).some((name) => MODEL_INPUT.test(name));
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
    if (lastPart) return texts.at(-1) ?? null;
    return texts.length > 0 ? texts.join(delimiter) : null;
  }
  for (const name of STRING_INPUTS) {
    const text = resolveString(graph, node.inputs[name], seen, depth + 1, lastPart || generated);
    if (text) return text;
  }
  return null;
}

/** A number input: typed in, or from a primitive / seed / int node or a resolution selector. */
export function resolveValue(graph: ComfyGraph, value: unknown, depth = 0): unknown {
  const node = linked(graph, value);
  if (!node) return value;
  if (depth > MAX_DEPTH) return null;
  if ('aspect_ratio' in node.inputs && 'megapixels' in node.inputs)
    return selectedResolution(graph, node.inputs, depth)?.[(value as [string, number])[1]] ?? null;
  for (const name of ['value', 'seed', 'noise_seed', 'int', 'number', 'float']) {
    if (name in node.inputs) return resolveValue(graph, node.inputs[name], depth + 1);
  }
  return null;
}

/**
 * ComfyUI's ResolutionSelector (outputs width, height): the aspect ratio's sides scaled to the
 * megapixels (of 1024×1024 pixels each), each rounded to the multiple, and grown to the minimum
 * side when one falls below it.
 */
function selectedResolution(graph: ComfyGraph, inputs: Record<string, unknown>, depth: number): [number, number] | null {
  const ratio = /^\s*(\d{1,4})\s*:\s*(\d{1,4})/.exec(String(resolveValue(graph, inputs.aspect_ratio, depth + 1)));
  const megapixels = toNumber(resolveValue(graph, inputs.megapixels, depth + 1));
  const multiple = toInteger(resolveValue(graph, inputs.multiple, depth + 1)) ?? 8;
  const minimum = toInteger(resolveValue(graph, inputs.minimum, depth + 1)) ?? 256;
  if (!ratio || megapixels === null || megapixels <= 0 || megapixels > 1000 || multiple <= 0) return null;
  const [w, h] = [Number(ratio[1]), Number(ratio[2])];
  if (w === 0 || h === 0) return null;
  const scale = Math.sqrt((megapixels * 1024 * 1024) / (w * h));
  const width = Math.round((w * scale) / multiple) * multiple;
  const height = Math.round((h * scale) / multiple) * multiple;
  if (width >= minimum && height >= minimum) return [width, height];
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const stepW = multiple / gcd(w, multiple);
  const stepH = multiple / gcd(h, multiple);
  const step = (stepW * stepH) / gcd(stepW, stepH);
  const k = Math.ceil(Math.ceil(Math.max(minimum / w, minimum / h)) / step) * step;
  return [w * k, h * k];
}
