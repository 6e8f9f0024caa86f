// The ComfyUI graph in its API ("prompt") form: node id → { class_type, inputs, _meta.title }.
// An input is either a value (a widget) or a link `[nodeId, outputSlot]`. The UI workflow is
// converted to this form (comfy-workflow.ts) so one analysis serves both.
import { isRecord } from './result.ts';

export interface ComfyNode {
  id: string;
  type: string;
  title: string;
  inputs: Record<string, unknown>;
}

export type Link = [string, number];

/** A graph holding more nodes than this is not a real workflow; the rest is ignored. */
export const MAX_NODES = 5000;
/** Inputs kept per node (real nodes have at most a few dozen; LoRA stacks about 150). */
export const MAX_INPUTS = 256;
/**
 * Work for all the walks over one graph together, counted in inputs of the nodes reached (the
 * fixtures' graphs of up to 30 nodes need under 600): the walks start from many places
 * (samplers, outputs, encoders), so without a total a hostile graph makes them quadratic.
 */
const WALK_BUDGET = 250_000;

/** The nodes by id, and the walks' shared budget: once it is spent, links lead nowhere. */
export class ComfyGraph extends Map<string, ComfyNode> {
  private workLeft = WALK_BUDGET;

  /** The node a link points at, or undefined (also once the walks' budget is spent). */
  follow(value: unknown): ComfyNode | undefined {
    if (!isLink(value) || this.workLeft <= 0) return undefined;
    const node = this.get(String(value[0]));
    if (node) this.workLeft -= 1 + Object.keys(node.inputs).length;
    return node;
  }
}

/** At most MAX_INPUTS of a node's inputs. */
export function capInputs(inputs: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(inputs);
  return entries.length <= MAX_INPUTS ? inputs : Object.fromEntries(entries.slice(0, MAX_INPUTS));
}

export function isLink(value: unknown): value is [string | number, number] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    (typeof value[0] === 'string' || typeof value[0] === 'number') &&
    typeof value[1] === 'number'
  );
}

/** The node a link points at, or undefined. */
export function linked(graph: ComfyGraph, value: unknown): ComfyNode | undefined {
  return graph.follow(value);
}

/** Reads the API form; null when the JSON is not one. */
export function graphFromApiPrompt(json: unknown): ComfyGraph | null {
  if (!isRecord(json)) return null;
  const graph = new ComfyGraph();
  for (const id in json) {
    if (graph.size >= MAX_NODES) break;
    const node = json[id];
    if (!isRecord(node) || typeof node.class_type !== 'string') continue;
    const meta = isRecord(node._meta) ? node._meta : {};
    graph.set(id, {
      id,
      type: node.class_type,
      title: typeof meta.title === 'string' ? meta.title : '',
      inputs: isRecord(node.inputs) ? capInputs(node.inputs) : {},
    });
  }
  return graph.size > 0 ? graph : null;
}
