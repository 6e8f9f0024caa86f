import { describe, expect, it } from 'vitest';
import { countOf } from './counts.ts';

describe('countOf', () => {
  it('names one in the singular and every other count in the plural, with thousands separated', () => {
    expect(countOf(1, 'word', 'words')).toBe('1 word');
    expect(countOf(0, 'word', 'words')).toBe('0 words');
    expect(countOf(20016, 'word', 'words')).toBe('20,016 words');
  });
});
