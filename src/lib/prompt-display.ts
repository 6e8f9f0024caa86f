// Display rules for a prompt stored as raw text (older uploads, pasted metadata; docs/product.md, How a prompt is shown): what
// the visitor reads as the prompt and as the negative prompt. Plain string work, so the browser
// and the server share it. The result is text: whoever shows it escapes it.

export interface DisplayPrompt {
  prompt: string;
  negative: string;
}

/** Labels of generation-setting lines (A1111 style `Steps: 20, Sampler: …`); such a line and all after it are cut. */
const SETTING_LINE =
  /^\s*(steps|sampler|schedule type|scheduler|cfg scale|cfg|seed|size|model|model hash|vae|vae hash|clip skip|denoising strength|hires [a-z ]+|lora hashes|ti hashes|version|eta|ensd)\s*:/i;
/** `Steps: <number>` starts the settings even when they run on in the same line. */
const INLINE_SETTINGS = /\bsteps:\s*\d/i;
const LEADING_PROMPT_LABEL = /^\s*prompt\s*:\s*/i;
const NEGATIVE_LABEL = /negative prompt\s*:/i;

/**
 * Terms that only a negative prompt contains: with no label, the first of them starts the
 * negative part. A term must be a whole comma-separated token (weights and brackets aside), so
 * "blurry background" in a positive prompt does not count.
 */
const BAD_QUALITY_TERMS = new Set([
  'worst quality',
  'low quality',
  'normal quality',
  'bad quality',
  'worst detail',
  'lowres',
  'low res',
  'bad anatomy',
  'bad hands',
  'bad proportions',
  'bad fingers',
  'missing fingers',
  'extra fingers',
  'extra digit',
  'extra digits',
  'fewer digits',
  'extra limbs',
  'blurry',
  'watermark',
  'jpeg artifacts',
  'signature',
  'username',
  'deformed',
  'disfigured',
  'mutated',
  'mutation',
  'poorly drawn hands',
  'poorly drawn face',
  'ugly',
  'easynegative',
  'ng_deepnegative_v1_75t',
  'bad-hands-5',
  'bad_prompt_version2',
]);

const EMPTY: DisplayPrompt = { prompt: '', negative: '' };

export function splitPromptForDisplay(raw: string | null | undefined): DisplayPrompt {
  if (typeof raw !== 'string' || raw.trim() === '') return { ...EMPTY };
  const mined = mineWorkflowJson(raw);
  if (mined) return mined;

  const text = cutSettings(raw.replace(/\r\n?/g, '\n').replace(LEADING_PROMPT_LABEL, ''));
  const label = NEGATIVE_LABEL.exec(text);
  if (label) return { prompt: text.slice(0, label.index).trim(), negative: text.slice(label.index + label[0].length).trim() };

  const start = firstBadQualityToken(text);
  if (start === null) return { prompt: text.trim(), negative: '' };
  return { prompt: text.slice(0, start).replace(/[\s,]+$/, ''), negative: text.slice(start).trim() };
}

/** The text before the first generation-setting line (or an inline "Steps: N"). */
function cutSettings(text: string): string {
  const lines = text.split('\n');
  const settingsLine = lines.findIndex((line) => SETTING_LINE.test(line));
  const kept = settingsLine >= 0 ? lines.slice(0, settingsLine).join('\n') : text;
  const inline = INLINE_SETTINGS.exec(kept);
  return inline ? kept.slice(0, inline.index) : kept;
}

/** Offset of the first comma- or line-separated token that is a bad-quality term; null when none. */
function firstBadQualityToken(text: string): number | null {
  const token = /[^,\n]+/g;
  for (let match = token.exec(text); match; match = token.exec(text)) {
    if (isBadQualityTerm(match[0])) return match.index + (match[0].length - match[0].trimStart().length);
  }
  return null;
}

