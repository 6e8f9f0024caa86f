// Which source wins when a file carries several (decision 0048): the one that describes the
// generation that ran, and the generator is named by it.
import { describe, expect, it } from 'vitest';
import { extractGenerationMetadata } from './index.ts';
import { inEveryContainer, inUserComment, iTXt, png, tEXt } from './test-files.ts';

/** A graph of one sampler; comfy-image-saver's node carries unwired widget defaults. */
const GRAPH = {
  ckpt: { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'EMS-1401459-EMS.safetensors' } },
  pos: { class_type: 'CLIPTextEncode', inputs: { text: 'a harbour at night', clip: ['ckpt', 1] } },
  neg: { class_type: 'CLIPTextEncode', inputs: { text: 'lowres', clip: ['ckpt', 1] } },
  size: { class_type: 'EmptyLatentImage', inputs: { width: 1024, height: 1024, batch_size: 1 } },
  run: {
    class_type: 'KSampler',
    inputs: {
      seed: 3036459311,
      steps: 25,
      cfg: 7,
      sampler_name: 'euler_ancestral',
      scheduler: 'karras',
      model: ['ckpt', 0],
      positive: ['pos', 0],
      negative: ['neg', 0],
      latent_image: ['size', 0],
    },
  },
  decode: { class_type: 'VAEDecode', inputs: { samples: ['run', 0], vae: ['ckpt', 2] } },
  save: {
    class_type: 'Save Image w/Metadata',
    inputs: { positive: 'unknown', negative: 'unknown', modelname: 'other.safetensors', width: 512, height: 512, images: ['decode', 0] },
  },
};
const SAVER_TEXT =
  'unknown\nNegative prompt: unknown\nSteps: 20, Sampler: euler_simple, CFG Scale: 8.0, Seed: 0, Size: 512x512, Model: other, Version: ComfyUI';

describe('a ComfyUI graph and the A1111-style text a save node wrote beside it', () => {
  it('the graph wins, whichever chunk comes first, and names the generator', async () => {
    for (const chunks of [
      [tEXt('parameters', SAVER_TEXT), tEXt('prompt', JSON.stringify(GRAPH))],
      [tEXt('prompt', JSON.stringify(GRAPH)), tEXt('parameters', SAVER_TEXT)],
    ]) {
      expect(await extractGenerationMetadata(png(chunks))).toMatchObject({
        generator: 'comfyui',
        prompt: 'a harbour at night',
        negativePrompt: 'lowres',
        checkpoint: 'EMS-1401459-EMS.safetensors',
        settings: { steps: 25, seed: '3036459311', width: 1024, height: 1024 },
      });
    }
  });

  it('the text is read when the graph names no sampler, and its ComfyUI version names the generator', async () => {
    const graph = '{"1":{"class_type":"KSampler","inputs":{}}}';
    const wired = SAVER_TEXT.replaceAll('unknown', 'a harbour at night');
    expect(await extractGenerationMetadata(png([tEXt('parameters', wired), tEXt('prompt', graph)]))).toMatchObject({
      generator: 'comfyui',
      prompt: 'a harbour at night',
      settings: { steps: 20, width: 512 },
    });
    const a1111 = 'from parameters\nSteps: 1, Sampler: a, CFG scale: 1';
    expect(await extractGenerationMetadata(png([tEXt('parameters', a1111), tEXt('prompt', graph)]))).toMatchObject({
      generator: 'automatic1111',
      prompt: 'from parameters',
    });
  });

  it('a save node\'s text of unwired defaults ("unknown" prompts) alone in a JPEG or WebP: only the tool is kept', async () => {
    const { jpeg, webp } = inUserComment(SAVER_TEXT);
    for (const file of [jpeg, webp]) {
      expect(await extractGenerationMetadata(file)).toEqual({
        generator: 'comfyui',
        prompt: null,
        negativePrompt: null,
        checkpoint: null,
        loras: [],
        settings: { steps: null, sampler: null, scheduler: null, cfg: null, seed: null, width: null, height: null },
      });
    }
  });
});

describe('TensorArt: the graph with the generation_data request', () => {
  const request = {
    prompt: 'a harbour at night',
    negativePrompt: 'lowres, ',
    width: 1024,
    height: 1024,
    steps: 25,
    cfgScale: 7,
    seed: '-1',
    ksamplerName: 'euler_ancestral',
    schedule: 'karras',
    baseModel: { modelFileName: 'WAI-Nsfw-Illustrious-16', modelId: '943946051788787917' },
  };

  it('the graph gives the settings (its seed, not the request -1), the request the checkpoint name; NULs after the JSON', async () => {
    const file = png([iTXt('generation_data', `${JSON.stringify(request)}\0\0`), iTXt('prompt', JSON.stringify(GRAPH))]);
    expect(await extractGenerationMetadata(file)).toEqual({
      generator: 'tensorart',
      prompt: 'a harbour at night',
      negativePrompt: 'lowres',
      checkpoint: 'WAI-Nsfw-Illustrious-16',
      loras: [],
      settings: { steps: 25, sampler: 'euler_ancestral', scheduler: 'karras', cfg: 7, seed: '3036459311', width: 1024, height: 1024 },
    });
  });

  it.each(inEveryContainer({ generation_data: JSON.stringify(request), prompt: GRAPH }))(
    '%s: the request names the checkpoint',
    async (_, file) => {
      expect(await extractGenerationMetadata(file)).toMatchObject({ generator: 'tensorart', checkpoint: 'WAI-Nsfw-Illustrious-16' });
    },
  );

  it('the request alone, when the graph is missing or unreadable', async () => {
    const file = png([iTXt('generation_data', JSON.stringify({ ...request, seed: '77' })), iTXt('prompt', '{broken')]);
    expect(await extractGenerationMetadata(file)).toEqual({
      generator: 'tensorart',
      prompt: 'a harbour at night',
      negativePrompt: 'lowres,',
      checkpoint: 'WAI-Nsfw-Illustrious-16',
      loras: [],
      settings: { steps: 25, sampler: 'euler_ancestral', scheduler: 'karras', cfg: 7, seed: '77', width: 1024, height: 1024 },
    });
  });

  it('a generation_data that is no request leaves the graph as ComfyUI read it', async () => {
    const file = png([iTXt('generation_data', '"text"'), iTXt('prompt', JSON.stringify(GRAPH))]);
    expect(await extractGenerationMetadata(file)).toMatchObject({ generator: 'comfyui', checkpoint: 'EMS-1401459-EMS.safetensors' });
  });
});
