// AUTOMATIC1111-style `parameters` text, also written by Forge, reForge, SD.Next and Civitai:
//   <prompt lines>
//   Negative prompt: <negative lines>
//   Steps: 20, Sampler: DPM++ 2M, Schedule type: Karras, CFG scale: 7, Seed: 1, Size: 512x512, Model: name, …
import type { LoraUse } from '#lib/galleries.ts';
import { addLora, cleanPrompt, emptyMetadata, isRecord, parseSize, toInteger, toNumber, toSeed, toText } from './result.ts';
import type { GenerationMetadata } from './types.ts';

const NEGATIVE_LABEL = /^negative prompt:/i;
/**
 * Pairs read from a settings line (real lines have a few dozen), and how far a JSON value is
 * looked for its closing bracket (Civitai's resource lists are a few KB): an unclosed bracket
 * is scanned to that limit, not to the end of the line, once per pair.
 */
const MAX_SETTINGS = 128;
const MAX_JSON_VALUE = 16 * 1024;

export function parseA1111(text: string): GenerationMetadata {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const settingsIndex = findSettingsLine(lines);
  const settings = settingsIndex >= 0 ? parseSettingsLine(lines[settingsIndex] ?? '') : new Map<string, string>();
  const body = settingsIndex >= 0 ? lines.slice(0, settingsIndex) : lines;

  const promptLines: string[] = [];
  const negativeLines: string[] = [];
  for (const line of body) {
    if (negativeLines.length === 0 && NEGATIVE_LABEL.test(line)) negativeLines.push(line.replace(NEGATIVE_LABEL, '').trimStart());
    else (negativeLines.length > 0 ? negativeLines : promptLines).push(line);
  }

  const result = emptyMetadata();
  const civitaiResources = parseJson(settings.get('civitai resources'));
  result.generator = Array.isArray(civitaiResources) || settings.has('civitai metadata') ? 'civitai' : 'automatic1111';
  if (settings.get('version') === 'ComfyUI') result.generator = 'comfyui'; // a ComfyUI save node's text
  result.prompt = cleanPrompt(promptLines.join('\n'));
  result.negativePrompt = cleanPrompt(negativeLines.join('\n'));
  result.checkpoint = toText(settings.get('model')) ?? civitaiCheckpoint(civitaiResources);
  result.loras = promptLoras(result.prompt ?? '');
  if (Array.isArray(civitaiResources)) addCivitaiLoras(result.loras, civitaiResources);

  const size = parseSize(settings.get('size'));
  result.settings = {
    steps: toInteger(settings.get('steps')),
    sampler: toText(settings.get('sampler')),
    scheduler: toText(settings.get('schedule type')),
    cfg: toNumber(settings.get('cfg scale')),
    seed: toSeed(settings.get('seed')),
    width: size?.[0] ?? null,
    height: size?.[1] ?? null,
  };
  return result;
}

/** True when the text looks like A1111 parameters (a settings line or a negative label). */
export function looksLikeA1111(text: string): boolean {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return findSettingsLine(lines) >= 0 || lines.some((l) => NEGATIVE_LABEL.test(l));
}

/**
 * The settings line: the last line starting with "Steps:", else (as A1111 itself decides) the
 * last line when it holds at least three `key: value` pairs. Lines after it are extras some
 * tools append; they are not part of the negative prompt.
 */
function findSettingsLine(lines: string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) if (/^\s*Steps:\s*\d/.test(lines[i] ?? '')) return i;
  let last = lines.length - 1;
  while (last >= 0 && (lines[last] ?? '').trim() === '') last--;
  if (last > 0 && parseSettingsLine(lines[last] ?? '').size >= 3) return last;
  return -1;
}

/**
 * `Key: value, Key: "quoted, with commas", Key: {json}` → lower-cased key → value. Values are
 * quoted strings, balanced JSON objects/arrays, or text up to the next comma.
 */
export function parseSettingsLine(line: string): Map<string, string> {
  const values = new Map<string, string>();
  let at = 0;
  for (let pairs = 0; at < line.length && pairs < MAX_SETTINGS; pairs++) {
    const keyMatch = /\s*([A-Za-z][\w \-/().]*?):\s*/y;
    keyMatch.lastIndex = at;
    const found = keyMatch.exec(line);
    if (!found) break;
    at = keyMatch.lastIndex;
    const [value, next] = readValue(line, at);
    if (!values.has(found[1]!.toLowerCase())) values.set(found[1]!.toLowerCase(), value);
    at = next;
    // skip to after the next separating comma
    const comma = line.indexOf(',', at);
    if (comma < 0) break;
    at = comma + 1;
  }
  return values;
}

function readValue(line: string, start: number): [string, number] {
  const first = line[start];
  if (first === '"') {
    let i = start + 1;
    while (i < line.length && line[i] !== '"') i += line[i] === '\\' ? 2 : 1;
    const raw = line.slice(start, i + 1);
    const parsed = parseJson(raw);
    return [typeof parsed === 'string' ? parsed : raw.slice(1, -1), i + 1];
  }
  if (first === '{' || first === '[') {
    const end = balancedEnd(line, start);
    if (end > 0) return [line.slice(start, end), end];
  }
  const comma = line.indexOf(',', start);
  const end = comma < 0 ? line.length : comma;
  return [line.slice(start, end).trim(), end];
}

/** Index just after the bracket closing the one at `start` (strings respected); -1 if unbalanced. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < Math.min(text.length, start + MAX_JSON_VALUE); i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `<lora:name:0.8>`, `<lora:name>` (no weight), `<lyco:name:1:0.5>` (first number = model weight). */
export function promptLoras(prompt: string): LoraUse[] {
  const loras: LoraUse[] = [];
  for (const match of prompt.matchAll(/<(?:lora|lyco):([^<>:]+)(?::([^<>]*))?>/gi)) {
    const weightText = (match[2] ?? '').split(':')[0]!.replace(/^\w+=/, '');
    addLora(loras, match[1], weightText === '' ? null : toNumber(weightText));
  }
  return loras;
}

function civitaiCheckpoint(resources: unknown): string | null {
  if (!Array.isArray(resources)) return null;
  const checkpoint = resources.find((r) => isRecord(r) && r.type === 'checkpoint');
  return isRecord(checkpoint) ? toText(checkpoint.modelName) : null;
}

function addCivitaiLoras(loras: LoraUse[], resources: unknown[]): void {
  for (const r of resources) {
    if (isRecord(r) && (r.type === 'lora' || r.type === 'lycoris')) addLora(loras, r.modelName, toNumber(r.weight));
  }
}
