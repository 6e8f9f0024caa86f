// ComfyUI prompts found by what they feed, through switches, previews and text generators,
// on the real Krea 2 template file and on graphs built here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ApiGraph, basic, read } from './comfy-test-graphs.ts';
import { ReadBudget } from './budget.ts';
import { extractGenerationMetadata } from './index.ts';
import { readPngText } from './png-chunks.ts';
import { png, tEXt } from './test-files.ts';

const PEERS = new URL('../../../tests/fixtures/ai-images-peers/', import.meta.url);
const readPeer = (name: string) => extractGenerationMetadata(new Uint8Array(readFileSync(new URL(name, PEERS))));

/** basic() whose positive text comes through `via` (a link to the node giving the string). */
const textVia = (via: [string, number], nodes: ApiGraph) =>
  basic({ ...nodes, pos: { class_type: 'CLIPTextEncode', inputs: { text: via, clip: ['ckpt', 1] } } });

const onOff = (on: unknown): ApiGraph => ({
  flag: { class_type: 'PrimitiveBoolean', inputs: { value: on } },
  yes: { class_type: 'PrimitiveStringMultiline', inputs: { value: 'a fox on true' } },
  no: { class_type: 'PrimitiveStringMultiline', inputs: { value: 'a fox on false' } },
  switch: { class_type: 'ComfySwitchNode', inputs: { switch: ['flag', 0], on_true: ['yes', 0], on_false: ['no', 0] } },
});

describe('krea2.png: the Krea 2 template (switches, a preview, a prompt expander, a resolution selector)', () => {
  it('reads the typed prompt, the model behind a model switch and the selected size', async () => {
    expect(await readPeer('krea2.png')).toEqual({
      generator: 'comfyui',
      prompt: '初音ミクのポートレート。美麗な2Dアニメイラスト。白背景。',
      negativePrompt: null,
      checkpoint: 'krea2_turbo_int8_convrot.safetensors',
      loras: [],
      settings: { steps: 8, sampler: 'euler', scheduler: 'simple', cfg: 1, seed: '371644226245214', width: 1024, height: 1024 },
    });
  });

  it('its UI workflow alone (the template as saved, subgraph inlined) is read the same way', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('krea2.png', PEERS)));
    const workflow = (await readPngText(bytes, new ReadBudget())).get('workflow')!;
    const result = await extractGenerationMetadata(png([tEXt('workflow', workflow)]));
    expect(result.prompt).toMatch(/^Ultra low angle action shot, male soccer player/);
    expect(result).toMatchObject({ checkpoint: 'krea2_turbo_int8_convrot.safetensors', settings: { steps: 8, width: 1024, height: 1024 } });
  });
});

