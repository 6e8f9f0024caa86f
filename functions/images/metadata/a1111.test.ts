import { describe, expect, it } from 'vitest';
import { looksLikeA1111, parseA1111, parseSettingsLine, promptLoras } from './a1111.ts';

describe('parseA1111', () => {
  it('splits prompt, multi-line negative and the settings line', () => {
    const result = parseA1111(
      'line one\nline two\nNegative prompt: bad\nworse\nSteps: 20, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: 18446744073709551615, Size: 512x768, Model: sd15',
    );
    expect(result.prompt).toBe('line one\nline two');
    expect(result.negativePrompt).toBe('bad\nworse');
    expect(result.checkpoint).toBe('sd15');
    expect(result.settings).toEqual({
      steps: 20,
      sampler: 'DPM++ 2M Karras',
      scheduler: null,
      cfg: 7,
      seed: '18446744073709551615',
      width: 512,
      height: 768,
    });
  });

  it('reads quoted values with commas and JSON values, and ignores lines after the settings', () => {
    const text =
      'a cat\nNegative prompt: dog\nSteps: 25, Sampler: Euler, Lora hashes: "a: 1, b: 2", Hashes: {"model": "x", "lora:a": "y"}, CFG scale: 4.5, Seed: 7, Size: 640x480, Model: "name, with comma"\nTemplate: extra line';
    const result = parseA1111(text);
    expect(result.negativePrompt).toBe('dog');
    expect(result.checkpoint).toBe('name, with comma');
    expect(result.settings.cfg).toBe(4.5);
    expect(result.settings.width).toBe(640);
  });

  it('a prompt alone (no negative, no settings) stays the prompt', () => {
    const result = parseA1111('just a prompt, with: colons\n');
    expect(result).toMatchObject({
      generator: 'automatic1111',
      prompt: 'just a prompt, with: colons',
      negativePrompt: null,
      checkpoint: null,
    });
    expect(result.settings.steps).toBeNull();
  });

  it('settings directly after the prompt (no negative)', () => {
    const result = parseA1111('a tree\nSteps: 10, Sampler: Euler, CFG scale: 3, Seed: 1, Size: 64x64, Model: m');
    expect(result.prompt).toBe('a tree');
    expect(result.negativePrompt).toBeNull();
    expect(result.settings.steps).toBe(10);
  });

  it('Civitai: resources JSON gives the generator, checkpoint when Model is absent, and LoRAs', () => {
    const text =
      'portrait <lora:detailTweak:0.5>\nNegative prompt: ugly\nSteps: 30, CFG scale: 5, Sampler: DPM++ 2M, Seed: 99, Size: 832x1216, Clip skip: 2, Created Date: 2024-01-01T00:00:00.000Z, Civitai resources: [{"type":"checkpoint","modelVersionId":1,"modelName":"Pony Diffusion V6 XL","modelVersionName":"V6"},{"type":"lora","weight":0.8,"modelVersionId":2,"modelName":"Style, Painterly","modelVersionName":"v1"},{"type":"lora","weight":0,"modelName":"Off"}], Civitai metadata: {}';
    const result = parseA1111(text);
    expect(result.generator).toBe('civitai');
    expect(result.checkpoint).toBe('Pony Diffusion V6 XL');
    expect(result.loras).toEqual([
      { name: 'detailTweak', weight: 0.5 },
      { name: 'Style, Painterly', weight: 0.8 },
    ]);
    expect(result.settings).toMatchObject({ steps: 30, cfg: 5, seed: '99', width: 832, height: 1216 });
  });

  it.each([
    ['Hires upscale: 1.5, Hires upscaler: R-ESRGAN 4x+', 1536, 1536],
    ['Hires upscale: 1.15', 1177, 1177],
    ['Hires resize: 1920x1080, Hires upscaler: Latent', 1920, 1080],
    ['Hires resize: 1536x0', 1536, 1536],
    ['Hires resize: 0x2048, Hires upscale: 3', 2048, 2048],
  ])('a hires fix (%s) gives the size it upscaled to', (hires, upscaled_width, upscaled_height) => {
    const result = parseA1111(`a cat\nSteps: 20, Sampler: Euler, Seed: 1, Size: 1024x1024, Denoising strength: 0.4, ${hires}, Model: m`);
    expect(result.settings).toMatchObject({ width: 1024, height: 1024, upscaled_width, upscaled_height });
  });

  it.each([
    'Hires upscale: 1',
    'Hires upscale: -2',
    'Hires resize: 0x0',
    'Hires resize: 512x512',
    'Hires upscale: big',
    'Hires upscaler: None',
  ])('no upscaled size from "%s" or without the base size', (hires) => {
    expect(parseA1111(`a cat\nSteps: 20, Size: 1024x1024, ${hires}`).settings).not.toHaveProperty('upscaled_width');
    expect(parseA1111(`a cat\nSteps: 20, Sampler: Euler, Hires upscale: 2, ${hires}`).settings).not.toHaveProperty('upscaled_width');
  });

  it('keeps hostile text verbatim', () => {
    const prompt = `<script>alert("x")</script> '; DROP TABLE images; -- ../../etc/passwd \u0000 <img src=x onerror=alert(1)>`;
    const result = parseA1111(
      `${prompt}\nNegative prompt: <b>bold</b>\nSteps: 1, Sampler: <i>, CFG scale: 1, Seed: 1, Size: 1x1, Model: <svg/onload=1>`,
    );
    expect(result.prompt).toBe(prompt);
    expect(result.negativePrompt).toBe('<b>bold</b>');
    expect(result.checkpoint).toBe('<svg/onload=1>');
    expect(result.settings.sampler).toBe('<i>');
  });
});

describe('promptLoras', () => {
  it('reads weights, no weight, lyco and te/unet forms; skips weight 0; dedupes', () => {
    expect(promptLoras('<lora:a:0.8>, <LORA:b>, <lyco:c:1:0.5>, <lora:d:0>, <lora:a:1>, <lora:e:unet=0.6>')).toEqual([
      { name: 'a', weight: 0.8 },
      { name: 'b', weight: null },
      { name: 'c', weight: 1 },
      { name: 'e', weight: 0.6 },
    ]);
  });
});

describe('parseSettingsLine', () => {
  it('handles escaped quotes and unbalanced JSON', () => {
    const values = parseSettingsLine('A: "say \\"hi\\", ok", B: {broken, C: 3');
    expect(values.get('a')).toBe('say "hi", ok');
    expect(values.get('c')).toBe('3');
  });
});

describe('looksLikeA1111', () => {
  it('needs a settings line or a negative label', () => {
    expect(looksLikeA1111('x\nSteps: 5, Sampler: a')).toBe(true);
    expect(looksLikeA1111('x\nNegative prompt: y')).toBe(true);
    expect(looksLikeA1111('Holiday 2019')).toBe(false);
  });
});
