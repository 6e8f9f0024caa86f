import { describe, expect, it } from 'vitest';
import type { Chapter } from '#lib/stories.ts';
import { chapterDraft, chapterInput, newChapterDraft } from './chapter-draft.ts';

const NOW = new Date('2026-11-26T16:20:00Z');
const chapter: Chapter = {
  id: 7,
  story_id: 3,
  chapter_number: 4,
  title: 'Open Doors',
  slug: 'open-doors',
  content: 'Draft text.',
  status: 'draft',
  release_at: '2027-03-14T09:00:00.000Z',
  published_at: null,
  word_count: 2,
  like_count: 0,
  comment_count: 0,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  note_before: 'Thanks for reading.',
  note_after: '',
  content_warnings: ['Violence', 'Grief'],
};

describe('chapter drafts', () => {
  it('shows a draft with a release time as scheduled, on the author’s clock, and sends it back as a draft with that instant', () => {
    const draft = chapterDraft(chapter, 'Asia/Tokyo', NOW);
    expect(draft).toMatchObject({ status: 'scheduled', chapter_number: '4', release: { date: '2027-03-14', time: '18:00' } });
    expect(chapterInput(draft, 'Asia/Tokyo')).toEqual({
      title: 'Open Doors',
      slug: 'open-doors',
      content: 'Draft text.',
      chapter_number: 4,
      status: 'draft',
      release_at: '2027-03-14T09:00:00.000Z',
      note_before: 'Thanks for reading.',
      note_after: '',
      content_warnings: ['Violence', 'Grief'],
    });
  });

  it('holds the content warnings one a line and sends the lines that are not blank', () => {
    const draft = chapterDraft(chapter, 'UTC', NOW);
    expect(draft.content_warnings).toBe('Violence\nGrief');
    expect(chapterInput({ ...draft, content_warnings: '  Blood \n\n   \nDeath' }, 'UTC').content_warnings).toEqual(['  Blood ', 'Death']);
    expect(chapterInput({ ...draft, content_warnings: '' }, 'UTC').content_warnings).toEqual([]);
  });

  it('sends no release time for a draft or a published chapter, and a number that is not one as 1', () => {
    const draft = { ...newChapterDraft(2, 'UTC', NOW), title: 'T', slug: 't', content: 'C', status: 'published' as const };
    expect(draft.release).toEqual({ date: '2026-11-27', time: '16:00' });
    expect(chapterInput(draft, 'UTC')).toMatchObject({ chapter_number: 2, status: 'published', release_at: null });
    expect(chapterInput({ ...draft, chapter_number: '' }, 'UTC').chapter_number).toBe(1);
    expect(chapterInput({ ...draft, chapter_number: '3.7' }, 'UTC').chapter_number).toBe(3);
  });
});
