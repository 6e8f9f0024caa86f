import { describe, expect, it } from 'vitest';
import { newChapterDraft } from '../stories/chapter-draft.ts';
import { draftWithFile } from './chapter-file.ts';

const empty = newChapterDraft(3, 'UTC', new Date('2026-01-01T00:00:00Z'));
const file = (name: string, text: string) => new File([text], name, { type: 'text/markdown' });

describe('a Markdown file into the editor', () => {
  it('takes the first heading as the title of an untitled chapter, its slug following, and the rest as the text', async () => {
    const draft = await draftWithFile(empty, file('gate.md', '# The Gate\n\nIt was red.\n'), true);
    expect(draft).toMatchObject({ title: 'The Gate', slug: 'the-gate', content: 'It was red.' });
  });

  it('keeps a title and slug the author already has', async () => {
    const titled = { ...empty, title: 'Mine', slug: 'mine' };
    const draft = await draftWithFile(titled, file('gate.md', '# The Gate\n\nIt was red.'), false);
    expect(draft).toMatchObject({ title: 'Mine', slug: 'mine', content: 'It was red.' });
  });

  it('refuses what bulk upload refuses, naming the file', async () => {
    await expect(draftWithFile(empty, file('notes.docx', 'x'), true)).rejects.toThrow('"notes.docx": only .md');
  });
});
