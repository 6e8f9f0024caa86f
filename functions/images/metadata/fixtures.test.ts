// Every real generator file in tests/fixtures/ai-images/ against the values checked by hand
// from its source, and, for the files without such values, against their raw text.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractGenerationMetadata } from './index.ts';
import type { GenerationMetadata } from './types.ts';

const FIXTURES = new URL('../../../tests/fixtures/ai-images/', import.meta.url);
const read = (name: string) => extractGenerationMetadata(new Uint8Array(readFileSync(new URL(name, FIXTURES))));

const DUCK: Partial<GenerationMetadata> = {
  generator: 'automatic1111',
  prompt: 'photo of a duck',
  negativePrompt: 'monochrome',
  checkpoint: 'realistic_realisticVisionV20_v20',
  loras: [],
  settings: { steps: 15, sampler: 'UniPC', scheduler: null, cfg: 5, seed: '235284042', width: 512, height: 400 },
};

describe('fixtures of the README table', () => {
  it.each(['automatic1111_cropped.png', 'automatic1111_cropped.jpg', 'text_after_idat.png'])('%s: A1111 duck', async (name) => {
    expect(await read(name)).toEqual(DUCK);
  });

  it('img2img_cropped.png: ComfyUI img2img, no latent size', async () => {
    expect(await read('img2img_cropped.png')).toEqual({
      generator: 'comfyui',
      prompt: 'photograph of victorian woman with wings, sky clouds, meadow grass',
      negativePrompt: 'watermark, text',
      checkpoint: 'v1-5-pruned-emaonly.ckpt',
      loras: [],
      settings: { steps: 20, sampler: 'sample_dpmpp_2m', scheduler: 'normal', cfg: 8, seed: '280823642470253', width: null, height: null },
    });
  });

  it('enslo-sd-webui.png: A1111 with a scheduler and non-Latin text', async () => {
    expect(await read('enslo-sd-webui.png')).toEqual({
      generator: 'automatic1111',
      prompt: 'general, masterpiece, best quality, amazing quality, \n1girl, solo, hatsune miku, テスト',
      negativePrompt: 'bad quality, worst quality, worst detail, sketch, censor,',
      checkpoint: 'waiIllustriousSDXL_v160',
      loras: [],
      settings: { steps: 20, sampler: 'DPM++ 2M', scheduler: 'Karras', cfg: 7, seed: '3782896554', width: 1024, height: 1024 },
    });
  });

  it('enslo-easy-reforge.png: reForge with a LoRA tag kept in the prompt, the size before and after its hires fix', async () => {
    expect(await read('enslo-easy-reforge.png')).toEqual({
      generator: 'automatic1111',
      prompt:
        '1girl, solo, hatsune miku, テスト, \n<lora:NoobV065sHyperDmd:1> masterpiece, best quality, very aesthetic, absurdres, newest, safe',
      negativePrompt: 'bad anatomy, worst quality, low quality',
      checkpoint: 'copycatNoob_v11',
      loras: [{ name: 'NoobV065sHyperDmd', weight: 1 }],
      settings: {
        steps: 4,
        sampler: 'LCM',
        scheduler: 'SGM Uniform',
        cfg: 1,
        seed: '2582194946',
        width: 1024,
        height: 1024,
        upscaled_width: 1536,
        upscaled_height: 1536,
      },
    });
  });

  it('enslo-comfyui.png: the API graph (not the workflow text with its comment)', async () => {
    expect(await read('enslo-comfyui.png')).toEqual({
      generator: 'comfyui',
      prompt: 'general, masterpiece, best quality, amazing quality, \n1girl, solo, hatsune miku, テスト,',
      negativePrompt: 'bad quality, worst quality, worst detail, sketch, censor,',
      checkpoint: 'waiIllustriousSDXL_v160.safetensors',
      loras: [],
      settings: { steps: 20, sampler: 'euler_ancestral', scheduler: 'karras', cfg: 5, seed: '422847914351919', width: 1024, height: 1024 },
    });
  });

  it('enslo-swarmui.jpg: SwarmUI JSON in the EXIF UserComment', async () => {
    expect(await read('enslo-swarmui.jpg')).toEqual({
      generator: 'swarmui',
      prompt: 'general, masterpiece, best quality, amazing quality, \n1girl, solo, hatsune miku, #テスト',
      negativePrompt: 'bad quality, worst quality, worst detail, sketch, censor,',
      checkpoint: 'waiIllustriousSDXL_v160',
      loras: [],
      settings: { steps: 20, sampler: 'euler_ancestral', scheduler: 'karras', cfg: 7, seed: '697543491', width: 1024, height: 1024 },
    });
  });

  it.each(['empty_file.png', 'empty_image.png'])('%s: no metadata, no throw', async (name) => {
    const result = await read(name);
    expect(result.generator).toBeNull();
    expect(result.prompt).toBeNull();
    expect(result.loras).toEqual([]);
  });
});

