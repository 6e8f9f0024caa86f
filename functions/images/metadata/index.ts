// Reads the generation metadata an AI image carries (decision 0009). The container readers
// gather the file's metadata texts under their keys (PNG text chunks; JPEG/WebP EXIF
// UserComment and "key:{json}" tags); the generator is then recognised by what is present.
// Pure TypeScript on the bytes, for any runtime. Never throws: unreadable, hostile or oversized
// metadata gives what could be read, or an empty result (generator null). Asynchronous: the
// reading works within a budget per file and yields between its steps (budget.ts).
import type { HiddenText } from '#core/images.ts';
import { looksLikeA1111, parseA1111 } from './a1111.ts';
import { ReadBudget } from './budget.ts';
import { readContentCredentials } from './c2pa.ts';
import { graphFromApiPrompt } from './comfy-graph.ts';
import { graphFromWorkflow } from './comfy-workflow.ts';
import { parseComfyGraph } from './comfyui.ts';
import { readExif } from './exif.ts';
import { parseFooocus } from './fooocus.ts';
import { parseInvokeAi, parseInvokeAiDream, parseInvokeAiLegacy } from './invokeai.ts';
import { readJpegMetadata } from './jpeg-exif.ts';
import { parseLenientJson } from './lenient-json.ts';
import { parseNovelAi } from './novelai.ts';
import { readPngText } from './png-chunks.ts';
import { emptyMetadata } from './result.ts';
import { hiddenTexts } from './stealth.ts';
import { parseSwarmUi } from './swarmui.ts';
import type { GenerationMetadata } from './types.ts';
import { readWebpExif } from './webp-exif.ts';

export type { GenerationMetadata } from './types.ts';

/** Keys under which JPEG/WebP text is filed next to the PNG chunk keywords. */
const USER_COMMENT = 'exif:UserComment';
const JPEG_COMMENT = 'jpeg:COM';

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
    const found =
      (await fromTexts(await readTexts(bytes, budget), budget)) ?? (hidden && (await fromTexts(await hiddenTexts(hidden, budget), budget)));
    // Content credentials name a tool but no generation: they stand alone only when nothing else was found.
    const madeWith = await readContentCredentials(bytes, budget);
    if (madeWith === null) return found ?? emptyMetadata();
    return found ? { ...found, madeWith } : { ...emptyMetadata(), generator: 'c2pa', madeWith };
  } catch {
    // A reader bug on hostile bytes must not break an upload: no metadata is a valid outcome.
    return emptyMetadata();
  }
}

async function readTexts(bytes: Uint8Array, budget: ReadBudget): Promise<Map<string, string>> {
  const texts = await readPngText(bytes, budget);
  if (texts.size > 0) return texts;
  const jpeg = readJpegMetadata(bytes);
  if (jpeg.comment !== null) texts.set(JPEG_COMMENT, jpeg.comment);
  const tiff = jpeg.exif ?? readWebpExif(bytes);
  if (tiff) {
    const exif = readExif(tiff);
    if (exif.userComment !== null) texts.set(USER_COMMENT, exif.userComment);
    // ComfyUI's WebP writer: Model = "prompt:{…}", Make = "workflow:{…}".
    for (const text of exif.tagTexts) {
      const match = /^\s*(\w+):\s*([[{][\s\S]*)$/.exec(text);
      if (match && !texts.has(match[1]!.toLowerCase())) texts.set(match[1]!.toLowerCase(), match[2]!);
    }
  }
  return texts;
}

async function fromTexts(texts: Map<string, string>, budget: ReadBudget): Promise<GenerationMetadata | null> {
  const parsed = new Map<string, unknown>(); // each text is parsed at most once
  /** A text's JSON, each parse a step of its own; nothing once the time is spent. */
  const json = async (key: string) => {
    if (!parsed.has(key)) {
      const text = texts.get(key);
      const isJson = text !== undefined && /^\s*[[{]/.test(text);
      if (isJson) await budget.step();
      parsed.set(key, isJson && !budget.outOfTime ? parseLenientJson(text) : undefined);
    }
    return parsed.get(key);
  };
  const freeTexts = ['parameters', USER_COMMENT, JPEG_COMMENT].filter((key) => texts.has(key));

  const swarmKeys = texts.has('sui_image_params') ? ['sui_image_params'] : freeTexts;
  for (const key of swarmKeys) {
    const source = await json(key);
    const swarm = parseSwarmUi(key === 'sui_image_params' ? { sui_image_params: source } : source);
    if (swarm) return swarm;
  }

  if (texts.has('invokeai_metadata')) return parseInvokeAi(await json('invokeai_metadata'));
  if (texts.has('sd-metadata')) return parseInvokeAiLegacy(await json('sd-metadata'));
  const dream = texts.get('Dream') ?? texts.get('dream');
  if (dream !== undefined) return parseInvokeAiDream(dream);

  if (texts.has('Comment') && (texts.get('Software') === 'NovelAI' || texts.has('Description'))) {
    const novelai = parseNovelAi(texts.get('Description'), await json('Comment'), texts.get('Source'));
    if (novelai) return novelai;
  }

  const fooocus = parseFooocus(await json('parameters'));
  if (fooocus) return fooocus;
  const parameters = texts.get('parameters');
  if (parameters !== undefined && texts.get('fooocus_scheme') === 'a1111') return { ...parseA1111(parameters), generator: 'fooocus' };
  if (parameters !== undefined && !/^\s*[[{]/.test(parameters)) return parseA1111(parameters);
  for (const key of [USER_COMMENT, JPEG_COMMENT]) {
    const text = texts.get(key);
    if (text !== undefined && looksLikeA1111(text)) return parseA1111(text);
  }

  // Building a graph and walking it are steps of their own: each is bounded (comfy-graph.ts).
  const apiGraph = graphFromApiPrompt(await json('prompt'));
  await budget.step();
  const fromApi = apiGraph ? parseComfyGraph(apiGraph) : null;
  if (fromApi) return fromApi;
  const uiGraph = graphFromWorkflow(await json('workflow'));
  await budget.step();
  return uiGraph ? parseComfyGraph(uiGraph) : null;
}
