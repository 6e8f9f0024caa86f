// ComfyUI graphs built in the test, in the API ("prompt") form and the UI ("workflow") form.
import { describe, expect, it } from 'vitest';
import { basic, read } from './comfy-test-graphs.ts';
import { extractGenerationMetadata } from './index.ts';
import { png, tEXt, tiff, webp } from './test-files.ts';

describe('ComfyUI API graph', () => {
  it('reads a plain graph', async () => {
    expect(await read(basic())).toEqual({
      generator: 'comfyui',
      prompt: 'a red fox',
      negativePrompt: 'blurry',
      checkpoint: 'base.safetensors',
      loras: [],
      settings: { steps: 25, sampler: 'euler', scheduler: 'normal', cfg: 6, seed: '5', width: 832, height: 1216 },
    });
  });

  it('ignores an unused text encoder longer than the real prompt, and titles that lie', async () => {
    const result = await read(
      basic({
        unused: {
          class_type: 'CLIPTextEncode',
          inputs: { text: 'a very long unused prompt '.repeat(20), clip: ['ckpt', 1] },
          _meta: { title: 'Positive' },
        },
        neg: { class_type: 'CLIPTextEncode', inputs: { text: 'blurry', clip: ['ckpt', 1] }, _meta: { title: 'Positive Prompt' } },
      }),
    );
    expect(result.prompt).toBe('a red fox');
    expect(result.negativePrompt).toBe('blurry');
  });

  it('follows reroute-like, primitive, concat and group-node (id "5:2") nodes', async () => {
    const result = await read(
      basic({
        'g:1': { class_type: 'PrimitiveStringMultiline', inputs: { value: 'a red fox' } },
        'g:2': { class_type: 'StringConcatenate', inputs: { string_a: ['g:1', 0], string_b: 'in snow', delimiter: ', ' } },
        pos: { class_type: 'CLIPTextEncode', inputs: { text: ['g:2', 0], clip: ['ckpt', 1] } },
        reroute: { class_type: 'ReroutePrimitive|pysssss', inputs: { value: ['pos', 0] } },
        seed: { class_type: 'Seed (rgthree)', inputs: { seed: '18446744073709551615' } },
        sampler: {
          class_type: 'KSampler',
          inputs: {
            seed: ['seed', 0],
            steps: 25,
            cfg: 6,
            sampler_name: 'euler',
            scheduler: 'normal',
            model: ['ckpt', 0],
            positive: ['reroute', 0],
            negative: ['neg', 0],
            latent_image: ['latent', 0],
          },
        },
      }),
    );
    expect(result.prompt).toBe('a red fox, in snow');
    expect(result.settings.seed).toBe('18446744073709551615');
  });

  it('keeps a 20-digit seed exact from the JSON number', async () => {
    const text = JSON.stringify(basic()).replace('"seed":5', '"seed":18446744073709551615');
    expect((await read(text)).settings.seed).toBe('18446744073709551615');
  });

  it('stacked LoRAs in order from the checkpoint, strength 0 skipped, model-only loader, rgthree Power Lora Loader', async () => {
    const result = await read(
      basic({
        lora1: {
          class_type: 'LoraLoader',
          inputs: { lora_name: 'first.safetensors', strength_model: 0.8, strength_clip: 1, model: ['ckpt', 0], clip: ['ckpt', 1] },
        },
        lora2: {
          class_type: 'LoraLoader',
          inputs: { lora_name: 'off.safetensors', strength_model: 0, strength_clip: 1, model: ['lora1', 0], clip: ['lora1', 1] },
        },
        power: {
          class_type: 'Power Lora Loader (rgthree)',
          inputs: {
            PowerLoraLoaderHeaderWidget: { type: 'PowerLoraLoaderHeaderWidget' },
            lora_1: { on: true, lora: 'power-a.safetensors', strength: 0.6, strengthTwo: null },
            lora_2: { on: false, lora: 'power-disabled.safetensors', strength: 1 },
            lora_3: { on: true, lora: 'power-zero.safetensors', strength: 0 },
            '➕ Add Lora': '',
            model: ['lora2', 0],
            clip: ['lora2', 1],
          },
        },
        modelOnly: {
          class_type: 'LoraLoaderModelOnly',
          inputs: { lora_name: 'last.safetensors', strength_model: 1.2, model: ['power', 0] },
        },
        unusedLora: { class_type: 'LoraLoader', inputs: { lora_name: 'unused.safetensors', strength_model: 1, model: ['ckpt', 0] } },
        sampler: { ...basic().sampler!, inputs: { ...basic().sampler!.inputs, model: ['modelOnly', 0] } },
      }),
    );
    expect(result.checkpoint).toBe('base.safetensors');
    expect(result.loras).toEqual([
      { name: 'first.safetensors', weight: 0.8 },
      { name: 'power-a.safetensors', weight: 0.6 },
      { name: 'last.safetensors', weight: 1.2 },
    ]);
  });

  it('a LoRA stacker node (lora_name_N) behind an all-in-one loader carrying the prompts', async () => {
    const result = await read(
      basic({
        stack: {
          class_type: 'LoRA Stacker',
          inputs: {
            input_mode: 'simple',
            lora_count: 3,
            lora_name_1: 'one.safetensors',
            lora_wt_1: 0.5,
            lora_name_2: 'None',
            lora_wt_2: 1,
            lora_name_3: 'three.safetensors',
            lora_wt_3: 0,
            lora_name_4: 'beyond-count.safetensors',
            lora_wt_4: 1,
          },
        },
        loader: {
          class_type: 'Efficient Loader',
          inputs: {
            ckpt_name: 'eff.safetensors',
            positive: 'prompt in loader',
            negative: 'negative in loader',
            lora_name: 'None',
            lora_stack: ['stack', 0],
            empty_latent_width: 512,
            empty_latent_height: 512,
          },
        },
        sampler: {
          class_type: 'KSampler (Efficient)',
          inputs: {
            seed: 1,
            steps: 10,
            cfg: 7,
            sampler_name: 'euler',
            scheduler: 'normal',
            model: ['loader', 0],
            positive: ['loader', 1],
            negative: ['loader', 2],
            latent_image: ['loader', 3],
          },
        },
      }),
    );
    expect(result.prompt).toBe('prompt in loader');
    expect(result.negativePrompt).toBe('negative in loader');
    expect(result.checkpoint).toBe('eff.safetensors');
    expect(result.loras).toEqual([{ name: 'one.safetensors', weight: 0.5 }]);
  });

  it('rgthree Context nodes between loader, encoders and sampler', async () => {
    const result = await read(
      basic({
        ctx: {
          class_type: 'Context (rgthree)',
          inputs: { model: ['ckpt', 0], clip: ['ckpt', 1], positive: ['pos', 0], negative: ['neg', 0], latent: ['latent', 0] },
        },
        ctx2: { class_type: 'Context (rgthree)', inputs: { base_ctx: ['ctx', 0] } },
        sampler: {
          class_type: 'KSampler',
          inputs: {
            seed: 5,
            steps: 25,
            cfg: 6,
            sampler_name: 'euler',
            scheduler: 'normal',
            model: ['ctx2', 1],
            positive: ['ctx2', 4],
            negative: ['ctx2', 5],
            latent_image: ['ctx2', 6],
          },
        },
      }),
    );
    expect(result).toMatchObject({ prompt: 'a red fox', negativePrompt: 'blurry', checkpoint: 'base.safetensors' });
  });

  it('SamplerCustomAdvanced with CFGGuider, noise, sampler and sigmas nodes; UNET loader; ControlNet in between', async () => {
    const result = await read({
      unet: { class_type: 'UNETLoader', inputs: { unet_name: 'flux1-dev.safetensors', weight_dtype: 'default' } },
      clip: { class_type: 'DualCLIPLoader', inputs: { clip_name1: 'a', clip_name2: 'b' } },
      pos: {
        class_type: 'CLIPTextEncodeFlux',
        inputs: { clip_l: 'a lighthouse', t5xxl: 'a lighthouse', guidance: 3.5, clip: ['clip', 0] },
      },
      neg: { class_type: 'CLIPTextEncode', inputs: { text: 'fog', clip: ['clip', 0] } },
      cn: {
        class_type: 'ControlNetApplyAdvanced',
        inputs: { positive: ['pos', 0], negative: ['neg', 0], control_net: ['x', 0], image: ['x', 1], strength: 1 },
      },
      guider: { class_type: 'CFGGuider', inputs: { cfg: 3.5, model: ['unet', 0], positive: ['cn', 0], negative: ['cn', 1] } },
      noise: { class_type: 'RandomNoise', inputs: { noise_seed: 77 } },
      select: { class_type: 'KSamplerSelect', inputs: { sampler_name: 'dpmpp_2m' } },
      sigmas: { class_type: 'BasicScheduler', inputs: { scheduler: 'beta', steps: 28, denoise: 1, model: ['unet', 0] } },
      latent: { class_type: 'EmptySD3LatentImage', inputs: { width: 1024, height: 768, batch_size: 1 } },
      run: {
        class_type: 'SamplerCustomAdvanced',
        inputs: { noise: ['noise', 0], guider: ['guider', 0], sampler: ['select', 0], sigmas: ['sigmas', 0], latent_image: ['latent', 0] },
      },
      decode: { class_type: 'VAEDecode', inputs: { samples: ['run', 0] } },
      save: { class_type: 'SaveImage', inputs: { images: ['decode', 0] } },
    });
    expect(result).toEqual({
      generator: 'comfyui',
      prompt: 'a lighthouse',
      negativePrompt: 'fog',
      checkpoint: 'flux1-dev.safetensors',
      loras: [],
      settings: { steps: 28, sampler: 'dpmpp_2m', scheduler: 'beta', cfg: 3.5, seed: '77', width: 1024, height: 768 },
    });
  });

  it('a zeroed-out negative has no text', async () => {
    const result = await read(
      basic({
        zero: { class_type: 'ConditioningZeroOut', inputs: { conditioning: ['pos', 0] } },
        sampler: { ...basic().sampler!, inputs: { ...basic().sampler!.inputs, negative: ['zero', 0] } },
      }),
    );
    expect(result.prompt).toBe('a red fox');
    expect(result.negativePrompt).toBeNull();
  });

  it('two passes: the base pass gives prompt, checkpoint and size; a sampler not feeding the output is ignored', async () => {
    const graph = basic({
      ckpt2: { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'refiner.safetensors' } },
      pos2: { class_type: 'CLIPTextEncode', inputs: { text: 'refine text', clip: ['ckpt2', 1] } },
      up: { class_type: 'LatentUpscale', inputs: { width: 2000, height: 3000, samples: ['sampler', 0] } },
      hires: {
        class_type: 'KSampler',
        inputs: {
          seed: 9,
          steps: 5,
          cfg: 2,
          sampler_name: 'dpmpp',
          scheduler: 'karras',
          model: ['ckpt2', 0],
          positive: ['pos2', 0],
          negative: ['neg', 0],
          latent_image: ['up', 0],
        },
      },
      decode: { class_type: 'VAEDecode', inputs: { samples: ['hires', 0] } },
      strayLatent: { class_type: 'EmptyLatentImage', inputs: { width: 64, height: 64 } },
      strayPos: { class_type: 'CLIPTextEncode', inputs: { text: 'stray sampler prompt', clip: ['ckpt', 1] } },
      stray: {
        class_type: 'KSampler',
        inputs: {
          seed: 1,
          steps: 1,
          cfg: 1,
          model: ['ckpt', 0],
          positive: ['strayPos', 0],
          negative: ['neg', 0],
          latent_image: ['strayLatent', 0],
        },
      },
    });
    // The stray sampler is listed first so that picking "the first sampler" would fail.
    const ordered = { stray: graph.stray!, strayPos: graph.strayPos!, strayLatent: graph.strayLatent!, ...graph };
    const result = await read(ordered);
    expect(result.prompt).toBe('a red fox');
    expect(result.checkpoint).toBe('base.safetensors');
    expect(result.settings).toMatchObject({ steps: 25, width: 832, height: 1216 });
  });

  it('tolerates NaN, Infinity and -Infinity outside strings, and keeps them inside strings', async () => {
    const text = JSON.stringify(
      basic({ pos: { class_type: 'CLIPTextEncode', inputs: { text: 'NaN Infinity "quoted"', clip: ['ckpt', 1] } } }),
    )
      .replace('"denoise":1', '"denoise":NaN,"x":Infinity,"y":-Infinity')
      .replace('"cfg":6', '"cfg":NaN');
    const result = await read(text);
    expect(result.prompt).toBe('NaN Infinity "quoted"');
    expect(result.settings.cfg).toBeNull();
    expect(result.settings.steps).toBe(25);
  });

  it('survives cycles in the graph', async () => {
    const result = await read(
      basic({
        a: { class_type: 'ConditioningCombine', inputs: { conditioning_1: ['b', 0], conditioning_2: ['pos', 0] } },
        b: { class_type: 'ConditioningCombine', inputs: { conditioning_1: ['a', 0] } },
        loop: { class_type: 'LoraLoader', inputs: { lora_name: 'loop.safetensors', strength_model: 1, model: ['loop', 0] } },
        sampler: {
          ...basic().sampler!,
          inputs: { ...basic().sampler!.inputs, positive: ['a', 0], model: ['loop', 0], latent_image: ['sampler', 0] },
        },
      }),
    );
    expect(result.prompt).toBe('a red fox');
    expect(result.loras).toEqual([{ name: 'loop.safetensors', weight: 1 }]);
    expect(result.checkpoint).toBeNull();
  });

  it('garbage graphs give no metadata', async () => {
    for (const text of ['{', '[]', '"x"', '{"1": 5}', '{"1": {"class_type": 3}}', 'null']) expect((await read(text)).generator).toBeNull();
  });

  it('keeps hostile prompt text verbatim', async () => {
    const hostile = '<script>alert(1)</script>\u0000"; DROP TABLE x; --';
    expect((await read(basic({ pos: { class_type: 'CLIPTextEncode', inputs: { text: hostile, clip: ['ckpt', 1] } } }))).prompt).toBe(
      hostile,
    );
  });

  it('a graph of almost 4 MB (the one-text cap) is read', async () => {
    const big = basic();
    for (let i = 0; i < 3000; i++) big[`n${i}`] = { class_type: 'CLIPTextEncode', inputs: { text: 'x'.repeat(1200), clip: ['ckpt', 1] } };
    const text = JSON.stringify(big);
    expect(text.length).toBeGreaterThan(3_700_000);
    const result = await read(text, {
      nodes: Array.from({ length: 3000 }, (_, id) => ({ id, type: 'Note', widgets_values: ['y'.repeat(500)] })),
    });
    expect(result.prompt).toBe('a red fox');
  });

  it('a long chain of pass-through nodes does not overflow the stack', async () => {
    const graph = basic();
    let previous = 'pos';
    for (let i = 0; i < 4000; i++) {
      graph[`r${i}`] = { class_type: 'ConditioningSetTimestepRange', inputs: { conditioning: [previous, 0] } };
      previous = `r${i}`;
    }
    graph.sampler = { ...graph.sampler!, inputs: { ...graph.sampler!.inputs, positive: [previous, 0] } };
    expect(await read(graph)).toMatchObject({ generator: 'comfyui', checkpoint: 'base.safetensors' });
  });
});

