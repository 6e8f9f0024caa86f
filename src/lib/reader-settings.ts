// Reading comfort, kept on the device under "reader-settings": text size, line spacing, text
// width and font family. public/theme-init.js applies the same values before first paint, so a
// reader's choice never makes the page jump; keep the two in step.
export const READER_SETTINGS_KEY = 'reader-settings';

export const FONT_SIZES = ['1rem', '1.125rem', '1.25rem', '1.375rem', '1.5rem'] as const;
export const LINE_HEIGHTS = { compact: '1.55', normal: '1.75', relaxed: '2' } as const;
export const WIDTHS = { narrow: '32rem', normal: '38rem', wide: '48rem' } as const;

export interface ReaderSettings {
  size: number;
  spacing: keyof typeof LINE_HEIGHTS;
  width: keyof typeof WIDTHS;
  family: 'sans' | 'serif';
}

export const DEFAULT_READER_SETTINGS: ReaderSettings = { size: 1, spacing: 'normal', width: 'normal', family: 'sans' };

export function readReaderSettings(): ReaderSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(READER_SETTINGS_KEY) ?? '{}') as Partial<ReaderSettings>;
    return {
      size:
        Number.isInteger(saved.size) && saved.size! >= 0 && saved.size! < FONT_SIZES.length ? saved.size! : DEFAULT_READER_SETTINGS.size,
      spacing: saved.spacing && saved.spacing in LINE_HEIGHTS ? saved.spacing : DEFAULT_READER_SETTINGS.spacing,
      width: saved.width && saved.width in WIDTHS ? saved.width : DEFAULT_READER_SETTINGS.width,
      family: saved.family === 'serif' ? 'serif' : 'sans',
    };
  } catch {
    return DEFAULT_READER_SETTINGS;
  }
}

export function applyReaderSettings(settings: ReaderSettings): void {
  const root = document.documentElement;
  root.style.setProperty('--reader-font-size', FONT_SIZES[settings.size]!);
  root.style.setProperty('--reader-line-height', LINE_HEIGHTS[settings.spacing]);
  root.style.setProperty('--reader-width', WIDTHS[settings.width]);
  root.classList.toggle('reader-serif', settings.family === 'serif');
  try {
    localStorage.setItem(READER_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Applies for this page even when it cannot be kept.
  }
}
