import { describe, expect, it } from 'vitest';
import { chapterItemHtml, formatPublishDate, isNewChapter, jumpTarget } from './chapter-list.ts';
import { parseChapterSet } from './chapter-set.ts';

describe("the story page's chapter list", () => {
  it('shows a chapter with its publish day in the author’s time zone and its words, the title escaped', () => {
    const html = chapterItemHtml(
      'fleet',
      { chapter_number: 3, title: 'Fish & <Chips> "now"', published_at: '2026-11-24T23:30:00.000Z', word_count: 1 },
      'Europe/Berlin',
    );
    expect(html).toBe(
      '<li data-chapter-number="3" data-published="2026-11-24T23:30:00.000Z"><a href="/storytime/story/fleet/chapter/3/">' +
        '<span class="chapter-number">Chapter 3</span> <span class="chapter-title">Fish &amp; &lt;Chips&gt; &quot;now&quot;</span>' +
        '<span class="chapter-meta"><time datetime="2026-11-24T23:30:00.000Z">Nov 25, 2026</time> · 1 word</span></a></li>',
    );
    expect(chapterItemHtml('fleet', { chapter_number: 1, title: 'Old', published_at: null, word_count: 4210 }, 'UTC')).toContain(
      '<span class="chapter-meta">4,210 words</span>',
    );
    expect(formatPublishDate('2026-11-24T23:30:00.000Z', 'America/New_York')).toBe('Nov 24, 2026');
  });

  it('marks as new what came out since the last visit, never on a first visit, never once read', () => {
    const lastVisit = Date.parse('2026-11-20T12:00:00Z');
    expect(isNewChapter('2026-11-21T08:00:00.000Z', lastVisit, false)).toBe(true);
    expect(isNewChapter('2026-11-19T08:00:00.000Z', lastVisit, false)).toBe(false);
    expect(isNewChapter('2026-11-21T08:00:00.000Z', null, false)).toBe(false);
    expect(isNewChapter('2026-11-21T08:00:00.000Z', lastVisit, true)).toBe(false);
    expect(isNewChapter(undefined, lastVisit, false)).toBe(false);
  });

  it('jumps to the chapter asked for, the next published one, or the last', () => {
    const published = parseChapterSet('1-3,5,8-9');
    expect([1, 3, 4, 6, 9, 10, 0, -2, 2.5].map((n) => jumpTarget(published, n))).toEqual([1, 3, 5, 8, 9, 9, 1, 1, 3]);
    expect(jumpTarget(published, Number.NaN)).toBeNull();
    expect(jumpTarget([], 1)).toBeNull();
  });
});
