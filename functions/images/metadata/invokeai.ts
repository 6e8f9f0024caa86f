// InvokeAI: `invokeai_metadata` JSON (3.x and later); the older `sd-metadata` JSON and `dream`
// command line (2.x), where the negative prompt sits in [brackets] inside the prompt.
import { addLora, cleanPrompt, emptyMetadata, isRecord, toInteger, toNumber, toSeed, toText } from './result.ts';
import type { GenerationMetadata } from './types.ts';

export function parseInvokeAi(json: unknown): GenerationMetadata | null {
  if (!isRecord(json) || !('positive_prompt' in json)) return null;
  const result = emptyMetadata();
  result.generator = 'invokeai';
  result.prompt = cleanPrompt(json.positive_prompt);
  result.negativePrompt = cleanPrompt(json.negative_prompt);
  result.checkpoint = modelName(json.model);
  for (const lora of Array.isArray(json.loras) ? json.loras : []) {
    if (isRecord(lora)) addLora(result.loras, modelName(lora.lora ?? lora.model), toNumber(lora.weight));
  }
  // InvokeAI's "scheduler" names the sampling method (euler, dpmpp_2m_k…).
  result.settings = {
    steps: toInteger(json.steps),
    sampler: toText(json.scheduler),
    scheduler: null,
    cfg: toNumber(json.cfg_scale),
    seed: toSeed(json.seed),
    width: toInteger(json.width),
    height: toInteger(json.height),
  };
  return result;
}

/** InvokeAI 2.x `sd-metadata`: { model_weights, image: { prompt: [{ prompt }], steps, … } }. */
export function parseInvokeAiLegacy(json: unknown): GenerationMetadata | null {
  if (!isRecord(json) || !isRecord(json.image)) return null;
  const image = json.image;
  const prompts = Array.isArray(image.prompt) ? image.prompt : [image.prompt];
  const first = prompts[0];
  const text = typeof first === 'string' ? first : isRecord(first) ? first.prompt : undefined;
  const result = emptyMetadata();
  result.generator = 'invokeai';
  [result.prompt, result.negativePrompt] = splitBracketNegative(typeof text === 'string' ? text : '');
  result.checkpoint = toText(json.model_weights);
  result.settings = {
    steps: toInteger(image.steps),
    sampler: toText(image.sampler),
    scheduler: null,
    cfg: toNumber(image.cfg_scale),
    seed: toSeed(image.seed),
    width: toInteger(image.width),
    height: toInteger(image.height),
  };
  return result;
}

/** InvokeAI 2.x `Dream`: "prompt [negative]" -s 50 -S 42 -W 512 -H 512 -C 7.5 -A k_lms */
export function parseInvokeAiDream(text: string): GenerationMetadata | null {
  const match = /^\s*"((?:[^"\\]|\\.)*)"(.*)$/s.exec(text);
  if (!match) return null;
  const option = (flag: string) => new RegExp(`(?:^|\\s)-${flag}\\s+(\\S+)`).exec(match[2] ?? '')?.[1];
  const result = emptyMetadata();
  result.generator = 'invokeai';
  [result.prompt, result.negativePrompt] = splitBracketNegative(match[1]!.replace(/\\(.)/g, '$1'));
  result.settings = {
    steps: toInteger(option('s')),
    sampler: toText(option('A')),
    scheduler: null,
    cfg: toNumber(option('C')),
    seed: toSeed(option('S')),
    width: toInteger(option('W')),
    height: toInteger(option('H')),
  };
  return result;
}

/**
 * "prompt [negative] more" → prompt "prompt more", negative "negative": each "[" up to the next
 * "]". By index, not a regular expression, which would rescan the rest of the text from every
 * unclosed "[" (quadratic).
 */
function splitBracketNegative(text: string): [string | null, string | null] {
  const kept: string[] = [];
  const negatives: string[] = [];
  let at = 0;
  for (;;) {
    const open = text.indexOf('[', at);
    const close = open < 0 ? -1 : text.indexOf(']', open + 1);
    if (close < 0) break; // no "]" after this "[", so none after any later one either
    kept.push(text.slice(at, open));
    const negative = text.slice(open + 1, close).trim();
    if (negative !== '') negatives.push(negative);
    at = close + 1;
  }
  kept.push(text.slice(at));
  return [
    cleanPrompt(
      kept
        .join('')
        .replace(/\s{2,}/g, ' ')
        .trim(),
    ),
    cleanPrompt(negatives.join(', ')),
  ];
}

function modelName(model: unknown): string | null {
  if (typeof model === 'string') return toText(model);
  return isRecord(model) ? toText(model.model_name ?? model.name) : null;
}