describe('switches', () => {
  it.each([
    [true, 'a fox on true'],
    [false, 'a fox on false'],
    ['true', 'a fox on true'],
  ])('a ComfySwitchNode set to %s by a primitive takes that branch only', async (on, prompt) => {
    expect((await read(textVia(['switch', 0], onOff(on)))).prompt).toBe(prompt);
  });

  it('a switch set on the node itself, and a switch on the model path', async () => {
    const graph = textVia(['switch', 0], {
      ...onOff(null),
      switch: { class_type: 'Switch any [Crystools]', inputs: { boolean: false, on_true: ['yes', 0], on_false: ['no', 0] } },
      other: { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'other.safetensors' } },
      model: { class_type: 'ComfySwitchNode', inputs: { switch: true, on_true: ['other', 0], on_false: ['ckpt', 0] } },
    });
    graph.sampler!.inputs.model = ['model', 0];
    const result = await read(graph);
    expect(result.prompt).toBe('a fox on false');
    expect(result.checkpoint).toBe('other.safetensors');
  });

  it('index switches and first-connected switches take the chosen input', async () => {
    const impact = { class_type: 'ImpactSwitch', inputs: { select: 2, input1: ['yes', 0], input2: ['no', 0] } };
    expect((await read(textVia(['switch', 0], { ...onOff(true), switch: impact }))).prompt).toBe('a fox on false');
    const rgthree = { class_type: 'Any Switch (rgthree)', inputs: { any_02: ['no', 0], any_03: ['yes', 0] } };
    expect((await read(textVia(['switch', 0], { ...onOff(true), switch: rgthree }))).prompt).toBe('a fox on false');
  });

  it('a switch whose setting the graph does not hold gives no text, not both', async () => {
    const result = await read(textVia(['switch', 0], onOff(['missing', 0])));
    expect(result.prompt).toBeNull();
    expect(result.negativePrompt).toBe('blurry');
  });

  it.each([2, 1000])('switches routed into each other in a ring of %i end, and the rest of the graph is read', async (size) => {
    const ring: ApiGraph = { flag: { class_type: 'PrimitiveBoolean', inputs: { value: true } } };
    for (let i = 0; i < size; i++) {
      ring[`s${i}`] = {
        class_type: 'ComfySwitchNode',
        inputs: { switch: ['flag', 0], on_true: [`s${(i + 1) % size}`, 0], on_false: ['flag', 0] },
      };
    }
    const graph = textVia(['s0', 0], ring);
    graph.sampler!.inputs.positive = ['s0', 0];
    const started = performance.now();
    const result = await read(graph);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result).toMatchObject({ prompt: null, negativePrompt: 'blurry', checkpoint: 'base.safetensors' });
  });
});

describe('text sources, recognised by feeding a sampler', () => {
  it("rgthree's Power Prompt (prompt with opt_clip) gives its prompt", async () => {
    const graph = basic({
      pos: { class_type: 'Power Prompt (rgthree)', inputs: { prompt: 'a fox in the snow', opt_clip: ['ckpt', 1], opt_model: ['ckpt', 0] } },
    });
    expect((await read(graph)).prompt).toBe('a fox in the snow');
  });

  it('a custom encoder of any name with a text input, and a wildcard encoder gives its filled-in text', async () => {
    const custom = basic({ pos: { class_type: 'Fancy Prompt Maker', inputs: { text: 'a fox, custom', clip_in: ['ckpt', 1] } } });
    expect((await read(custom)).prompt).toBe('a fox, custom');
    const wildcard = basic({
      pos: {
        class_type: 'ImpactWildcardEncode',
        inputs: { wildcard_text: 'a __animal__', populated_text: 'a fox', mode: 'populate', clip: ['ckpt', 1], model: ['ckpt', 0] },
      },
    });
    expect((await read(wildcard)).prompt).toBe('a fox');
  });

  it('through a preview that passes its source on', async () => {
    const graph = textVia(['preview', 0], {
      typed: { class_type: 'PrimitiveStringMultiline', inputs: { value: 'a previewed fox' } },
      preview: { class_type: 'PreviewAny', inputs: { source: ['typed', 0] } },
    });
    expect((await read(graph)).prompt).toBe('a previewed fox');
  });

  it("a prompt expander's text is written at run time: the person's text given to it shows", async () => {
    const graph = textVia(['expand', 0], {
      system: { class_type: 'PrimitiveStringMultiline', inputs: { value: 'You expand prompts. User input:\n' } },
      user: { class_type: 'PrimitiveStringMultiline', inputs: { value: 'a fox' } },
      joined: { class_type: 'StringConcatenate', inputs: { string_a: ['system', 0], string_b: ['user', 0], delimiter: '' } },
      expand: { class_type: 'TextGenerate', inputs: { prompt: ['joined', 0], clip: ['ckpt', 1], max_length: 256 } },
    });
    expect((await read(graph)).prompt).toBe('a fox');
  });

  it('a concatenation that no model rewrites keeps all its parts', async () => {
    const graph = textVia(['joined', 0], {
      joined: { class_type: 'StringConcatenate', inputs: { string_a: 'a fox', string_b: 'in snow', delimiter: ', ' } },
    });
    expect((await read(graph)).prompt).toBe('a fox, in snow');
  });
});
