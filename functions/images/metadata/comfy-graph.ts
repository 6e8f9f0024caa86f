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

export type ComfyGraph = Map<string, ComfyNode>;
export type Link = [string, number];

/** A graph holding more nodes than this is not a real workflow; the rest is ignored. */
export const MAX_NODES = 5000;

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
  return isLink(value) ? graph.get(String(value[0])) : undefined;
}

/** Reads the API form; null when the JSON is not one. */
export function graphFromApiPrompt(json: unknown): ComfyGraph | null {
  if (!isRecord(json)) return null;
  const graph: ComfyGraph = new Map();
  for (const [id, node] of Object.entries(json)) {
    if (graph.size >= MAX_NODES) break;
    if (!isRecord(node) || typeof node.class_type !== 'string') continue;
    const meta = isRecord(node._meta) ? node._meta : {};
    graph.set(id, {
      id,
      type: node.class_type,
      title: typeof meta.title === 'string' ? meta.title : '',
      inputs: isRecord(node.inputs) ? node.inputs : {},
    });
  }
  return graph.size > 0 ? graph : null;
}
