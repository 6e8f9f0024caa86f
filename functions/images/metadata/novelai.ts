// NovelAI: the prompt in the `Description` text chunk, the rest in the `Comment` JSON
// (uc = the negative prompt, scale = CFG). V4 files also carry the prompts inside Comment.
import { cleanPrompt, emptyMetadata, isRecord, toInteger, toNumber, toSeed, toText } from './result.ts';
import type { GenerationMetadata } from './types.ts';

export function parseNovelAi(description: string | undefined, comment: unknown, source: string | undefined): GenerationMetadata | null {
  if (!isRecord(comment)) return null;
  const result = emptyMetadata();
  result.generator = 'novelai';
  // The WebP writer starts Description with NULs.
  result.prompt =
    cleanPrompt(description?.replaceAll('\0', '')) ?? cleanPrompt(comment.prompt) ?? cleanPrompt(v4Caption(comment.v4_prompt));
  result.negativePrompt = cleanPrompt(comment.uc) ?? cleanPrompt(v4Caption(comment.v4_negative_prompt));
  result.checkpoint = toText(source);
  result.settings = {
    steps: toInteger(comment.steps),
    sampler: toText(comment.sampler),
    scheduler: toText(comment.noise_schedule),
    cfg: toNumber(comment.scale),
    seed: toSeed(comment.seed),
    width: toInteger(comment.width),
    height: toInteger(comment.height),
  };
  return result;
}

function v4Caption(prompt: unknown): unknown {
  return isRecord(prompt) && isRecord(prompt.caption) ? prompt.caption.base_caption : undefined;
}
