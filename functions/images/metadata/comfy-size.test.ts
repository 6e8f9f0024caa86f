// ComfyUI sizes: the generation size from the first pass's latent (a resolution selector, a
// composite's canvas, an image scaled before img2img), and the size after hires and upscale
// passes, on the real area-composition file and on graphs built here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { graphFromApiPrompt } from './comfy-graph.ts';
import { type ApiGraph, basic, read } from './comfy-test-graphs.ts';
import { parseComfyGraph } from './comfyui.ts';
import { readExif } from './exif.ts';
import { extractGenerationMetadata } from './index.ts';
import { readJpegMetadata } from './jpeg-exif.ts';
import { parseLenientJson } from './lenient-json.ts';

const PEERS = new URL('../../../tests/fixtures/ai-images-peers/', import.meta.url);

const sizeOf = async (graph: ApiGraph) => {
  const { width, height, upscaled_width, upscaled_height } = (await read(graph)).settings;
  return { width, height, upscaled_width, upscaled_height };
};

/** A second sampler at `latent`, saved: a hires pass over the basic graph's first pass. */
function hires(nodes: ApiGraph, latent: [string, number]): ApiGraph {
  return basic({
    ...nodes,
    hires: { class_type: 'KSampler', inputs: { ...basic().sampler!.inputs, seed: 9, denoise: 0.5, latent_image: latent } },
    decode: { class_type: 'VAEDecode', inputs: { samples: ['hires', 0], vae: ['ckpt', 2] } },
  });
}

/** basic() whose saved image passes through `nodes`, the last of them named "last". */
const savedThrough = (nodes: ApiGraph) => basic({ ...nodes, save: { class_type: 'SaveImage', inputs: { images: ['last', 0] } } });

describe('the generation size', () => {
  it('noisy_latents_3_subjects_cropped.png: the composite canvas (1280×704), not a patch pasted in', async () => {
    const result = await extractGenerationMetadata(new Uint8Array(readFileSync(new URL('noisy_latents_3_subjects_cropped.png', PEERS))));
    expect(result.settings).toMatchObject({ width: 1280, height: 704 });
    expect(result.prompt).toBe('sky clouds nature national park beautiful winter snow scenery HDR landscape (sunset)');
    expect(result.checkpoint).toBe('Anything-V3.0.ckpt');
  });

  it.each([
    ['1:1 (Square)', 1, 8, 1024, 1024],
    ['16:9 (Widescreen)', 1, 8, 1368, 768],
    ['2:3 (Portrait Photo)', 2, 64, 1152, 1792],
    ['21:9 (Ultrawide)', 0.1, 8, 672, 288],
  ])('a ResolutionSelector at %s, %f MP, multiple %i gives %i×%i', async (aspect_ratio, megapixels, multiple, width, height) => {
    const graph = basic({
      res: { class_type: 'ResolutionSelector', inputs: { aspect_ratio, megapixels, multiple } },
      latent: { class_type: 'EmptyLatentImage', inputs: { width: ['res', 0], height: ['res', 1], batch_size: 1 } },
    });
    expect(await sizeOf(graph)).toEqual({ width, height, upscaled_width: undefined, upscaled_height: undefined });
  });

  it('a latent composite keeps its canvas (samples_to), whatever the size of the patch (samples_from)', async () => {
    const graph = basic({
      canvas: { class_type: 'EmptyLatentImage', inputs: { width: 1280, height: 704, batch_size: 1 } },
      patch: { class_type: 'EmptyLatentImage', inputs: { width: 256, height: 512, batch_size: 1 } },
      composite: {
        class_type: 'LatentComposite',
        inputs: { x: 64, y: 64, feather: 8, samples_to: ['canvas', 0], samples_from: ['patch', 0] },
      },
    });
    graph.sampler!.inputs.latent_image = ['composite', 0];
    expect(await sizeOf(graph)).toMatchObject({ width: 1280, height: 704 });
  });

  it('img2img from an image scaled to a size (civitai-hires.jpg): that size, with no upscale recorded', async () => {
    const graph = basic({
      load: { class_type: 'LoadImage', inputs: { image: 'https://example.com/blob' } },
      scale: {
        class_type: 'ImageScale',
        inputs: { upscale_method: 'nearest-exact', crop: 'disabled', width: 1536, height: 1536, image: ['load', 0] },
      },
      encode: { class_type: 'VAEEncode', inputs: { pixels: ['scale', 0], vae: ['ckpt', 2] } },
    });
    graph.sampler!.inputs.latent_image = ['encode', 0];
    expect(await sizeOf(graph)).toEqual({ width: 1536, height: 1536, upscaled_width: undefined, upscaled_height: undefined });
  });

  it('civitai-hires.jpg: its graph (the JPEG UserComment) samples at the size the image was scaled to, 1536×1536', () => {
    const tiff = readJpegMetadata(new Uint8Array(readFileSync(new URL('civitai-hires.jpg', PEERS)))).exif!;
    const graph = graphFromApiPrompt(parseLenientJson(readExif(tiff).userComment!))!;
    expect(parseComfyGraph(graph)?.settings).toEqual({
      steps: 25,
      sampler: 'euler_ancestral',
      scheduler: 'normal',
      cfg: 5,
      seed: '1311178179',
      width: 1536,
      height: 1536,
    });
  });

  it('img2img from a loaded image of unknown size: no size', async () => {
    const graph = basic({
      load: { class_type: 'LoadImage', inputs: { image: 'x.png' } },
      up: { class_type: 'ImageScaleBy', inputs: { upscale_method: 'lanczos', scale_by: 2, image: ['load', 0] } },
      encode: { class_type: 'VAEEncode', inputs: { pixels: ['up', 0], vae: ['ckpt', 2] } },
    });
    graph.sampler!.inputs.latent_image = ['encode', 0];
    expect(await sizeOf(graph)).toMatchObject({ width: null, height: null, upscaled_width: undefined });
  });
});

