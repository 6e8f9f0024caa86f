// ComfyUI graphs for the reader's tests: a plain text-to-image graph in the API ("prompt") form
// to vary, and the reading of a PNG that carries a graph (and a UI workflow).
import { extractGenerationMetadata } from './index.ts';
import { png, tEXt } from './test-files.ts';

export type ApiGraph = Record<string, { class_type: string; inputs: Record<string, unknown>; _meta?: { title: string } }>;

export const read = (prompt: ApiGraph | string, workflow?: unknown) =>
  extractGenerationMetadata(
    png([
      tEXt('prompt', typeof prompt === 'string' ? prompt : JSON.stringify(prompt)),
      ...(workflow === undefined ? [] : [tEXt('workflow', JSON.stringify(workflow))]),
    ]),
  );

/** A plain text-to-image graph; `extra` adds or replaces nodes. */
export function basic(extra: ApiGraph = {}): ApiGraph {
  return {
    ckpt: { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'base.safetensors' } },
    pos: { class_type: 'CLIPTextEncode', inputs: { text: 'a red fox', clip: ['ckpt', 1] } },
    neg: { class_type: 'CLIPTextEncode', inputs: { text: 'blurry', clip: ['ckpt', 1] } },
    latent: { class_type: 'EmptyLatentImage', inputs: { width: 832, height: 1216, batch_size: 1 } },
    sampler: {
      class_type: 'KSampler',
      inputs: {
        seed: 5,
        steps: 25,
        cfg: 6,
        sampler_name: 'euler',
        scheduler: 'normal',
        denoise: 1,
        model: ['ckpt', 0],
        positive: ['pos', 0],
        negative: ['neg', 0],
        latent_image: ['latent', 0],
      },
    },
    decode: { class_type: 'VAEDecode', inputs: { samples: ['sampler', 0], vae: ['ckpt', 2] } },
    save: { class_type: 'SaveImage', inputs: { images: ['decode', 0], filename_prefix: 'x' } },
    ...extra,
  };
}
