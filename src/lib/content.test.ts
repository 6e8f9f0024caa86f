import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_PROFILE, pageTitle } from './profile.ts';
import type { ContentSnapshot } from './snapshot.ts';
import { emptySocialLinks } from './socials.ts';

async function freshLoadContent() {
  vi.resetModules(); // the module caches the snapshot it read
  return (await import('./content.ts')).loadContent();
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('loadContent', () => {
  it('falls back to the sci-fi and fantasy author profile when the build has no snapshot', async () => {
    vi.stubEnv('CONTENT_SNAPSHOT', '');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const content = await freshLoadContent();
    expect(content.profile).toEqual(FALLBACK_PROFILE);
    expect(content.profile.bio).toMatch(/science fiction and fantasy author/i);
    expect(content.profile.tagline).not.toBe('');
    expect(content.socials).toEqual(emptySocialLinks());
    expect(content.stories).toEqual([]);
  });

  it('reads the snapshot the server wrote', async () => {
    const snapshot: ContentSnapshot = {
      generatedAt: '2026-11-22T00:00:00.000Z',
      profile: { ...FALLBACK_PROFILE, name: 'Mara Quillon' },
      socials: { ...emptySocialLinks(), patreon: 'https://patreon.com/mara' },
      stories: [],
      galleries: [],
      follow_by_email: true,
    };
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'snapshot-')), 'snapshot.json');
    fs.writeFileSync(file, JSON.stringify(snapshot));
    vi.stubEnv('CONTENT_SNAPSHOT', file);
    expect(await freshLoadContent()).toEqual(snapshot);
  });

  it('has no galleries in a snapshot written before galleries existed', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'snapshot-')), 'snapshot.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ generatedAt: '2026-11-22T00:00:00.000Z', profile: FALLBACK_PROFILE, socials: emptySocialLinks(), stories: [] }),
    );
    vi.stubEnv('CONTENT_SNAPSHOT', file);
    vi.resetModules();
    expect((await import('./content.ts')).loadGalleries()).toEqual([]);
  });
});

describe('pageTitle', () => {
  it('is the name plus the bio', () => {
    expect(pageTitle({ name: 'Mara Quillon', bio: 'SF author' })).toBe('Mara Quillon - SF author');
    expect(pageTitle({ name: 'Mara Quillon', bio: '' })).toBe('Mara Quillon');
  });
});
