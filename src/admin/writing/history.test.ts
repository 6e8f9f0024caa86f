import { describe, expect, it } from 'vitest';
import { changeText, revisionRows, textDiff } from './history.ts';

const revision = (id: number, word_count: number) => ({
  id,
  created_at: `2026-11-2${id}T10:00:00.000Z`,
  kind: 'manual' as const,
  word_count,
});

describe('the History panel', () => {
  it('gives each revision its change in words against the one before it (the list is newest first)', () => {
    const rows = revisionRows([revision(3, 1200), revision(2, 1250), revision(1, 1000)]);
    expect(rows.map((row) => row.change)).toEqual([-50, 250, null]);
    expect(rows.map((row) => changeText(row.change))).toEqual(['−50 words', '+250 words', '']);
    expect(changeText(1)).toBe('+1 word');
    expect(changeText(0)).toBe('no change');
  });

  it('shows what changed between a revision and the editor’s text, word by word', () => {
    expect(textDiff('The gate was shut.', 'The gate was open.')).toEqual([
      { kind: 'same', text: 'The gate was ' },
      { kind: 'removed', text: 'shut' },
      { kind: 'added', text: 'open' },
      { kind: 'same', text: '.' },
    ]);
  });

  it('keeps long unchanged stretches short around the changes', () => {
    const long = 'word '.repeat(400);
    const parts = textDiff(`${long}old`, `${long}new`);
    expect(parts[0]?.kind).toBe('same');
    expect(parts[0]?.text.length).toBeLessThan(500);
    expect(parts[0]?.text).toContain(' … ');
    expect(parts.slice(1)).toEqual([
      { kind: 'removed', text: 'old' },
      { kind: 'added', text: 'new' },
    ]);
  });

  it('compares two very different 20,000-word texts in time, by lines when words would take too long', () => {
    const words = (seed: number) => Array.from({ length: 20_000 }, (_, i) => `w${(i * seed) % 997}${i % 12 === 0 ? '\n' : ''}`).join(' ');
    const started = performance.now();
    const parts = textDiff(words(7), words(13));
    expect(performance.now() - started).toBeLessThan(3000);
    expect(parts.some((part) => part.kind === 'added')).toBe(true);
  });
});
