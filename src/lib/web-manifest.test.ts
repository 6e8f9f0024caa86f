import { describe, expect, it } from 'vitest';
import { shortName, THEME_COLOR, webManifest } from './web-manifest.ts';

describe('the web app manifest', () => {
  it('names the site after the author, starts at the landing page and opens as an app', () => {
    const manifest = webManifest({ name: 'Mara Quillon', tagline: 'Stories.' });
    expect(manifest).toMatchObject({
      name: 'Mara Quillon',
      short_name: 'Mara Quillon',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: THEME_COLOR,
    });
    const icons = manifest['icons'] as { src: string; sizes: string; purpose?: string }[];
    expect(icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512', '512x512']);
    expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });

  it('keeps the short name short, whole characters only', () => {
    expect(shortName('Alexandra Montgomery-Whitfield')).toBe('Alexandra');
    expect(shortName('Bartholomewsson Smith')).toBe('Bartholomews');
    expect(shortName('👩‍🚀👩‍🚀👩‍🚀👩‍🚀👩‍🚀👩‍🚀👩‍🚀 Writes')).not.toMatch(/\uFFFD/);
    expect(shortName('   ')).toBe('Stories');
  });
});
