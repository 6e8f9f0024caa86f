import { describe, expect, it } from 'vitest';
import { chapterPreviewPath, previewChapterId } from './reader-urls.ts';

describe('the preview address', () => {
  it('names the chapter by id, and reads it back', () => {
    expect(chapterPreviewPath(42)).toBe('/storytime/preview/?chapter=42');
    expect(previewChapterId(new URL(chapterPreviewPath(42), 'https://a.example').search)).toBe(42);
  });

  it.each(['', '?chapter=', '?chapter=0', '?chapter=-1', '?chapter=1.5', '?chapter=abc', '?chapter=1e3', '?chapter=9999999999', '?id=3'])(
    'names no chapter with %s',
    (search) => expect(previewChapterId(search)).toBeNull(),
  );
});
