import { describe, expect, it, vi } from 'vitest';
import type { GenerationMetadata } from './metadata/types.ts';

const found = vi.hoisted(() => ({ value: null as GenerationMetadata | null, throws: false }));
vi.mock('./metadata/index.ts', () => ({
  extractGenerationMetadata: () => {
    if (found.throws) throw new Error('reader bug');
    return found.value;
  },
}));
const { metadataColumns } = await import('./metadata-columns.ts');

const settings = { steps: null, sampler: null, scheduler: null, cfg: null, seed: null, width: null, height: null };
const metadata = (overrides: Partial<GenerationMetadata>): GenerationMetadata => ({
  generator: 'comfyui',
  prompt: null,
  negativePrompt: null,
  checkpoint: null,
  loras: [],
  settings,
  ...overrides,
});

describe('metadataColumns', () => {
  it('keeps text verbatim (HTML included) but drops NUL characters and lone surrogates, and caps lengths', async () => {
    found.value = metadata({
      prompt: '<script>alert(1)</script>\u0000 duck \ud800',
      negativePrompt: 'x'.repeat(50_000),
      checkpoint: `model${'m'.repeat(600)}`,
      settings: { ...settings, sampler: 'euler\u0000', seed: '18446744073709551615' },
    });
    const columns = await metadataColumns(new Uint8Array());
    expect(columns.prompt).toBe('<script>alert(1)</script> duck \ufffd');
    expect(columns.negative_prompt).toHaveLength(20_000);
    expect(columns.checkpoint).toHaveLength(500);
    expect(JSON.parse(columns.settings)).toMatchObject({ sampler: 'euler', seed: '18446744073709551615' });
  });

  it('turns blank text into null and numbers that JSON or the column cannot hold into null', async () => {
    found.value = metadata({
      prompt: ' \u0000 ',
      settings: { steps: 2 ** 40, sampler: '', scheduler: null, cfg: Number.NaN, seed: null, width: -5, height: 1.5 },
    });
    const columns = await metadataColumns(new Uint8Array());
    expect(columns.prompt).toBeNull();
    expect(JSON.parse(columns.settings)).toEqual(settings);
  });

  it('keeps an upscaled size only with both sides whole and positive, and leaves it out otherwise', async () => {
    const stored = async (upscaled: Partial<GenerationMetadata['settings']>) => {
      found.value = metadata({ settings: { ...settings, width: 1024, height: 1024, ...upscaled } });
      return JSON.parse((await metadataColumns(new Uint8Array())).settings);
    };
    expect(await stored({ upscaled_width: 1536, upscaled_height: 1536 })).toEqual({
      ...settings,
      width: 1024,
      height: 1024,
      upscaled_width: 1536,
      upscaled_height: 1536,
    });
    expect(await stored({})).toEqual({ ...settings, width: 1024, height: 1024 });
    for (const bad of [
      { upscaled_width: 1536 },
      { upscaled_width: 1536, upscaled_height: 0 },
      { upscaled_width: 2 ** 40, upscaled_height: 9 },
      { upscaled_width: 1.5, upscaled_height: null },
    ]) {
      expect(await stored(bad)).not.toHaveProperty('upscaled_width');
    }
  });

  it('keeps at most 50 named LoRAs with finite weights', async () => {
    found.value = metadata({
      loras: [
        { name: '  ', weight: 1 },
        { name: 'detail', weight: Number.POSITIVE_INFINITY },
        ...Array.from({ length: 60 }, (_, i) => ({ name: `lora${i}`, weight: 0.5 })),
      ],
    });
    const columns = await metadataColumns(new Uint8Array());
    expect(columns.loras).toHaveLength(49); // the blank name is one of the 50 looked at
    expect(columns.loras[0]).toBe('detail');
    expect(JSON.parse(columns.lora_weights)[0]).toEqual({ name: 'detail', weight: null });
  });

  it('stores no metadata, rather than failing the upload, if the reader ever throws', async () => {
    found.throws = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await metadataColumns(new Uint8Array())).toMatchObject({ generator: null, prompt: null, loras: [], lora_weights: '[]' });
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    found.throws = false;
  });
});