describe('fixtures outside the table (values from their raw metadata)', () => {
  it('fooocus1_cropped.png: the user prompt of the Fooocus JSON, size from "resolution"', async () => {
    expect(await read('fooocus1_cropped.png')).toEqual({
      generator: 'fooocus',
      prompt: 'a smiling goldfish',
      negativePrompt: null, // "negative_prompt": ""
      checkpoint: 'juggernautXL_v8Rundiffusion',
      loras: [],
      settings: {
        steps: 30,
        sampler: 'dpmpp_2m_sde_gpu',
        scheduler: 'karras',
        cfg: 4,
        seed: '6952411511246973023',
        width: 768,
        height: 1280,
      },
    });
  });

  it('invokeai_imeta1.png: invokeai_metadata JSON', async () => {
    expect(await read('invokeai_imeta1.png')).toEqual({
      generator: 'invokeai',
      prompt: 'digital artwork, oil painting. painterly brushstrokes, holidays,',
      negativePrompt: 'grainy+, photo, oversaturated, overexposed, blurry, compressed jpg+, noisy++, unfocused , black and white',
      checkpoint: 'juggernautXL',
      loras: [],
      settings: { steps: 35, sampler: 'euler', scheduler: null, cfg: 8, seed: '3293022630', width: 1024, height: 1024 },
    });
  });

  it('novelai1_cropped.png: Description and Comment JSON', async () => {
    const result = await read('novelai1_cropped.png');
    expect(result).toMatchObject({
      generator: 'novelai',
      prompt: 'masterpiece, best quality,  cat, space, icon',
      checkpoint: 'Stable Diffusion 1D44365E',
      loras: [],
      settings: { steps: 50, sampler: 'k_euler_ancestral', scheduler: null, cfg: 10, seed: '2253955223', width: null, height: null },
    });
    expect(result.negativePrompt).toMatch(/^lowres, bad anatomy, bad hands, text, error, missing fingers,/);
    expect(result.negativePrompt).toMatch(/username, blurry$/);
  });

  it('night_evening_day_morning_cropped.png: area prompts combined, first pass of a two-pass graph', async () => {
    const result = await read('night_evening_day_morning_cropped.png');
    expect(result.generator).toBe('comfyui');
    expect(result.prompt?.split('\n')).toEqual([
      '(best quality) (night:1.3) (darkness) sky (black) (stars:1.2) (galaxy:1.2) (space) (universe)',
      '(best quality) (evening:1.2) (sky:1.2) (clouds) (colorful) (HDR:1.2) (sunset:1.3)',
      '(best quality) (daytime:1.2) sky (blue)',
      '(masterpiece) (best quality) morning sky',
      '(masterpiece) (best quality) beautiful landscape breathtaking amazing view nature photograph forest mountains ocean (sky) national park scenery',
    ]);
    expect(result.negativePrompt).toMatch(/^\(hands\), text, error, cropped, \(worst quality:1\.2\).*\(pumpkin\)$/);
    // The hires pass (AbyssOrangeMix2, 1088x1920) is not the generation's base.
    expect(result.checkpoint).toBe('Anything-V3.0.ckpt');
    expect(result.settings).toEqual({
      steps: 13,
      sampler: 'dpmpp_sde',
      scheduler: 'normal',
      cfg: 8.5,
      seed: '335608130539327',
      width: 704,
      height: 1280,
    });
  });

  it('unclip_2pass_cropped.png: the prompt through two unCLIP conditionings', async () => {
    const result = await read('unclip_2pass_cropped.png');
    expect(result).toMatchObject({
      generator: 'comfyui',
      prompt: '(waifu, anime, exceptional, best aesthetic, new, newest, best quality, masterpiece, extremely detailed:1.2)',
      checkpoint: 'wd-1-5-beta2-aesthetic-unclip-h-fp32.safetensors',
      loras: [],
      settings: { steps: 26, sampler: 'uni_pc_bh2', scheduler: 'normal', cfg: 8, seed: '1106257833005336', width: 1280, height: 704 },
    });
    expect(result.negativePrompt).toMatch(/^lowres, \(bad anatomy\), \(bad hands\),.*\(mosaic censoring, bar censor, blur censor\)$/);
  });
});
