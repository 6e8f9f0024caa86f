// The metadata texts a file carries, under their keys: PNG text chunks by keyword; for JPEG and
// WebP the EXIF UserComment, the JPEG COM segment and "key:{json}" tags. Save nodes of JPEG and
// WebP files often wrap what a PNG keeps in chunks as one JSON object in the UserComment
// (ComfyUI's {"prompt", "workflow"}, NovelAI's {"Comment", "Description", …}, Civitai's graph
// itself): its members are filed under their own keys, as if they were chunks. Each text's
// JSON is parsed at most once, each parse a step of the file's budget (budget.ts).
import type { ReadBudget } from './budget.ts';
import { readExif } from './exif.ts';
import { readJpegMetadata } from './jpeg-exif.ts';
import { parseLenientJson } from './lenient-json.ts';
import { readPngText } from './png-chunks.ts';
import { isRecord } from './result.ts';
import { readWebpExif } from './webp-exif.ts';

/** Keys under which JPEG/WebP text is filed next to the PNG chunk keywords. */
export const USER_COMMENT = 'exif:UserComment';
export const JPEG_COMMENT = 'jpeg:COM';
/** Members taken from one wrapping JSON object (real ones have a handful). */
const MAX_MEMBERS = 64;

export class MetadataSources {
  /** Parsed JSON by key; members unwrapped from an object come already parsed. */
  private readonly parsed = new Map<string, unknown>();
  private readonly texts: Map<string, string>;
  private readonly budget: ReadBudget;

  constructor(texts: Map<string, string>, budget: ReadBudget) {
    this.texts = texts;
    this.budget = budget;
  }

  has(key: string): boolean {
    return this.texts.has(key) || this.parsed.has(key);
  }

  text(key: string): string | undefined {
    return this.texts.get(key);
  }

  /** A text's JSON (see parse), parsed once. */
  async json(key: string): Promise<unknown> {
    if (!this.parsed.has(key)) {
      const text = this.texts.get(key);
      this.parsed.set(key, text === undefined ? undefined : await this.parse(text));
    }
    return this.parsed.get(key);
  }

  /** JSON of an object or array, each parse a step of its own; undefined when it is none, or once the time is spent. */
  async parse(text: string): Promise<unknown> {
    if (!/^\s*[[{]/.test(text)) return undefined;
    await this.budget.step();
    return this.budget.outOfTime ? undefined : parseLenientJson(withoutTrailingNuls(text));
  }

  /** Files the members of a JPEG/WebP comment's JSON object under their own keys (never over a key already there). */
  async unwrap(key: string): Promise<void> {
    const json = await this.json(key);
    if (!isRecord(json)) return;
    if (isApiGraph(json)) {
      this.add('prompt', json);
      return;
    }
    let taken = 0;
    for (const member in json) {
      if (++taken > MAX_MEMBERS) return;
      const value = json[member];
      if (typeof value === 'string') {
        if (!this.has(member)) this.texts.set(member, value);
      } else if (typeof value === 'object' && value !== null) this.add(member, value);
    }
  }

  private add(key: string, value: unknown): void {
    if (!this.has(key)) this.parsed.set(key, value);
  }
}

/** A ComfyUI graph in its API form: some member is a node (it has a class_type). */
function isApiGraph(json: Record<string, unknown>): boolean {
  let looked = 0;
  for (const id in json) {
    const node = json[id];
    if (isRecord(node) && typeof node.class_type === 'string') return true;
    if (++looked >= MAX_MEMBERS) return false;
  }
  return false;
}

/** Some writers (TensorArt) pad a text with NULs; by index, as a pattern would rescan every run of them. */
function withoutTrailingNuls(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0) end--;
  return end === text.length ? text : text.slice(0, end);
}

export async function readSources(bytes: Uint8Array, budget: ReadBudget): Promise<MetadataSources> {
  const texts = await readPngText(bytes, budget);
  if (texts.size > 0) return new MetadataSources(texts, budget);
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
  const sources = new MetadataSources(texts, budget);
  for (const key of [USER_COMMENT, JPEG_COMMENT]) await sources.unwrap(key);
  return sources;
}
