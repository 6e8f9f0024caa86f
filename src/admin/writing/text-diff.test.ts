import { describe, expect, it } from 'vitest';
import { sideBySide } from './text-diff.ts';

const marked = (segments: { text: string; changed: boolean }[]) =>
  segments.map(({ text, changed }) => (changed ? `[${text}]` : text)).join('');

describe('side-by-side diff', () => {
  it('marks the changed words of a changed line, not the whole line', () => {
    const diff = sideBySide('One.\nThe gate was red.\nThree.\n', 'One.\nThe gate was blue.\nThree.\n');
    expect(diff.differs).toBe(true);
    expect(marked(diff.before)).toBe('One.\nThe gate was [red].\nThree.\n');
    expect(marked(diff.after)).toBe('One.\nThe gate was [blue].\nThree.\n');
  });

  it('marks lines only one side has on that side, and each side reads as its own text', () => {
    const before = 'One.\n\nTwo.\n';
    const after = 'One.\n\nAdded.\n\nTwo.\n';
    const diff = sideBySide(before, after);
    expect(marked(diff.before)).toBe(before);
    expect(marked(diff.after)).toBe('One.\n\n[Added.\n\n]Two.\n');
    expect(diff.after.map((segment) => segment.text).join('')).toBe(after);
  });

  it('finds no difference between equal texts', () => {
    const diff = sideBySide('Same.', 'Same.');
    expect(diff).toEqual({ before: [{ text: 'Same.', changed: false }], after: [{ text: 'Same.', changed: false }], differs: false });
  });
});
