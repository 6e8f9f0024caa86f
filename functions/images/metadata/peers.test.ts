// Every file of tests/fixtures/ai-images-peers/ against the values its source project asserts
// (expected.json), compared as the corpus README says: whitespace and trailing commas trimmed, a
// checkpoint or LoRA by its name without folder or model-file extension, `also_accepted` equally right.
import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findHiddenText } from '#scripts/server/sharp-images.ts';
import { extractGenerationMetadata } from './index.ts';
import type { GenerationMetadata } from './types.ts';

const CORPUS = new URL('../../../tests/fixtures/ai-images-peers/', import.meta.url);
/** As the upload reads a file: with the text its image processor finds hidden in the pixels (decision 49). */
async function read(name: string): Promise<GenerationMetadata> {
  const bytes = new Uint8Array(readFileSync(new URL(name, CORPUS)));
  return extractGenerationMetadata(bytes, undefined, await findHiddenText(bytes, await sharp(bytes).metadata()));
}

type Field = 'generator' | 'prompt' | 'negative' | 'checkpoint' | 'loras' | 'width' | 'height';
const FIELDS: Field[] = ['generator', 'prompt', 'negative', 'checkpoint', 'loras', 'width', 'height'];

interface Expected extends Record<Field, unknown> {
  also_accepted?: Partial<Record<Field, unknown[]>>;
}
const EXPECTED: Record<string, Expected> = JSON.parse(readFileSync(new URL('expected.json', CORPUS), 'utf8'));

/**
 * Where this reader knowingly reads more than the source project asserts: NovelAI names its model
 * in `Source`, kept as the checkpoint (docs/product.md, What the gallery reads from a file).
 */
const READS_MORE: Record<string, Partial<Record<Field, unknown>>> = {
  'novelai-curated.webp': { checkpoint: 'NovelAI Diffusion V4.5 C02D4F98' },
};

const baseName = (name: string) => name.replace(/^.*[\\/]/, '').replace(/\.(safetensors|ckpt|pt|pth|bin|gguf|sft)$/i, '');
const clean = (text: string) => text.trim().replace(/,+$/, '').trim();

function normalise(field: Field, value: unknown): unknown {
  if (value === null || value === undefined) return field === 'negative' || field === 'prompt' ? '' : null;
  if (field === 'generator') return String(value).toLowerCase();
  if (field === 'checkpoint') return baseName(String(value));
  if (field === 'loras') return (value as { name: string }[]).map((lora) => baseName(typeof lora === 'string' ? lora : lora.name));
  return typeof value === 'string' ? clean(value) : value;
}

function actual(found: GenerationMetadata, field: Field): unknown {
  const values: Record<Field, unknown> = {
    generator: found.generator,
    prompt: found.prompt,
    negative: found.negativePrompt,
    checkpoint: found.checkpoint,
    loras: found.loras,
    width: found.settings.width,
    height: found.settings.height,
  };
  return values[field];
}

/** The fields read right (the expected value or one of `also_accepted`), as a list to compare. */
function compare(found: GenerationMetadata, expected: Expected, fields: Field[]) {
  return fields.map((field) => {
    const value = normalise(field, actual(found, field));
    const accepted = [expected[field], ...(expected.also_accepted?.[field] ?? [])].map((v) => normalise(field, v));
    const right = accepted.some((v) => JSON.stringify(v) === JSON.stringify(value));
    return { field, value: right ? accepted[0] : value };
  });
}

const expectation = (expected: Expected, fields: Field[]) => fields.map((field) => ({ field, value: normalise(field, expected[field]) }));

describe('the peers corpus: every file read as its source project reads it', () => {
  it('expected.json names every image of the folder', () => {
    const images = readdirSync(CORPUS).filter((name) => /\.(png|jpe?g|webp)$/i.test(name));
    expect(Object.keys(EXPECTED).sort()).toEqual(images.sort());
  });

  for (const [name, asserted] of Object.entries(EXPECTED)) {
    const expected: Expected = { ...asserted, ...READS_MORE[name] };
    it(`${name}: ${FIELDS.join(', ')}`, async () => {
      expect(compare(await read(name), expected, FIELDS)).toEqual(expectation(expected, FIELDS));
    });
  }
});
