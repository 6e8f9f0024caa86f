import { describe, expect, it } from 'vitest';
import { ADULT_CONFIRMED_KEY, confirmAdult, hasConfirmedAdult } from './adult-content.ts';
import { galleriesForRating, needsAgeGate, RATING_FILTER_KEY, readRatingFilter, saveRatingFilter } from './gallery-rating.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

/** Storage that throws, as browsers do when it is blocked. */
const blocked = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('the 18+ confirmation', () => {
  it('is not given on a fresh device, and is remembered once given', () => {
    const storage = memoryStorage();
    expect(hasConfirmedAdult(storage)).toBe(false);
    expect(needsAgeGate('X', storage)).toBe(true);
    confirmAdult(storage);
    expect(storage.items.get(ADULT_CONFIRMED_KEY)).toBe('yes');
    expect(hasConfirmedAdult(storage)).toBe(true);
    expect(needsAgeGate('X', storage)).toBe(false);
  });

  it('is never needed for PG', () => {
    expect(needsAgeGate('PG', memoryStorage())).toBe(false);
  });

  it('only counts the exact stored value', () => {
    expect(hasConfirmedAdult(memoryStorage({ [ADULT_CONFIRMED_KEY]: 'true' }))).toBe(false);
    expect(hasConfirmedAdult(memoryStorage({ [ADULT_CONFIRMED_KEY]: '' }))).toBe(false);
  });

  it('asks every time when storage is blocked, without throwing', () => {
    expect(() => confirmAdult(blocked)).not.toThrow();
    expect(hasConfirmedAdult(blocked)).toBe(false);
    expect(needsAgeGate('X', blocked)).toBe(true);
    expect(hasConfirmedAdult(null)).toBe(false);
  });
});

describe('the rating filter', () => {
  it('is PG by default', () => {
    expect(readRatingFilter(memoryStorage())).toBe('PG');
    expect(readRatingFilter(blocked)).toBe('PG');
  });

  it('remembers X only together with the confirmation', () => {
    const storage = memoryStorage();
    saveRatingFilter('X', storage);
    expect(storage.items.get(RATING_FILTER_KEY)).toBe('X');
    expect(readRatingFilter(storage)).toBe('PG'); // a stray value cannot skip the gate
    confirmAdult(storage);
    expect(readRatingFilter(storage)).toBe('X');
    saveRatingFilter('PG', storage);
    expect(readRatingFilter(storage)).toBe('PG');
  });

  it('falls back to PG for anything else stored', () => {
    for (const value of ['x', 'R', '<script>', '']) {
      expect(readRatingFilter(memoryStorage({ [RATING_FILTER_KEY]: value, [ADULT_CONFIRMED_KEY]: 'yes' }))).toBe('PG');
    }
  });

  it('shows only PG galleries for PG, and every gallery for X', () => {
    const galleries = [
      { id: 1, rating: 'PG' as const },
      { id: 2, rating: 'X' as const },
      { id: 3, rating: 'PG' as const },
    ];
    expect(galleriesForRating(galleries, 'PG').map((g) => g.id)).toEqual([1, 3]);
    expect(galleriesForRating(galleries, 'X').map((g) => g.id)).toEqual([1, 2, 3]);
    expect(galleriesForRating([], 'X')).toEqual([]);
  });
});
