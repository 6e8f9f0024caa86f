import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-text.ts';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan('{"a":[[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[{{{{', b: [1] }), 2)).toBe(false);
  });

  it('reads escaped quotes and backslashes inside strings as text', () => {
    // The string holds \" then brackets, then an escaped backslash right before its closing quote.
    expect(nestsDeeperThan(JSON.stringify({ a: '\\"[[[[', b: 'x\\' }), 1)).toBe(false);
    expect(nestsDeeperThan(`${JSON.stringify({ a: 'x\\' })}`.replace('}', ',"b":[[1]]}'), 2)).toBe(true);
  });

  it('leaves text that is not JSON to the parser', () => {
    expect(nestsDeeperThan('"unterminated [[[[', 1)).toBe(false);
    expect(nestsDeeperThan(']]]][[', 1)).toBe(false);
    expect(nestsDeeperThan('', 0)).toBe(false);
  });
});
