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

  /**
   * The node a link points at, past routing nodes (switches and pass-throughs, see `routed`):
   * undefined when there is none, the switch's choice is unknown, the route loops, or the walks'
   * budget is spent.
   */
  follow(value: unknown): ComfyNode | undefined {
    for (let hop = 0; hop <= MAX_ROUTE; hop++) {
      const node = this.step(value);
      if (!node) return undefined;
      const through = routed(this, node);
      if (through === undefined) return node;
      value = through;
    }
    return undefined; // switches that route into each other
  }

  /** One link, no routing; each node reached costs the budget its inputs. */
  step(value: unknown): ComfyNode | undefined {
    if (!isLink(value) || this.workLeft <= 0) return undefined;
    const node = this.get(String(value[0]));
    if (node) this.workLeft -= 1 + Object.keys(node.inputs).length;
    return node;
  }
}

/** Routing nodes passed for one link before the route counts as a loop. */
const MAX_ROUTE = 64;
/** The only input of a node that shows or passes a value on unchanged (PreviewAny.source, reroutes). */
const PASS_THROUGH = /^(source|any|anything|input|value)$/i;

/**
 * What a routing node passes on, judged by its inputs rather than its name: a boolean switch
 * (`on_true`/`on_false`, chosen by `switch`/`boolean`/`condition`), an index switch (`select` or
 * `Input` naming one of `input1`, `text2`, …), a first-connected-wins switch (`any_01`, `any_02`,
 * …) or a single pass-through input. undefined: the node is not a routing node; null: it is one
 * whose choice the graph does not record.
 */
function routed(graph: ComfyGraph, node: ComfyNode): unknown {
  const inputs = node.inputs;
  if ('on_true' in inputs || 'on_false' in inputs) {
    const condition = constant(graph, inputs.switch ?? inputs.boolean ?? inputs.condition);
    if (![true, false, 'true', 'false', 1, 0].includes(condition as never)) return null;
    const on = condition === true || condition === 'true' || condition === 1;
    return inputs[on ? 'on_true' : 'on_false'] ?? null;
  }
  const selector = 'select' in inputs ? 'select' : 'Input' in inputs ? 'Input' : null;
  if (selector) {
    const index = Number(constant(graph, inputs[selector]));
    const chosen = Object.keys(inputs).find(
      (name) => name !== selector && isLink(inputs[name]) && Number(/(\d+)$/.exec(name)?.[1]) === index,
    );
    return chosen === undefined ? null : inputs[chosen];
  }
  const names = Object.keys(inputs);
  const alternatives = names.filter((name) => /^any_\d+$/.test(name) && isLink(inputs[name])).sort();
  if (alternatives.length > 0) return inputs[alternatives[0]!];
  if (names.length === 1 && PASS_THROUGH.test(names[0]!) && isLink(inputs[names[0]!])) return inputs[names[0]!];
  return undefined;
}

/** A switch's setting: typed in, or the value of the primitive node(s) it is linked to (not routed: no recursion). */
function constant(graph: ComfyGraph, value: unknown): unknown {
  for (let hop = 0; hop < 4 && isLink(value); hop++) value = graph.step(value)?.inputs.value;
  return isLink(value) ? undefined : value;
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
