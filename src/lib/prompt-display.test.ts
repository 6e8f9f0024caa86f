import { describe, expect, it } from 'vitest';
import { splitPromptForDisplay } from './prompt-display.ts';

describe('splitPromptForDisplay', () => {
  it('empty, blank and null give empty parts', () => {
    for (const raw of [null, undefined, '', '   \n ']) expect(splitPromptForDisplay(raw)).toEqual({ prompt: '', negative: '' });
  });

  it('plain text stays the prompt', () => {
    expect(splitPromptForDisplay('a castle on a hill, sunset')).toEqual({ prompt: 'a castle on a hill, sunset', negative: '' });
  });

  it("removes a leading 'prompt:' in any case", () => {
    expect(splitPromptForDisplay('Prompt: a cat')).toEqual({ prompt: 'a cat', negative: '' });
    expect(splitPromptForDisplay('  PROMPT:a cat')).toEqual({ prompt: 'a cat', negative: '' });
    expect(splitPromptForDisplay('a prompt: with a colon later')).toEqual({ prompt: 'a prompt: with a colon later', negative: '' });
  });

  it("text after 'negative prompt:' becomes the negative, on its own line or inline", () => {
    expect(splitPromptForDisplay('a cat\nNegative prompt: dog, rain')).toEqual({ prompt: 'a cat', negative: 'dog, rain' });
    expect(splitPromptForDisplay('a cat negative PROMPT: dog')).toEqual({ prompt: 'a cat', negative: 'dog' });
  });

  it('cuts generation-setting lines and everything after them', () => {
    expect(splitPromptForDisplay('a cat\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: 1, Size: 512x512, Model: sd15\nextra')).toEqual({
      prompt: 'a cat',
      negative: '',
    });
    for (const line of [
      'Sampler: Euler',
      'CFG scale: 7',
      'Seed: 42',
      'Size: 512x768',
      'Model: anything',
      'Model hash: abc',
      'Clip skip: 2',
      'Schedule type: Karras',
    ]) {
      expect(splitPromptForDisplay(`a dog\n${line}`)).toEqual({ prompt: 'a dog', negative: '' });
    }
    expect(splitPromptForDisplay('a dog Steps: 30, Sampler: Euler')).toEqual({ prompt: 'a dog', negative: '' });
  });

  it('all three rules together (A1111 parameters as stored raw)', () => {
    const raw =
      'prompt: photo of a duck\nNegative prompt: monochrome\nSteps: 15, Sampler: UniPC, CFG scale: 5, Seed: 235284042, Size: 512x400, Model hash: c0d1994c73, Model: realistic';
    expect(splitPromptForDisplay(raw)).toEqual({ prompt: 'photo of a duck', negative: 'monochrome' });
  });

  it('with no label, the first bad-quality term starts the negative', () => {
    expect(splitPromptForDisplay('masterpiece, best quality, 1girl, worst quality, low quality, bad hands')).toEqual({
      prompt: 'masterpiece, best quality, 1girl',
      negative: 'worst quality, low quality, bad hands',
    });
    expect(splitPromptForDisplay('a forest\n(worst quality:1.4), (lowres), jpeg artifacts')).toEqual({
      prompt: 'a forest',
      negative: '(worst quality:1.4), (lowres), jpeg artifacts',
    });
    expect(splitPromptForDisplay('a forest, EasyNegative, watermark')).toEqual({ prompt: 'a forest', negative: 'EasyNegative, watermark' });
  });

  it('a bad-quality word inside a longer positive token does not split', () => {
    expect(splitPromptForDisplay('portrait, blurry background, low quality film look')).toEqual({
      prompt: 'portrait, blurry background, low quality film look',
      negative: '',
    });
  });

  it('a label wins over bad-quality terms; only bad terms gives an empty prompt', () => {
    expect(splitPromptForDisplay('a cat, blurry\nNegative prompt: dog')).toEqual({ prompt: 'a cat, blurry', negative: 'dog' });
    expect(splitPromptForDisplay('lowres, bad anatomy')).toEqual({ prompt: '', negative: 'lowres, bad anatomy' });
  });

  it('bad-quality terms after the settings are cut with them', () => {
    expect(splitPromptForDisplay('a cat\nSeed: 1\nworst quality')).toEqual({ prompt: 'a cat', negative: '' });
  });

  describe('ComfyUI JSON stored as the prompt', () => {
    const api = {
      '3': { class_type: 'KSampler', inputs: { positive: ['6', 0], negative: ['7', 0] } },
      '6': {
        class_type: 'CLIPTextEncode',
        inputs: { text: 'a lighthouse at night', clip: ['4', 1] },
        _meta: { title: 'CLIP Text Encode (Prompt)' },
      },
      '7': {
        class_type: 'CLIPTextEncode',
        inputs: { text: 'a much longer negative text, fog, rain, people, boats', clip: ['4', 1] },
        _meta: { title: 'Negative' },
      },
      '8': { class_type: 'CLIPTextEncode', inputs: { text: 'short', clip: ['4', 1] } },
    };

    it('API form: negative by label, longest remaining wins', () => {
      expect(splitPromptForDisplay(JSON.stringify(api))).toEqual({
        prompt: 'a lighthouse at night',
        negative: 'a much longer negative text, fog, rain, people, boats',
      });
    });

    it('API form with NaN and Infinity, no negative label: a text starting with bad-quality terms is the negative', () => {
      const graph = {
        '1': { class_type: 'CLIPTextEncodeSDXL', inputs: { text_g: 'a mountain lake', text_l: 'a mountain lake', clip: ['4', 1] } },
        '2': { class_type: 'CLIPTextEncode', inputs: { text: 'worst quality, low quality, text, watermark, a long list', clip: ['4', 1] } },
      };
      const raw = JSON.stringify(graph).replace('"clip":["4",1]}', '"clip":["4",1],"w":NaN,"h":-Infinity}');
      expect(splitPromptForDisplay(raw)).toEqual({
        prompt: 'a mountain lake',
        negative: 'worst quality, low quality, text, watermark, a long list',
      });
    });

    it('UI workflow form', () => {
      const workflow = {
        nodes: [
          { id: 1, type: 'CLIPTextEncode', title: 'Negative Prompt', widgets_values: ['ugly'] },
          { id: 2, type: 'CLIPTextEncode', widgets_values: ['a red fox in snow'] },
          { id: 3, type: 'KSampler', widgets_values: [1, 'fixed', 20, 7, 'euler', 'normal', 1] },
          { id: 4, type: 'Note', widgets_values: ['a very long note that is not a prompt at all, no, not at all'] },
        ],
      };
      expect(splitPromptForDisplay(JSON.stringify(workflow))).toEqual({ prompt: 'a red fox in snow', negative: 'ugly' });
    });

    it('a graph without encoders gives empty parts; JSON that is no graph, or broken JSON, stays text', () => {
      expect(splitPromptForDisplay(JSON.stringify({ '1': { class_type: 'LoadImage', inputs: {} } }))).toEqual({ prompt: '', negative: '' });
      expect(splitPromptForDisplay('{"note": "hello"}')).toEqual({ prompt: '{"note": "hello"}', negative: '' });
      expect(splitPromptForDisplay('{ a cat, worst quality')).toEqual({ prompt: '{ a cat', negative: 'worst quality' });
    });
  });

  it('hostile text comes back verbatim as text', () => {
    const hostile = `<script>alert('x')</script> "; DROP TABLE images; -- ../../ \u0000 <img src=x onerror=alert(1)>`;
    expect(splitPromptForDisplay(hostile)).toEqual({ prompt: hostile.trim(), negative: '' });
    expect(splitPromptForDisplay(`a\nNegative prompt: ${hostile}`)).toEqual({ prompt: 'a', negative: hostile.trim() });
  });

  it('a huge prompt is handled quickly', () => {
    const raw = `${'masterpiece, '.repeat(200_000)}worst quality`;
    const started = performance.now();
    expect(splitPromptForDisplay(raw).negative).toBe('worst quality');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
