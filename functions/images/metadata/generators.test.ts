// NovelAI, InvokeAI, Fooocus and SwarmUI texts in built PNG/JPEG files (which source wins when a
// file carries several: precedence.test.ts).
import { describe, expect, it } from 'vitest';
import { extractGenerationMetadata } from './index.ts';
import { iTXt, jpeg, png, tEXt, tiff, userComment } from './test-files.ts';

const fromPng = (...chunks: [string, string][]) => extractGenerationMetadata(png(chunks.map(([key, text]) => iTXt(key, text))));

describe('NovelAI', () => {
  it('reads Description and the Comment JSON (uc = negative)', async () => {
    const comment = {
      steps: 28,
      sampler: 'k_euler',
      seed: 1234567890,
      scale: 5.5,
      uc: 'lowres',
      width: 832,
      height: 1216,
      noise_schedule: 'native',
    };
    expect(
      await fromPng(
        ['Software', 'NovelAI'],
        ['Description', 'a fox'],
        ['Source', 'NovelAI Diffusion V4 1F5F0D4B'],
        ['Comment', JSON.stringify(comment)],
      ),
    ).toEqual({
      generator: 'novelai',
      prompt: 'a fox',
      negativePrompt: 'lowres',
      checkpoint: 'NovelAI Diffusion V4 1F5F0D4B',
      loras: [],
      settings: { steps: 28, sampler: 'k_euler', scheduler: 'native', cfg: 5.5, seed: '1234567890', width: 832, height: 1216 },
    });
  });

  it('V4 prompts inside Comment when Description is missing', async () => {
    const comment = {
      v4_prompt: { caption: { base_caption: 'v4 prompt' } },
      v4_negative_prompt: { caption: { base_caption: 'v4 negative' } },
    };
    expect(await fromPng(['Software', 'NovelAI'], ['Comment', JSON.stringify(comment)])).toMatchObject({
      prompt: 'v4 prompt',
      negativePrompt: 'v4 negative',
    });
  });

  it('a broken Comment JSON gives no NovelAI result and no throw', async () => {
    expect((await fromPng(['Software', 'NovelAI'], ['Description', 'a fox'], ['Comment', '{broken'])).generator).toBeNull();
  });
});

describe('InvokeAI', () => {
  it('reads LoRAs of invokeai_metadata (3.x and 4.x shapes)', async () => {
    const meta = {
      positive_prompt: 'p',
      negative_prompt: 'n',
      model: { name: 'sdxl-base', base: 'sdxl' },
      loras: [
        { lora: { model_name: 'old-shape' }, weight: 0.75 },
        { model: { name: 'new-shape' }, weight: 0.5 },
        { model: { name: 'off' }, weight: 0 },
      ],
    };
    expect(await fromPng(['invokeai_metadata', JSON.stringify(meta)])).toMatchObject({
      generator: 'invokeai',
      checkpoint: 'sdxl-base',
      loras: [
        { name: 'old-shape', weight: 0.75 },
        { name: 'new-shape', weight: 0.5 },
      ],
    });
  });

  it('reads the 2.x sd-metadata JSON with the negative in brackets', async () => {
    const meta = {
      model_weights: 'stable-diffusion-1.5',
      image: {
        prompt: [{ prompt: 'a house [ugly, blurry] at dusk', weight: 1 }],
        steps: 50,
        cfg_scale: 7.5,
        seed: 42,
        width: 512,
        height: 512,
        sampler: 'k_lms',
      },
    };
    expect(await fromPng(['sd-metadata', JSON.stringify(meta)])).toEqual({
      generator: 'invokeai',
      prompt: 'a house at dusk',
      negativePrompt: 'ugly, blurry',
      checkpoint: 'stable-diffusion-1.5',
      loras: [],
      settings: { steps: 50, sampler: 'k_lms', scheduler: null, cfg: 7.5, seed: '42', width: 512, height: 512 },
    });
  });

  it('reads the 2.x Dream command line', async () => {
    expect(await fromPng(['Dream', '"a boat [rain]" -s 30 -S 7 -W 640 -H 448 -C 8.0 -A k_euler'])).toMatchObject({
      generator: 'invokeai',
      prompt: 'a boat',
      negativePrompt: 'rain',
      settings: { steps: 30, seed: '7', width: 640, height: 448, cfg: 8, sampler: 'k_euler' },
    });
  });
});

describe('Fooocus', () => {
  it('reads LoRAs of the JSON scheme, skipping weight 0', async () => {
    const meta = {
      prompt: 'p',
      negative_prompt: 'n',
      base_model: 'juggernaut',
      loras: [
        ['a.safetensors', 0.4, 'hash'],
        ['b.safetensors', 0],
      ],
      metadata_scheme: 'fooocus',
      resolution: '(1152, 896)',
    };
    expect(await fromPng(['parameters', JSON.stringify(meta)], ['fooocus_scheme', 'fooocus'])).toMatchObject({
      generator: 'fooocus',
      negativePrompt: 'n',
      loras: [{ name: 'a.safetensors', weight: 0.4 }],
      settings: { width: 1152, height: 896 },
    });
  });

  it('reads the A1111 scheme as A1111 text', async () => {
    expect(
      await fromPng(
        ['parameters', 'p\nNegative prompt: n\nSteps: 30, Sampler: DPM++ 2M SDE, CFG scale: 4, Seed: 1, Size: 896x1152, Model: juggernaut'],
        ['fooocus_scheme', 'a1111'],
      ),
    ).toMatchObject({
      generator: 'fooocus',
      prompt: 'p',
      negativePrompt: 'n',
      checkpoint: 'juggernaut',
    });
  });
});

describe('SwarmUI', () => {
  const params = {
    sui_image_params: {
      prompt: 'p',
      negativeprompt: 'n',
      model: 'm',
      loras: ['l1', 'l2', 'l3'],
      loraweights: ['0.7', '1', '0'],
      steps: 30,
      cfgscale: 4,
      seed: 5,
      width: 512,
      height: 768,
      sampler: 'euler',
      scheduler: 'normal',
    },
  };

  it('reads sui_image_params in a PNG chunk, LoRAs with their weights', async () => {
    expect(await fromPng(['sui_image_params', JSON.stringify(params.sui_image_params)])).toEqual({
      generator: 'swarmui',
      prompt: 'p',
      negativePrompt: 'n',
      checkpoint: 'm',
      loras: [
        { name: 'l1', weight: 0.7 },
        { name: 'l2', weight: 1 },
      ],
      settings: { steps: 30, sampler: 'euler', scheduler: 'normal', cfg: 4, seed: '5', width: 512, height: 768 },
    });
  });

  it('reads it as the PNG parameters JSON and in a big-endian JPEG UserComment', async () => {
    expect((await fromPng(['parameters', JSON.stringify(params)])).generator).toBe('swarmui');
    expect((await extractGenerationMetadata(jpeg(tiff('MM', userComment(JSON.stringify(params), 'utf-16be'))))).prompt).toBe('p');
  });
});

describe('dispatch', () => {
  it('a ComfyUI API prompt with no sampler falls back to the workflow', async () => {
    const result = await extractGenerationMetadata(png([tEXt('prompt', '{}'), tEXt('workflow', '{"nodes": "not a list"}')]));
    expect(result.generator).toBeNull();
  });

  it('text chunks over the size cap are ignored', async () => {
    const huge = 'x'.repeat(9 * 1024 * 1024);
    expect((await fromPng(['parameters', huge])).generator).toBeNull();
  });
});
