import { describe, expect, it } from 'vitest';
import { chooseChromium, CHROMIUM_ARGS, resolveChromium, SYSTEM_CHROMIUM } from './chromium.ts';

const present =
  (...files: string[]) =>
  (file: string) =>
    files.includes(file);
const linux = (...files: string[]) => ({ exists: present(...files), platform: 'linux-x64' });

describe('chooseChromium', () => {
  it('takes CHROMIUM_PATH when that file exists', () => {
    expect(chooseChromium({ CHROMIUM_PATH: '/opt/chrome' }, linux('/opt/chrome', SYSTEM_CHROMIUM))).toEqual({
      source: 'path',
      path: '/opt/chrome',
    });
  });

  it('takes the packaged Chromium when CHROMIUM_PATH is set but missing, even beside Debian’s', () => {
    expect(chooseChromium({ CHROMIUM_PATH: '/nonexistent' }, linux(SYSTEM_CHROMIUM))).toEqual({ source: 'packaged' });
  });

  it('takes the packaged Chromium before Debian’s for the tests, when CHROMIUM_PATH is unset (or empty)', () => {
    expect(chooseChromium({}, linux(SYSTEM_CHROMIUM))).toEqual({ source: 'packaged' });
    expect(chooseChromium({ CHROMIUM_PATH: '' }, linux(SYSTEM_CHROMIUM))).toEqual({ source: 'packaged' });
  });

  it('takes /usr/bin/chromium first when the full browser is preferred (Lighthouse), else the packaged one', () => {
    expect(chooseChromium({}, linux(SYSTEM_CHROMIUM), 'system')).toEqual({ source: 'path', path: SYSTEM_CHROMIUM });
    expect(chooseChromium({}, linux(), 'system')).toEqual({ source: 'packaged' });
  });

  it('takes /usr/bin/chromium where the packaged Linux x64 binary cannot run', () => {
    expect(chooseChromium({}, { exists: present(SYSTEM_CHROMIUM), platform: 'linux-arm64' })).toEqual({
      source: 'path',
      path: SYSTEM_CHROMIUM,
    });
  });

  it("leaves it to Playwright's own browser where the packaged Linux x64 binary cannot run", () => {
    expect(chooseChromium({}, { exists: present(), platform: 'darwin-arm64' })).toEqual({ source: 'playwright' });
    expect(chooseChromium({}, { exists: present(), platform: 'linux-arm64' })).toEqual({ source: 'playwright' });
  });
});

describe('resolveChromium', () => {
  it('launches a Chromium named by CHROMIUM_PATH with the common flags', () => {
    // Any existing file will do: the choice only checks that it is there.
    expect(resolveChromium({ CHROMIUM_PATH: process.execPath })).toEqual({ executablePath: process.execPath, args: CHROMIUM_ARGS });
  });
});