/** A UI workflow node. */
function uiNode(id: number | string, type: string, widgets: unknown[], inputs: [string, string, number | null, string?][] = [], mode = 0) {
  return {
    id,
    type,
    mode,
    widgets_values: widgets,
    inputs: inputs.map(([name, t, link, widget]) => ({ name, type: t, link, ...(widget ? { widget: { name: widget } } : {}) })),
  };
}

describe('ComfyUI UI workflow (no API prompt)', () => {
  const readWorkflow = (workflow: unknown) => extractGenerationMetadata(png([tEXt('workflow', JSON.stringify(workflow))]));

  it('reroutes, a primitive node, a bypassed and a muted node', async () => {
    const workflow = {
      nodes: [
        uiNode(1, 'CheckpointLoaderSimple', ['ui.safetensors']),
        uiNode(
          2,
          'CLIPTextEncode',
          ['ignored widget value'],
          [
            ['clip', 'CLIP', 1],
            ['text', 'STRING', 10, 'text'],
          ],
        ),
        uiNode(3, 'CLIPTextEncode', ['ugly'], [['clip', 'CLIP', 2]]),
        uiNode(4, 'EmptyLatentImage', [640, 960, 1]),
        uiNode(
          5,
          'KSampler',
          [42, 'fixed', 30, 5.5, 'euler', 'karras', 1],
          [
            ['model', 'MODEL', 3],
            ['positive', 'CONDITIONING', 4],
            ['negative', 'CONDITIONING', 5],
            ['latent_image', 'LATENT', 6],
          ],
        ),
        uiNode(6, 'Reroute', [], [['', '*', 7]]),
        uiNode(7, 'PrimitiveNode', ['prompt from primitive', 'fixed']),
        uiNode(
          8,
          'LoraLoader',
          ['bypassed.safetensors', 1, 1],
          [
            ['model', 'MODEL', 8],
            ['clip', 'CLIP', 9],
          ],
          4,
        ),
        uiNode(9, 'CLIPTextEncode', ['muted encoder, much longer than anything else in this graph'], [['clip', 'CLIP', null]], 2),
        uiNode(10, 'VAEDecode', [], [['samples', 'LATENT', 11]]),
        uiNode(11, 'SaveImage', ['x'], [['images', 'IMAGE', 12]]),
      ],
      links: [
        [1, 1, 1, 2, 0, 'CLIP'],
        [2, 1, 1, 3, 0, 'CLIP'],
        [3, 8, 0, 5, 0, 'MODEL'],
        [4, 2, 0, 6, 0, 'CONDITIONING'],
        [7, 2, 0, 6, 0, 'CONDITIONING'],
        [5, 3, 0, 5, 2, 'CONDITIONING'],
        [6, 4, 0, 5, 3, 'LATENT'],
        [8, 1, 0, 8, 0, 'MODEL'],
        [9, 1, 1, 8, 1, 'CLIP'],
        [10, 7, 0, 2, 1, 'STRING'],
        [11, 5, 0, 10, 0, 'LATENT'],
        [12, 10, 0, 11, 0, 'IMAGE'],
      ],
    };
    // Positive goes 2 → Reroute 6 → sampler 5.
    workflow.links[3] = [4, 6, 0, 5, 1, 'CONDITIONING'];
    expect(await readWorkflow(workflow)).toEqual({
      generator: 'comfyui',
      prompt: 'prompt from primitive',
      negativePrompt: 'ugly',
      checkpoint: 'ui.safetensors',
      loras: [],
      settings: { steps: 30, sampler: 'euler', scheduler: 'karras', cfg: 5.5, seed: '42', width: 640, height: 960 },
    });
  });

  it('a subgraph holding the encoders, with links across its boundary', async () => {
    const workflow = {
      nodes: [
        uiNode(1, 'CheckpointLoaderSimple', ['outer.safetensors']),
        uiNode(2, 'sub-uuid', [], [['clip', 'CLIP', 1]]),
        uiNode(4, 'EmptyLatentImage', [512, 512, 1]),
        uiNode(
          5,
          'KSampler',
          [1, 'fixed', 8, 2, 'lcm', 'sgm_uniform', 1],
          [
            ['model', 'MODEL', 3],
            ['positive', 'CONDITIONING', 4],
            ['negative', 'CONDITIONING', 5],
            ['latent_image', 'LATENT', 6],
          ],
        ),
        uiNode(6, 'SaveImage', [], [['images', 'IMAGE', 7]]),
      ],
      links: [
        [1, 1, 1, 2, 0, 'CLIP'],
        [3, 1, 0, 5, 0, 'MODEL'],
        [4, 2, 0, 5, 1, 'CONDITIONING'],
        [5, 2, 1, 5, 2, 'CONDITIONING'],
        [6, 4, 0, 5, 3, 'LATENT'],
        [7, 5, 0, 6, 0, 'IMAGE'],
      ],
      definitions: {
        subgraphs: [
          {
            id: 'sub-uuid',
            nodes: [
              uiNode(10, 'CLIPTextEncode', ['inside the subgraph'], [['clip', 'CLIP', 100]]),
              uiNode(11, 'CLIPTextEncode', ['inner negative'], [['clip', 'CLIP', 101]]),
            ],
            links: [
              { id: 100, origin_id: -10, origin_slot: 0, target_id: 10, target_slot: 0, type: 'CLIP' },
              { id: 101, origin_id: -10, origin_slot: 0, target_id: 11, target_slot: 0, type: 'CLIP' },
              { id: 102, origin_id: 10, origin_slot: 0, target_id: -20, target_slot: 0, type: 'CONDITIONING' },
              { id: 103, origin_id: 11, origin_slot: 0, target_id: -20, target_slot: 1, type: 'CONDITIONING' },
            ],
          },
        ],
      },
    };
    expect(await readWorkflow(workflow)).toMatchObject({
      prompt: 'inside the subgraph',
      negativePrompt: 'inner negative',
      checkpoint: 'outer.safetensors',
    });
  });

  it('a subgraph that contains itself stops at the depth limit', async () => {
    const workflow = {
      nodes: [uiNode(1, 'loop-sub', [])],
      links: [],
      definitions: { subgraphs: [{ id: 'loop-sub', nodes: [uiNode(1, 'loop-sub', [])], links: [] }] },
    };
    expect((await readWorkflow(workflow)).generator).toBeNull();
  });

  it('an unknown encoder type: its longest string widget', async () => {
    const workflow = {
      nodes: [
        uiNode(2, 'SomePromptTextEncode', ['short', 'the real prompt text', 3], [['clip', 'CLIP', null]]),
        uiNode(
          5,
          'KSampler',
          [1, 'fixed', 8, 2, 'lcm', 'normal', 1],
          [
            ['positive', 'CONDITIONING', 4],
            ['negative', 'CONDITIONING', null],
            ['latent_image', 'LATENT', 6],
          ],
        ),
        uiNode(4, 'EmptyLatentImage', [512, 512, 1]),
      ],
      links: [
        [4, 2, 0, 5, 0, 'CONDITIONING'],
        [6, 4, 0, 5, 2, 'LATENT'],
      ],
    };
    // The sampler's negative is unlinked: it is not a sampler by its inputs, so nothing is read.
    expect((await readWorkflow(workflow)).generator).toBeNull();
    workflow.nodes[1]!.inputs[1]!.link = 4;
    expect((await readWorkflow(workflow)).prompt).toBe('the real prompt text');
  });
});

describe('ComfyUI in WebP EXIF tags', () => {
  it('reads "prompt:{…}" from Model and "workflow:{…}" from Make', async () => {
    const file = webp(
      tiff('II', null, [
        [0x010f, `workflow:${JSON.stringify({ nodes: [] })}`],
        [0x0110, `prompt:${JSON.stringify(basic())}`],
      ]),
    );
    expect(await extractGenerationMetadata(file)).toMatchObject({
      generator: 'comfyui',
      prompt: 'a red fox',
      checkpoint: 'base.safetensors',
    });
  });
});