describe('hires and upscale passes: the first pass size, upscaled to the saved size', () => {
  const base = { width: 832, height: 1216 };

  it('a latent upscale by a factor, then a second sampler: the first pass keeps prompt and seed', async () => {
    const graph = hires(
      { up: { class_type: 'LatentUpscaleBy', inputs: { upscale_method: 'nearest-exact', scale_by: 1.5, samples: ['sampler', 0] } } },
      ['up', 0],
    );
    const result = await read(graph);
    expect(result.settings).toMatchObject({ ...base, seed: '5', upscaled_width: 1248, upscaled_height: 1824 });
    expect(result.prompt).toBe('a red fox');
  });

  it('a latent upscale to a size, one side 0 keeping the aspect ratio', async () => {
    const graph = hires(
      {
        up: {
          class_type: 'LatentUpscale',
          inputs: { upscale_method: 'bilinear', width: 1664, height: 0, crop: 'disabled', samples: ['sampler', 0] },
        },
      },
      ['up', 0],
    );
    expect(await sizeOf(graph)).toEqual({ ...base, upscaled_width: 1664, upscaled_height: 2432 });
  });

  it('decoded, upscaled by a model named 4x…, scaled by 0.5 and encoded for the second pass', async () => {
    const graph = hires(
      {
        first: { class_type: 'VAEDecode', inputs: { samples: ['sampler', 0], vae: ['ckpt', 2] } },
        model: { class_type: 'UpscaleModelLoader', inputs: { model_name: 'upscalers/4x-UltraSharp.pth' } },
        up: { class_type: 'ImageUpscaleWithModel', inputs: { upscale_model: ['model', 0], image: ['first', 0] } },
        half: { class_type: 'ImageScaleBy', inputs: { upscale_method: 'lanczos', scale_by: 0.5, image: ['up', 0] } },
        encode: { class_type: 'VAEEncode', inputs: { pixels: ['half', 0], vae: ['ckpt', 2] } },
      },
      ['encode', 0],
    );
    expect(await sizeOf(graph)).toEqual({ ...base, upscaled_width: 1664, upscaled_height: 2432 });
  });

  it.each([
    ['RealESRGAN_x2plus.pth', 1664, 2432],
    ['2x_NMKD.pth', 1664, 2432],
  ])('an image upscale after the last sampler, by a model named %s', async (model_name, upscaled_width, upscaled_height) => {
    const graph = savedThrough({
      model: { class_type: 'UpscaleModelLoader', inputs: { model_name } },
      last: { class_type: 'ImageUpscaleWithModel', inputs: { upscale_model: ['model', 0], image: ['decode', 0] } },
    });
    expect(await sizeOf(graph)).toEqual({ ...base, upscaled_width, upscaled_height });
  });

  it('an upscale model whose name gives no factor: no upscaled size (not a guess)', async () => {
    const graph = savedThrough({
      model: { class_type: 'UpscaleModelLoader', inputs: { model_name: 'urn:air:other:upscaler:civitai:147759@164821' } },
      last: { class_type: 'ImageUpscaleWithModel', inputs: { upscale_model: ['model', 0], image: ['decode', 0] } },
    });
    expect(await sizeOf(graph)).toEqual({ ...base, upscaled_width: undefined, upscaled_height: undefined });
  });

  it('a scale to total megapixels; a scale that keeps or shrinks the size records no upscale', async () => {
    const megapixels = savedThrough({
      last: { class_type: 'ImageScaleToTotalPixels', inputs: { upscale_method: 'lanczos', megapixels: 2, image: ['decode', 0] } },
    });
    expect(await sizeOf(megapixels)).toEqual({ ...base, upscaled_width: 1198, upscaled_height: 1751 });
    for (const scale_by of [1, 0.5]) {
      const graph = savedThrough({
        last: { class_type: 'ImageScaleBy', inputs: { upscale_method: 'lanczos', scale_by, image: ['decode', 0] } },
      });
      expect(await sizeOf(graph)).toEqual({ ...base, upscaled_width: undefined, upscaled_height: undefined });
    }
  });

  it('a latent path that loops back into its sampler ends, with no size', async () => {
    const graph = basic({
      up: { class_type: 'LatentUpscaleBy', inputs: { upscale_method: 'nearest-exact', scale_by: 2, samples: ['sampler', 0] } },
    });
    graph.sampler!.inputs.latent_image = ['up', 0];
    expect(await sizeOf(graph)).toEqual({ width: null, height: null, upscaled_width: undefined, upscaled_height: undefined });
  });

  it("a path of 4,000 scale nodes is cut at the walks' depth, not followed to its end", async () => {
    const chain: ApiGraph = {};
    for (let i = 0; i < 4000; i++) {
      chain[`n${i}`] = { class_type: 'ImageScaleBy', inputs: { scale_by: 1.01, image: i === 0 ? ['decode', 0] : [`n${i - 1}`, 0] } };
    }
    const graph = basic({ ...chain, save: { class_type: 'SaveImage', inputs: { images: ['n3999', 0] } } });
    const started = performance.now();
    const size = await sizeOf(graph);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(size).toEqual({ ...base, upscaled_width: undefined, upscaled_height: undefined });
  });
});
