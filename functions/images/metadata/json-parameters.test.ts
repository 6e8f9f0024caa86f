// `parameters` as JSON with a tool's own keys: Hugging Face Spaces (Gradio) and RuinedFooocus, in
// a PNG chunk or as the whole UserComment of a JPEG/WebP.
import { describe, expect, it } from 'vitest';
import { extractGenerationMetadata } from './index.ts';
import { inUserComment, iTXt, png } from './test-files.ts';

/** The parameters JSON in a PNG chunk, a JPEG and a WebP. */
function everyContainer(json: Record<string, unknown>): [string, Uint8Array][] {
  const { jpeg, webp } = inUserComment(json);
  return [
    ['PNG', png([iTXt('parameters', JSON.stringify(json))])],
    ['JPEG', jpeg],
    ['WebP', webp],
  ];
}

const SPACE = {
  prompt: 'masterpiece, 1girl, テスト',
  negative_prompt: 'lowres, \n',
  resolution: '832 x 1216',
  guidance_scale: 5.5,
  num_inference_steps: 24,
  seed: 443800072,
  sampler: 'DPM++ 2M Karras',
  Model: 'WAI NSFW illustrious SDXL v16',
  'Model hash': 'BDB59BAC77',
  use_upscaler: null,
};

describe('Hugging Face Space (Gradio)', () => {
  it.each(everyContainer(SPACE))('%s: prompt, negative, model and the resolution', async (_, file) => {
    expect(await extractGenerationMetadata(file)).toEqual({
      generator: 'hf-space',
      prompt: 'masterpiece, 1girl, テスト',
      negativePrompt: 'lowres,',
      checkpoint: 'WAI NSFW illustrious SDXL v16',
      loras: [],
      settings: { steps: 24, sampler: 'DPM++ 2M Karras', scheduler: null, cfg: 5.5, seed: '443800072', width: 832, height: 1216 },
    });
  });

  it('the upscaler pass: its new resolution, else the size times its factor', async () => {
    const upscaled = async (use_upscaler: unknown) =>
      (await extractGenerationMetadata(png([iTXt('parameters', JSON.stringify({ ...SPACE, use_upscaler }))]))).settings;
    expect(await upscaled({ upscale_method: 'nearest-exact', upscale_by: 1.5, new_resolution: '1248 x 1824' })).toMatchObject({
      width: 832,
      upscaled_width: 1248,
      upscaled_height: 1824,
    });
    expect(await upscaled({ upscale_by: 2 })).toMatchObject({ upscaled_width: 1664, upscaled_height: 2432 });
    expect(await upscaled({ upscale_by: 'fast' })).not.toHaveProperty('upscaled_width');
  });

  it('a JSON prompt without the Space keys is not taken for one', async () => {
    const { jpeg } = inUserComment({ prompt: 'hello', resolution: '1 x 1' });
    expect((await extractGenerationMetadata(jpeg)).generator).toBeNull();
  });
});

describe('RuinedFooocus', () => {
  const json = {
    Prompt: 'a lighthouse, #テスト',
    Negative: 'blurry, ',
    steps: 30,
    cfg: 8,
    width: 1024,
    height: 1024,
    seed: 2020047614,
    sampler_name: 'dpmpp_2m_sde_gpu',
    scheduler: 'karras',
    base_model_name: 'waiNSFWIllustrious_v150.safetensors',
    base_model_hash: 'BEFC694A29',
    loras: [{ name: 'style.safetensors', weight: 0.8 }, ['detail.safetensors', 0.4], { name: 'off.safetensors', weight: 0 }],
    software: 'RuinedFooocus',
  };

  it.each(everyContainer(json))('%s: prompt, negative, model, LoRAs and settings', async (_, file) => {
    expect(await extractGenerationMetadata(file)).toEqual({
      generator: 'ruined-fooocus',
      prompt: 'a lighthouse, #テスト',
      negativePrompt: 'blurry,',
      checkpoint: 'waiNSFWIllustrious_v150.safetensors',
      loras: [
        { name: 'style.safetensors', weight: 0.8 },
        { name: 'detail.safetensors', weight: 0.4 },
      ],
      settings: { steps: 30, sampler: 'dpmpp_2m_sde_gpu', scheduler: 'karras', cfg: 8, seed: '2020047614', width: 1024, height: 1024 },
    });
  });
});
