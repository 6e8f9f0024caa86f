// What JPEG and WebP save nodes wrap as one JSON object in the EXIF UserComment (ComfyUI's
// {"prompt", "workflow"}, NovelAI's chunks), read as the same chunks of a PNG are; and JSON
// comments that are none of these, read as nothing.
import { describe, expect, it } from 'vitest';
import { extractGenerationMetadata } from './index.ts';
import { inEveryContainer, inUserComment } from './test-files.ts';

/** A text-to-image graph as SaveImagePlus saves it (node ids are names). */
const GRAPH = {
  Checkpoint: { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'waiIllustriousSDXL_v160.safetensors' } },
  Latent: { class_type: 'EmptyLatentImage', inputs: { width: 896, height: 1152, batch_size: 1 } },
  Positive: { class_type: 'CLIPTextEncode', inputs: { text: '1girl, lighthouse, テスト', clip: ['Checkpoint', 1] } },
  Negative: { class_type: 'CLIPTextEncode', inputs: { text: 'lowres', clip: ['Checkpoint', 1] } },
  Sampler: {
    class_type: 'KSampler',
    inputs: {
      seed: 453851843419278,
      steps: 28,
      cfg: 4.5,
      sampler_name: 'euler_ancestral',
      scheduler: 'karras',
      denoise: 1,
      model: ['Checkpoint', 0],
      positive: ['Positive', 0],
      negative: ['Negative', 0],
      latent_image: ['Latent', 0],
    },
  },
  Decode: { class_type: 'VAEDecode', inputs: { samples: ['Sampler', 0], vae: ['Checkpoint', 2] } },
  Save: { class_type: 'SaveImagePlus', inputs: { images: ['Decode', 0], file_type: 'WEBP (lossless)' } },
};

const GRAPH_READING = {
  generator: 'comfyui',
  prompt: '1girl, lighthouse, テスト',
  negativePrompt: 'lowres',
  checkpoint: 'waiIllustriousSDXL_v160.safetensors',
  loras: [],
  settings: { steps: 28, sampler: 'euler_ancestral', scheduler: 'karras', cfg: 4.5, seed: '453851843419278', width: 896, height: 1152 },
};

describe('ComfyUI {"prompt", "workflow"} in the UserComment', () => {
  it.each(inEveryContainer({ prompt: GRAPH, workflow: { nodes: [], links: [] } }))('%s: the graph is read', async (_, file) => {
    expect(await extractGenerationMetadata(file)).toEqual(GRAPH_READING);
  });

  it('the graph as a JSON string inside the object, and the graph alone as the whole comment', async () => {
    const { jpeg } = inUserComment({ prompt: JSON.stringify(GRAPH) });
    expect(await extractGenerationMetadata(jpeg)).toEqual(GRAPH_READING);
    const { webp } = inUserComment(GRAPH);
    expect(await extractGenerationMetadata(webp)).toEqual(GRAPH_READING);
  });
});

describe('NovelAI chunks in the UserComment', () => {
  const comment = {
    prompt: '1girl, miku',
    steps: 23,
    height: 1216,
    width: 832,
    scale: 5,
    seed: 880673757,
    noise_schedule: 'karras',
    sampler: 'k_euler_ancestral',
    uc: 'blurry, lowres',
  };
  const record = {
    Comment: JSON.stringify(comment),
    // The WebP writer starts the Description with NULs.
    Description: '\0\0\0\u00001girl, miku',
    Software: 'NovelAI',
    Source: 'NovelAI Diffusion V4.5 C02D4F98',
    Title: 'NovelAI generated image',
  };

  it.each(inEveryContainer(record))('%s: prompt, negative, model and settings', async (_, file) => {
    expect(await extractGenerationMetadata(file)).toEqual({
      generator: 'novelai',
      prompt: '1girl, miku',
      negativePrompt: 'blurry, lowres',
      checkpoint: 'NovelAI Diffusion V4.5 C02D4F98',
      loras: [],
      settings: { steps: 23, sampler: 'k_euler_ancestral', scheduler: 'karras', cfg: 5, seed: '880673757', width: 832, height: 1216 },
    });
  });
});

describe('a UserComment that is JSON of none of these formats', () => {
  it.each([
    ['a prompt that is no graph', { prompt: 'hello', workflow: 'world' }],
    ['a graph without nodes', { prompt: { 1: { inputs: {} } } }],
    ['a node no sampler reads', { prompt: { 1: { class_type: 'SaveImage', inputs: {} } } }],
    ['NovelAI keys without its JSON', { Comment: 'nice', Description: 'a photo' }],
    ['a camera app', { make: 'Pixel', lens: { focal: 4.4 } }],
    ['an array', [1, 2, 3]],
  ])('%s: nothing is read', async (_, json) => {
    const { jpeg, webp } = inUserComment(json);
    for (const file of [jpeg, webp]) expect((await extractGenerationMetadata(file)).generator).toBeNull();
  });

  it('an object of 60,000 members: a few are looked at, no throw', async () => {
    const members = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, i % 2 ? 'text' : { class: i }]));
    const started = performance.now();
    expect((await extractGenerationMetadata(inUserComment(members).jpeg)).generator).toBeNull();
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
