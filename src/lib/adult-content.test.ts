import { describe, expect, it } from 'vitest';
import {
  ADULT_CONFIRMED_KEY,
  ADULT_GENRES,
  audienceIsAdult,
  confirmAdult,
  hasConfirmedAdult,
  isAdultStory,
  showsAgeGate,
} from './adult-content.ts';
import type { Genre } from './genres.ts';

describe('audienceIsAdult', () => {
  it.each([
    'Adults',
    'adult readers',
    'ADULTS ONLY',
    '18+',
    '18 +',
    'Readers 18+ who like space opera',
    '21+',
    '18 and over',
    '18 or older',
    'over 18',
    'Mature readers',
    'NSFW',
    'Explicit content',
    'erotica fans',
    'Young adults and adults',
    'R18',
    'fans of dark fantasy (adult)',
  ])('counts %j as adult', (audience) => {
    expect(audienceIsAdult(audience)).toBe(true);
  });

  it.each([
    '',
    'Young adult',
    'young-adult readers',
    'YOUNG ADULTS',
    'New adult',
    'Teens 13+',
    '16+',
    'All ages',
    'Fans of hard science fiction',
    'non-explicit romance readers',
    'no explicit scenes',
    'adulthood themes', // a longer word that only starts with "adult"
    'readers who matured on Asimov',
    'unexplicit',
    '118+', // not an age limit
    'over 180 chapters',
    '<script>alert("18")</script>',
  ])('does not count %j as adult', (audience) => {
    expect(audienceIsAdult(audience)).toBe(false);
  });

  it('handles huge input quickly', () => {
    const started = performance.now();
    expect(audienceIsAdult(`${'young adult '.repeat(50_000)}x`)).toBe(false);
    expect(audienceIsAdult(`${'a '.repeat(100_000)}adults`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('isAdultStory and showsAgeGate', () => {
  const story = (target_audience: string, genres: Genre[] = [], age_gate = true) => ({ target_audience, genres, age_gate });

  it('counts every genre of the Erotica/Adult group, and no other', () => {
    expect(ADULT_GENRES).toEqual([
      'Erotica',
      'Romance',
      'Erotic Romance',
      'BDSM',
      'Harem',
      'Reverse Harem',
      'Adult Fantasy',
      'Adult Sci-Fi',
      'Steamy Romance',
    ]);
    for (const genre of ADULT_GENRES) expect(isAdultStory(story('', [genre as Genre]))).toBe(true);
    expect(isAdultStory(story('', ['Space Opera', 'Coming of Age', 'Horror']))).toBe(false);
  });

  it('counts the audience or the genres', () => {
    expect(isAdultStory(story('Adults', ['Space Opera']))).toBe(true);
    expect(isAdultStory(story('Young adult', ['Space Opera']))).toBe(false);
    expect(isAdultStory(story('Young adult', ['Space Opera', 'Harem']))).toBe(true);
  });

  it('shows the gate for adult stories unless the author turned it off', () => {
    expect(showsAgeGate(story('18+'))).toBe(true);
    expect(showsAgeGate(story('18+', [], false))).toBe(false);
    expect(showsAgeGate(story('Everyone'))).toBe(false);
    expect(showsAgeGate(story('Everyone', [], false))).toBe(false);
  });
});

describe('the 18+ confirmation on the device', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
  };

  it('is one answer for galleries and stories, kept under the key X galleries always used', () => {
    const storage = memory();
    expect(hasConfirmedAdult(storage)).toBe(false);
    confirmAdult(storage);
    expect([...storage.items]).toEqual([['gallery-adult-confirmed', 'yes']]);
    expect(ADULT_CONFIRMED_KEY).toBe('gallery-adult-confirmed');
    expect(hasConfirmedAdult(storage)).toBe(true);
  });
});