function isBadQualityTerm(token: string): boolean {
  const bare = token
    .trim()
    .replace(/^[([{]+|[)\]}]+$/g, '')
    .replace(/:\s*-?[\d.]+$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  return BAD_QUALITY_TERMS.has(bare) || BAD_QUALITY_TERMS.has(bare.replace(/_/g, ' '));
}

// ---- ComfyUI JSON stored as the prompt ----

interface EncoderText {
  text: string;
  label: string;
}

/**
 * A prompt that is a ComfyUI graph (API "prompt" or UI "workflow" JSON): its text-encode
 * nodes' texts. The negative is the one labelled "negative" (title or type), else one that
 * starts with bad-quality terms; the longest remaining text is the prompt. Null when the text
 * is not such JSON.
 */
function mineWorkflowJson(raw: string): DisplayPrompt | null {
  if (!/^\s*\{/.test(raw)) return null;
  const json = parseGraphJson(raw);
  if (!isRecord(json)) return null;
  const encoders = Array.isArray(json.nodes) ? uiEncoders(json.nodes) : apiEncoders(json);
  if (encoders === null) return null;

  const texts = encoders.filter((e) => e.text.trim() !== '');
  const longest = (list: EncoderText[]) =>
    list.reduce<EncoderText | null>((best, e) => (!best || e.text.trim().length > best.text.trim().length ? e : best), null);
  const labelled = texts.filter((e) => /negative/i.test(e.label));
  const negative = longest(labelled.length > 0 ? labelled : texts.filter((e) => firstBadQualityToken(e.text) === leadingSpace(e.text)));
  const prompt = longest(texts.filter((e) => e !== negative && !labelled.includes(e)));
  return { prompt: prompt?.text.trim() ?? '', negative: negative?.text.trim() ?? '' };
}

function leadingSpace(text: string): number {
  return text.length - text.trimStart().length;
}

const ENCODER_TYPE = /TextEncode|CLIPText|PromptEncode/i;
const TEXT_INPUTS = ['text', 'text_g', 'prompt', 't5xxl', 'clip_l', 'text_l'];

/** API form: { id: { class_type, inputs, _meta: { title } } }; null when no value looks like a node. */
function apiEncoders(graph: Record<string, unknown>): EncoderText[] | null {
  const nodes = Object.values(graph).filter((n): n is Record<string, unknown> => isRecord(n) && typeof n.class_type === 'string');
  if (nodes.length === 0) return null;
  const found: EncoderText[] = [];
  for (const node of nodes) {
    const inputs = isRecord(node.inputs) ? node.inputs : {};
    if (!ENCODER_TYPE.test(String(node.class_type)) && !('clip' in inputs && TEXT_INPUTS.some((k) => typeof inputs[k] === 'string')))
      continue;
    const text = TEXT_INPUTS.map((k) => inputs[k]).find((v): v is string => typeof v === 'string' && v.trim() !== '');
    const title = isRecord(node._meta) && typeof node._meta.title === 'string' ? node._meta.title : '';
    if (text !== undefined) found.push({ text, label: `${title} ${String(node.class_type)}` });
  }
  return found;
}

/** UI form: { nodes: [{ type, title, widgets_values }] }: an encoder's longest string widget. */
function uiEncoders(nodes: unknown[]): EncoderText[] {
  const found: EncoderText[] = [];
  for (const node of nodes) {
    if (!isRecord(node) || typeof node.type !== 'string' || !ENCODER_TYPE.test(node.type) || !Array.isArray(node.widgets_values)) continue;
    const strings = node.widgets_values.filter((v): v is string => typeof v === 'string');
    if (strings.length === 0) continue;
    const text = strings.reduce((a, b) => (b.length > a.length ? b : a));
    found.push({ text, label: `${typeof node.title === 'string' ? node.title : ''} ${node.type}` });
  }
  return found;
}

/** JSON.parse that accepts Python's NaN / Infinity outside strings; undefined when not JSON. */
function parseGraphJson(raw: string): unknown {
  try {
    return JSON.parse(raw.replace(/"[^"\\]*(?:\\.[^"\\]*)*"|-?Infinity|NaN/g, (token) => (token.startsWith('"') ? token : 'null')));
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
