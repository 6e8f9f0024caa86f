// Building blocks for a GenerationMetadata: the empty result and lenient value coercion
// (metadata writers disagree on whether numbers are numbers or strings).
import type { GenerationSettings, LoraUse } from '#lib/galleries.ts';
import type { GenerationMetadata } from './types.ts';

export function emptySettings(): GenerationSettings {
  return { steps: null, sampler: null, scheduler: null, cfg: null, seed: null, width: null, height: null };
}

export function emptyMetadata(): GenerationMetadata {
  return { generator: null, prompt: null, negativePrompt: null, checkpoint: null, loras: [], settings: emptySettings() };
}

/** A prompt as stored: leading blank lines and trailing whitespace dropped, empty → null. */
export function cleanPrompt(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
  return text.trim() === '' ? null : text;
}

export function toText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export function toInteger(value: unknown): number | null {
  const n = toNumber(value);
  return n !== null && Number.isInteger(n) ? n : null;
}

/** Seeds exceed Number's safe range: keep the digits as written when they come as text. */
export function toSeed(value: unknown): string | null {
  if (typeof value === 'string') return /^-?\d+$/.test(value.trim()) ? value.trim() : null;
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  return null;
}

/** "1024x768" (also "1024 x 768", "(1024, 768)") → [1024, 768]. */
export function parseSize(value: unknown): [number, number] | null {
  if (typeof value !== 'string') return null;
  const match = /^\s*\(?\s*(\d{1,6})\s*[x×,]\s*(\d{1,6})\s*\)?\s*$/i.exec(value);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** Adds a LoRA unless it is switched off (weight 0) or already listed. */
export function addLora(loras: LoraUse[], name: unknown, weight: number | null): void {
  if (typeof name !== 'string' || name.trim() === '' || weight === 0) return;
  if (loras.some((l) => l.name === name.trim())) return;
  loras.push({ name: name.trim(), weight });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Completes a reading with what another source of the same file says, where the reading has
 * nothing: its own values always win (they describe the generation that ran).
 */
export function fillGaps(reading: GenerationMetadata, other: GenerationMetadata): GenerationMetadata {
  const settings: Record<string, unknown> = { ...reading.settings };
  for (const [key, value] of Object.entries(other.settings)) if (settings[key] == null && value != null) settings[key] = value;
  return {
    ...reading,
    prompt: reading.prompt ?? other.prompt,
    negativePrompt: reading.negativePrompt ?? other.negativePrompt,
    checkpoint: reading.checkpoint ?? other.checkpoint,
    loras: reading.loras.length > 0 ? reading.loras : other.loras,
    settings: settings as unknown as GenerationSettings,
  };
}
