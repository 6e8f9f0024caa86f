// Snapshot stories and images for tests (the EPUB builder and files, feeds) and the EPUB bench.
// Their chapters carry their texts, which the content index keeps apart (src/lib/chapter-texts.ts).
import { renderedBodies } from '../chapter-texts.ts';
import { zlibSync } from 'fflate';
import type { ChapterWithText, ReadChapterText, SnapshotStory } from '../snapshot.ts';
import { DEFAULT_COVER, DEFAULT_PAGE_BREAK } from '../stories.ts';
import { crc32 } from './zip.ts';

/** A chapter that carries its text, so tests can hand it to what reads texts (`textOfTestChapter`). */
export function testChapter(chapterNumber: number, content: string, overrides: Partial<ChapterWithText> = {}): ChapterWithText {
  return {
    id: chapterNumber,
    chapter_number: chapterNumber,
    slug: `chapter-${chapterNumber}`,
    title: `Chapter title ${chapterNumber}`,
    content,
    updated_at: '2026-01-02T03:04:05.678Z',
    published_at: '2026-01-01T03:04:05.678Z',
    word_count: content.split(/\s+/).filter(Boolean).length,
    note_before: '',
    note_after: '',
    content_warnings: [],
    ...overrides,
  };
}

/** Reads a test chapter's text from the chapter itself (testChapter puts it there). */
export const textOfTestChapter: ReadChapterText = async (chapter) => {
  const { content, note_before, note_after } = chapter as ChapterWithText;
  return { content, note_before, note_after };
};

export function testStory(chapters: ChapterWithText[], overrides: Partial<SnapshotStory> = {}): SnapshotStory {
  return {
    id: 1,
    slug: 'the-test-story',
    title: 'The Test Story',
    description: 'A story for tests.',
    blurb: 'A **bold** blurb.',
    cover_image: null,
    cover: DEFAULT_COVER,
    break_image: null,
    breakImage: DEFAULT_PAGE_BREAK,
    startIndex: 1,
    status: 'published',
    genres: ['Science Fiction', 'Adventure'],
    primary_keywords: '',
    longtail_keywords: '',
    target_audience: '',
    release_schedule: null,
    age_gate: true,
    next_release_at: null,
    chapter_count: chapters.length,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    chapters,
    ...overrides,
  };
}

/** A real PNG of one flat colour (width × height, RGB), small enough to build in a test. */
export function testPng(width = 4, height = 4, rgb: [number, number, number] = [200, 80, 40]): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, width);
  headerView.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows.set(rgb, y * (1 + width * 3) + 1 + x * 3);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(rows)),
    chunk('IEND', new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}

/** The bodies of test chapters (textOfTestChapter's texts), rendered every time. */
export const testBodies = renderedBodies(textOfTestChapter);
