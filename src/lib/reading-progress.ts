// Reading progress per story, kept on the device (chapterIndex = chapter number,
// scrollY, percent). Storage may be blocked (private mode): then nothing is remembered.
export interface ReadingProgress {
  chapterIndex: number;
  scrollY: number;
  percent: number;
}

const key = (storySlug: string) => `progress:${storySlug}`;

/** The percent is clamped to 0-100 for display. */
export const clampPercent = (percent: number) => Math.min(100, Math.max(0, Math.round(percent)));

export function readProgress(storySlug: string): ReadingProgress | null {
  try {
    const saved = JSON.parse(localStorage.getItem(key(storySlug)) ?? 'null') as Partial<ReadingProgress> | null;
    if (!saved || !Number.isInteger(saved.chapterIndex) || saved.chapterIndex! < 1) return null;
    return {
      chapterIndex: saved.chapterIndex!,
      scrollY: Math.max(0, Number(saved.scrollY) || 0),
      percent: clampPercent(Number(saved.percent) || 0),
    };
  } catch {
    return null;
  }
}

export function saveProgress(storySlug: string, progress: ReadingProgress): void {
  try {
    localStorage.setItem(key(storySlug), JSON.stringify(progress));
  } catch {
    // Storage full or blocked: progress is a convenience, never an error.
  }
}

export function clearProgress(storySlug: string): void {
  try {
    localStorage.removeItem(key(storySlug));
  } catch {
    // As above.
  }
}
