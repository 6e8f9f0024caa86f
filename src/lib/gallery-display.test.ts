import { describe, expect, it } from 'vitest';
import {
  countLabel,
  descriptionText,
  displayedPrompts,
  isWideHero,
  loraChips,
  madeWith,
  ratingBadgeLabel,
  ratioBox,
  settingsSize,
  thumbSrcset,
  titleFromFileName,
} from './gallery-display.ts';

describe('the wide-hero rule', () => {
  it('spans the row from width / height 2.2 up', () => {
    expect(isWideHero({ hero_width: 2200, hero_height: 1000 })).toBe(true);
    expect(isWideHero({ hero_width: 3000, hero_height: 1000 })).toBe(true);
    expect(isWideHero({ hero_width: 2199, hero_height: 1000 })).toBe(false);
    expect(isWideHero({ hero_width: 1024, hero_height: 1024 })).toBe(false);
  });

  it('is never wide without a hero or with a zero size', () => {
    expect(isWideHero({ hero_width: null, hero_height: null })).toBe(false);
    expect(isWideHero({ hero_width: 2200, hero_height: 0 })).toBe(false);
    expect(isWideHero({ hero_width: 0, hero_height: 100 })).toBe(false);
  });
});

describe('displayed prompts', () => {
  it('shows the stored prompt and negative as they are (trimmed)', () => {
    expect(displayedPrompts({ prompt: ' photo of a duck \n', parameters: 'monochrome' })).toEqual({
      prompt: 'photo of a duck',
      negative: 'monochrome',
    });
  });

  it('splits a raw labelled prompt that has no separate negative', () => {
    const shown = displayedPrompts({
      prompt: 'photo of a duck\nNegative prompt: monochrome\nSteps: 20, Sampler: Euler a',
      parameters: null,
    });
    expect(shown).toEqual({ prompt: 'photo of a duck', negative: 'monochrome' });
  });

  it('is empty for no prompt', () => {
    expect(displayedPrompts({ prompt: null, parameters: null })).toEqual({ prompt: '', negative: '' });
  });

  it('keeps hostile text as text (the islands render it as a text node)', () => {
    expect(displayedPrompts({ prompt: '<img src=x onerror=alert(1)>', parameters: "'; DROP TABLE x; --" })).toEqual({
      prompt: '<img src=x onerror=alert(1)>',
      negative: "'; DROP TABLE x; --",
    });
  });
});

describe('LoRA chips', () => {
  it('show the weight when the file gave one', () => {
    expect(
      loraChips({
        loras: ['a', 'b'],
        lora_weights: [
          { name: 'a', weight: 0.8 },
          { name: 'b', weight: null },
        ],
      }),
    ).toEqual(['a 0.8', 'b']);
  });

  it('fall back to the names', () => {
    expect(loraChips({ loras: ['NoobV065sHyperDmd'], lora_weights: [] })).toEqual(['NoobV065sHyperDmd']);
    expect(loraChips({ loras: [], lora_weights: [] })).toEqual([]);
  });
});

describe('thumbnails', () => {
  it('offer the 480w and 960w copies', () => {
    expect(thumbSrcset({ thumb: '/t.webp', thumb_2x: '/t2.webp' })).toBe('/t.webp 480w, /t2.webp 960w');
  });

  it('offer no srcset without a distinct 2x copy', () => {
    expect(thumbSrcset({ thumb: '/t.webp', thumb_2x: '/t.webp' })).toBeUndefined();
    expect(thumbSrcset({ thumb: '/t.webp', thumb_2x: '' })).toBeUndefined();
  });

  it('reserve their box with an inert image of the same proportions', () => {
    const box = ratioBox(1536, 1024);
    expect(box.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(box)).toContain('viewBox="0 0 1536 1024"');
    expect(decodeURIComponent(ratioBox(0, Number.NaN))).toContain('viewBox="0 0 1 1"');
  });
});

describe('countLabel', () => {
  it('says one or many', () => {
    expect(countLabel(1, 'image')).toBe('1 image');
    expect(countLabel(0, 'like')).toBe('0 likes');
    expect(countLabel(12, 'comment')).toBe('12 comments');
  });
});

describe('the default title', () => {
  it('is the uploaded file name without its extension', () => {
    expect(titleFromFileName('Neon alley.PNG')).toBe('Neon alley');
    expect(titleFromFileName('night.v2.final.webp')).toBe('night.v2.final');
    expect(titleFromFileName('no extension')).toBe('no extension');
  });

  it('keeps a name that is only an extension or ends in a dot readable', () => {
    expect(titleFromFileName('.png')).toBe('.png');
    expect(titleFromFileName('dots.')).toBe('dots');
  });
});

describe('the Size setting', () => {
  const size = { width: 1024, height: 1024 };
  it('shows the generation size, and the upscaled size when a pass is recorded', () => {
    expect(settingsSize(size)).toBe('1024×1024');
    expect(settingsSize({ ...size, upscaled_width: 1536, upscaled_height: 1536 })).toBe('1024×1024, upscaled to 1536×1536');
  });

  it('says nothing of an upscale to the same size, shows a lone upscaled size, and nothing without sizes', () => {
    expect(settingsSize({ ...size, upscaled_width: 1024, upscaled_height: 1024 })).toBe('1024×1024');
    expect(settingsSize({ width: null, height: null, upscaled_width: 2048, upscaled_height: 1152 })).toBe('2048×1152');
    expect(settingsSize({ width: 1024, height: null, upscaled_width: null, upscaled_height: null })).toBeNull();
  });
});

describe('"Made with"', () => {
  it('names the tool the content credentials name, and nothing without one', () => {
    expect(madeWith({ made_with: ' ChatGPT ' })).toBe('ChatGPT');
    expect(madeWith({ made_with: '  ' })).toBeNull();
    expect(madeWith({ made_with: null })).toBeNull();
  });
});

describe('the admin rating badge', () => {
  it('says 18+ beside X, so it never reads as a close button', () => {
    expect(ratingBadgeLabel('X')).toBe('18+ X');
    expect(ratingBadgeLabel('PG')).toBe('PG');
  });
});

describe('a description as plain text', () => {
  it('drops the Markdown and cuts at the given length on a word', () => {
    expect(descriptionText('*neon* and **rain**\n\n[a link](https://example.com)')).toBe('neon and rain a link');
    const cut = descriptionText('word '.repeat(100), 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut.endsWith('…')).toBe(true);
  });
});
