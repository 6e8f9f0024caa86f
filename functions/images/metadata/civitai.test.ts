// Civitai's on-site generator: a ComfyUI graph naming models by AIR urns, `extra.airs` and the
// `extraMetadata` request, in a JPEG/WebP UserComment or PNG chunks; and hostile AIRs.
import { describe, expect, it } from 'vitest';
import { parseAir } from './civitai.ts';
import { extractGenerationMetadata } from './index.ts';
import { iTXt, inUserComment, png } from './test-files.ts';

const CHECKPOINT = 'urn:air:sdxl:checkpoint:civitai:827184@2514310';
const LORA = 'urn:air:sdxl:lora:civitai:1115064@1253021';
const UPSCALER = 'urn:air:other:upscaler:civitai:147759@164821';

const REQUEST = {
  prompt: 'a lighthouse at dusk',
  negativePrompt: 'blurry, \n',
  steps: 30,
  cfgScale: 4,
  sampler: 'DPM++ 2M',
  seed: 1311178179,
  width: 832,
  height: 1216,
  resources: [{ modelVersionId: 1253021, strength: 0.65 }],
  transformations: [{ type: 'upscale', upscaleWidth: 1664, upscaleHeight: 2432 }],
};

/** Civitai's text-to-image graph: the loaders hold AIRs, the LoRA between checkpoint and sampler. */
const TEXT_TO_IMAGE = {
  'resource-stack': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: CHECKPOINT } },
  'resource-stack-1': {
    class_type: 'LoraLoader',
    inputs: { lora_name: LORA, strength_model: 0.65, strength_clip: 1, model: ['resource-stack', 0], clip: ['resource-stack', 1] },
  },
  6: { class_type: 'smZ CLIPTextEncode', inputs: { text: 'a lighthouse at dusk', parser: 'A1111', clip: ['resource-stack-1', 1] } },
  7: { class_type: 'smZ CLIPTextEncode', inputs: { text: 'blurry', parser: 'A1111', clip: ['resource-stack-1', 1] } },
  5: { class_type: 'EmptyLatentImage', inputs: { width: 832, height: 1216, batch_size: 1 } },
  3: {
    class_type: 'KSampler',
    inputs: {
      seed: 1311178179,
      steps: 30,
      cfg: 4,
      sampler_name: 'dpmpp_2m',
      scheduler: 'karras',
      denoise: 1,
      model: ['resource-stack-1', 0],
      positive: ['6', 0],
      negative: ['7', 0],
      latent_image: ['5', 0],
    },
  },
  8: { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['resource-stack', 2] } },
  9: { class_type: 'SaveImage', inputs: { images: ['8', 0] } },
  extra: { airs: [CHECKPOINT, LORA] },
  extraMetadata: JSON.stringify(REQUEST),
};

/** An upscale pass: no sampler, so the request says what was generated. */
const UPSCALE_ONLY = {
  20: { class_type: 'UpscaleModelLoader', inputs: { model_name: UPSCALER } },
  17: { class_type: 'LoadImage', inputs: { image: 'https://orchestration.civitai.com/blob.jpeg' } },
  19: { class_type: 'ImageUpscaleWithModel', inputs: { upscale_model: ['20', 0], image: ['17', 0] } },
  12: { class_type: 'SaveImage', inputs: { images: ['19', 0] } },
  extra: { airs: [UPSCALER, CHECKPOINT, LORA] },
  extraMetadata: JSON.stringify(REQUEST),
};

describe('Civitai', () => {
  it.each(Object.entries(inUserComment(TEXT_TO_IMAGE)))('%s: the graph, with its AIRs, labelled civitai', async (_, file) => {
    expect(await extractGenerationMetadata(file)).toEqual({
      generator: 'civitai',
      prompt: 'a lighthouse at dusk',
      negativePrompt: 'blurry',
      checkpoint: CHECKPOINT,
      loras: [{ name: LORA, weight: 0.65 }],
      // The graph's own values win; the request adds the upscale it records.
      settings: {
        steps: 30,
        sampler: 'dpmpp_2m',
        scheduler: 'karras',
        cfg: 4,
        seed: '1311178179',
        width: 832,
        height: 1216,
        upscaled_width: 1664,
        upscaled_height: 2432,
      },
    });
  });

  const upscaleReading = {
    generator: 'civitai',
    prompt: 'a lighthouse at dusk',
    negativePrompt: 'blurry,',
    checkpoint: CHECKPOINT,
    loras: [{ name: LORA, weight: 0.65 }],
    settings: {
      steps: 30,
      sampler: 'DPM++ 2M',
      scheduler: null,
      cfg: 4,
      seed: '1311178179',
      width: 832,
      height: 1216,
      upscaled_width: 1664,
      upscaled_height: 2432,
    },
  };

  it('an upscale pass without a sampler: the request and extra.airs give the generation', async () => {
    expect(await extractGenerationMetadata(inUserComment(UPSCALE_ONLY).jpeg)).toEqual(upscaleReading);
  });

  it('in a PNG: the graph in the prompt chunk, extraMetadata in a chunk of its own', async () => {
    const { extraMetadata, ...graph } = UPSCALE_ONLY;
    const file = png([iTXt('prompt', JSON.stringify(graph)), iTXt('extraMetadata', extraMetadata)]);
    expect(await extractGenerationMetadata(file)).toEqual(upscaleReading);
  });

  it('extra.airs alone (no request) still names the checkpoint and LoRA of an upscale pass', async () => {
    const { extraMetadata: _, ...graph } = UPSCALE_ONLY;
    expect(await extractGenerationMetadata(inUserComment(graph).webp)).toMatchObject({
      generator: 'civitai',
      prompt: null,
      checkpoint: CHECKPOINT,
      loras: [{ name: LORA, weight: null }],
    });
  });
});

describe('AIR urns', () => {
  it('reads the type and version of an AIR, and refuses what is none', () => {
    expect(parseAir(CHECKPOINT)).toEqual({ type: 'checkpoint', version: '2514310' });
    expect(parseAir('urn:air:flux1:lora:civitai:123.safetensors')).toEqual({ type: 'lora', version: null });
    for (const text of ['checkpoint.safetensors', 'urn:air:sdxl', `urn:air:sdxl:checkpoint:civitai:${'9'.repeat(300)}@1`, 42, null]) {
      expect(parseAir(text)).toBeNull();
    }
  });

  it('an AIR of 10,000 characters names nothing, quickly, and the real one in extra.airs is used', async () => {
    const long = `urn:air:sdxl:checkpoint:civitai:${'8'.repeat(10_000)}@1`;
    const hostile = {
      ...TEXT_TO_IMAGE,
      'resource-stack': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: long } },
      extra: { airs: [long, `${'urn:air:'.repeat(1250)}`, CHECKPOINT] },
    };
    const started = performance.now();
    const result = await extractGenerationMetadata(inUserComment(hostile).jpeg);
    expect(performance.now() - started).toBeLessThan(500);
    expect(result).toMatchObject({ generator: 'civitai', checkpoint: CHECKPOINT, prompt: 'a lighthouse at dusk' });
  });
});
