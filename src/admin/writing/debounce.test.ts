import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './debounce.ts';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once, with the last arguments, after the pause', () => {
    const seen: string[] = [];
    const typed = debounce((text: string) => seen.push(text), 150);
    typed('a');
    vi.advanceTimersByTime(100);
    typed('ab');
    vi.advanceTimersByTime(149);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['ab']);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['ab']);
  });

  it('flushes the waiting call now, and a cancelled call never runs', () => {
    const seen: string[] = [];
    const typed = debounce((text: string) => seen.push(text), 150);
    typed('now');
    typed.flush();
    expect(seen).toEqual(['now']);
    typed.flush();
    typed('never');
    typed.cancel();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['now']);
  });
});
