// Reads the generation metadata an AI image carries (decision 0009). The container readers
// gather the file's metadata texts under their keys (sources.ts); the generator is then
// recognised by what is present. When a file carries several sources, the one that describes
// the generation that ran wins (decision 0048): a tool's own record first, then a ComfyUI graph,
// then an A1111-style text.
// Pure TypeScript on the bytes, for any runtime. Never throws: unreadable, hostile or oversized
// metadata gives what could be read, or an empty result (generator null). Asynchronous: the
// reading works within a budget per file and yields between its steps (budget.ts).
import type { HiddenText } from '#core/images.ts';
import { looksLikeA1111, parseA1111 } from './a1111.ts';
import { ReadBudget } from './budget.ts';
import { readContentCredentials } from './c2pa.ts';
import { civitaiExtras, withCivitai } from './civitai.ts';
import { graphFromApiPrompt } from './comfy-graph.ts';
import { graphFromWorkflow } from './comfy-workflow.ts';
import { parseComfyGraph } from './comfyui.ts';
import { parseFooocus } from './fooocus.ts';
import { parseInvokeAi, parseInvokeAiDream, parseInvokeAiLegacy } from './invokeai.ts';
import { parseHfSpace, parseRuinedFooocus } from './json-parameters.ts';
import { parseNovelAi } from './novelai.ts';
import { emptyMetadata } from './result.ts';
import { JPEG_COMMENT, MetadataSources, readSources, USER_COMMENT } from './sources.ts';
import { decodeHiddenText } from './stealth.ts';
import { parseSwarmUi } from './swarmui.ts';
import { withTensorArt } from './tensorart.ts';
import type { GenerationMetadata } from './types.ts';

export type { GenerationMetadata } from './types.ts';

/**
 * `hidden`: text the image processor found hidden in the pixels (stealth.ts), read when the
 * file's texts give nothing. Content credentials (c2pa.ts) add the tool they name.
 */
export async function extractGenerationMetadata(
  bytes: Uint8Array,
  budget = new ReadBudget(),
  hidden: HiddenText | null = null,
): Promise<GenerationMetadata> {
  try {
    const found = (await fromSources(await readSources(bytes, budget), budget)) ?? (await fromHiddenText(hidden, budget));
    // Content credentials name a tool but no generation: they stand alone only when nothing else was found.
    const madeWith = await readContentCredentials(bytes, budget);
    if (madeWith === null) return found ?? emptyMetadata();
    return found ? { ...found, madeWith } : { ...emptyMetadata(), generator: 'c2pa', madeWith };
  } catch {
    // A reader bug on hostile bytes must not break an upload: no metadata is a valid outcome.
    return emptyMetadata();
  }
}

async function fromSources(sources: MetadataSources, budget: ReadBudget): Promise<GenerationMetadata | null> {
  return (await fromOwnRecord(sources)) ?? (await fromGraph(sources, budget)) ?? fromText(sources);
}

/**
 * The text hidden in the pixels: A1111 writes its `parameters` text there; NovelAI a JSON object
 * of its text chunks, unwrapped like a comment's.
 */
async function fromHiddenText(hidden: HiddenText | null, budget: ReadBudget): Promise<GenerationMetadata | null> {
  const text = hidden && (await decodeHiddenText(hidden, budget));
  if (!text) return null;
  const sources = new MetadataSources(new Map([['parameters', text]]), budget);
  await sources.unwrap('parameters');
  return fromSources(sources, budget);
}

/** Records only one tool writes, under its own keys or with its own JSON keys. */
async function fromOwnRecord(sources: MetadataSources): Promise<GenerationMetadata | null> {
  const swarmKeys = sources.has('sui_image_params') ? ['sui_image_params'] : ['parameters', USER_COMMENT, JPEG_COMMENT];
  for (const key of swarmKeys) {
    const source = await sources.json(key);
    const swarm = parseSwarmUi(key === 'sui_image_params' ? { sui_image_params: source } : source);
    if (swarm) return swarm;
  }

  if (sources.has('invokeai_metadata')) return parseInvokeAi(await sources.json('invokeai_metadata'));
  if (sources.has('sd-metadata')) return parseInvokeAiLegacy(await sources.json('sd-metadata'));
  const dream = sources.text('Dream') ?? sources.text('dream');
  if (dream !== undefined) return parseInvokeAiDream(dream);

  if (sources.has('Comment') && (sources.text('Software') === 'NovelAI' || sources.has('Description'))) {
    const novelai = parseNovelAi(sources.text('Description'), await sources.json('Comment'), sources.text('Source'));
    if (novelai) return novelai;
  }

  for (const key of ['parameters', USER_COMMENT]) {
    const json = await sources.json(key);
    const found = parseFooocus(json) ?? parseRuinedFooocus(json) ?? parseHfSpace(json);
    if (found) return found;
  }
  const parameters = sources.text('parameters');
  if (parameters !== undefined && sources.text('fooocus_scheme') === 'a1111') return { ...parseA1111(parameters), generator: 'fooocus' };
  return null;
}

/**
 * A ComfyUI graph is the program that ran, so it wins over a text written next to it (save nodes
 * write A1111-style text from unwired defaults). Building a graph and walking it are steps of
 * their own: each is bounded (comfy-graph.ts).
 */
async function fromGraph(sources: MetadataSources, budget: ReadBudget): Promise<GenerationMetadata | null> {
  const api = await sources.json('prompt');
  const apiGraph = graphFromApiPrompt(api);
  if (apiGraph) await budget.step();
  let reading = apiGraph ? parseComfyGraph(apiGraph) : null;
  if (!reading && sources.has('workflow')) {
    const uiGraph = graphFromWorkflow(await sources.json('workflow'));
    await budget.step();
    reading = uiGraph ? parseComfyGraph(uiGraph) : null;
  }
  if (sources.has('generation_data')) return withTensorArt(reading, await sources.json('generation_data'));
  const civitai = await civitaiExtras(api, sources);
  return civitai ? withCivitai(reading, civitai) : reading;
}

/** A1111-style text: the `parameters` chunk, or a JPEG/WebP comment. */
function fromText(sources: MetadataSources): GenerationMetadata | null {
  const parameters = sources.text('parameters');
  if (parameters !== undefined && !/^\s*[[{]/.test(parameters)) return withoutUnwiredDefaults(parseA1111(parameters));
  for (const key of [USER_COMMENT, JPEG_COMMENT]) {
    const text = sources.text(key);
    if (text !== undefined && looksLikeA1111(text)) return withoutUnwiredDefaults(parseA1111(text));
  }
  return null;
}

/**
 * A ComfyUI save node with nothing wired to it writes its own widget defaults, its prompt the
 * placeholder "unknown": none of it describes the image, so only the tool is kept.
 */
function withoutUnwiredDefaults(reading: GenerationMetadata): GenerationMetadata {
  return reading.generator === 'comfyui' && reading.prompt === 'unknown' ? { ...emptyMetadata(), generator: 'comfyui' } : reading;
}
