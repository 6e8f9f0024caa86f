import { describe, expect, it } from 'vitest';
import { listPath, type OutboxRow } from './api.ts';
import { outboxSubject, scopeLabel, titlesBySlug } from './display.ts';

const COUNTS = [
  { story_slug: 'the-lantern-fleet', story_title: 'The Lantern Fleet', pending: 1, confirmed: 4 },
  { story_slug: null, story_title: null, pending: 0, confirmed: 9 },
  { story_slug: 'ash-and-amber', story_title: 'Ash and Amber', pending: 2, confirmed: 0 },
];

const row = (fields: Partial<OutboxRow>): OutboxRow => ({
  id: 1,
  kind: 'release',
  email: 'reader@example.com',
  story_title: 'The Lantern Fleet',
  chapter_number: 3,
  chapter_title: 'Harbour Lights',
  state: 'sent',
  attempts: 1,
  sent_at: null,
  updated_at: '2026-11-27T10:00:00Z',
  last_error: null,
  ...fields,
});

describe('the Subscribers screen words', () => {
  it('names a scope by its story title, its slug when the title is unknown, or every story', () => {
    const titles = titlesBySlug(COUNTS);
    expect(scopeLabel('ash-and-amber', titles)).toBe('Ash and Amber');
    expect(scopeLabel('gone-story', titles)).toBe('gone-story');
    expect(scopeLabel(null, titles)).toBe('Every story');
  });

  it('says what an outbox email was: a confirmation, a chapter of a story, or a chapter since deleted', () => {
    expect(outboxSubject(row({ kind: 'confirm', chapter_number: null, chapter_title: null, story_title: null }))).toBe('Confirmation link');
    expect(outboxSubject(row({}))).toBe('Chapter 3: Harbour Lights (The Lantern Fleet)');
    expect(outboxSubject(row({ chapter_title: '' }))).toBe('Chapter 3 (The Lantern Fleet)');
    expect(outboxSubject(row({ chapter_number: null, chapter_title: null }))).toBe('A chapter since deleted');
  });

  it('asks for the list with only the filters that are set', () => {
    expect(listPath({ q: '', story: '', status: '' })).toBe('/api/admin/subscribers');
    expect(listPath({ q: ' ada@', story: 'all', status: 'pending' })).toBe('/api/admin/subscribers?q=ada%40&story_slug=all&status=pending');
  });
});
