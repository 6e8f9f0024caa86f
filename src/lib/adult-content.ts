// Which stories are for adults, and the reader's 18+ confirmation (the rule
// and its reasons: docs/decisions/0024-adult-stories-gate.md). One confirmation serves X
// galleries and adult stories alike, remembered on the device.
import { browserStorage, readItem, writeItem } from './device-storage.ts';
import { GENRE_GROUPS } from './genres.ts';
import type { Story } from './stories.ts';

/** The stored key keeps its first name, so readers who confirmed for X galleries are not asked again. */
export const ADULT_CONFIRMED_KEY = 'gallery-adult-confirmed';

export const ADULT_GENRES: readonly string[] = GENRE_GROUPS.find((group) => group.label === 'Erotica/Adult')!.genres;

/** Whole words in a target audience that say "for adults". */
const ADULT_WORDS = new Set(['adult', 'adults', 'mature', 'nsfw', 'explicit', 'erotic', 'erotica', 'xxx', 'r18']);
/**
 * A word before an adult word that takes the meaning away: "young adult" and "new adult" are
 * reader age bands (teens; 18-25 readers of non-explicit fiction), "non-explicit" and "no explicit"
 * say the opposite.
 */
const CANCELLING_WORDS = new Set(['young', 'new', 'non', 'no', 'not']);
/** "18+", "21+", "18 and over/older/up", "over 18": an age limit of 18 to 21. */
const AGE_LIMIT = /\b(?:1[89]|2[01])\s*(?:\+|plus\b|and (?:over|older|up)\b|or (?:over|older)\b)|\b(?:over|above) (?:1[89]|2[01])\b/;

/** Whether a free-text target audience says the story is for adults (case-insensitive, whole words). */
export function audienceIsAdult(audience: string): boolean {
  const text = audience.toLowerCase().replace(/\s+/g, ' ');
  if (AGE_LIMIT.test(text)) return true;
  const words = text.match(/[a-z0-9]+/g) ?? [];
  return words.some((word, index) => ADULT_WORDS.has(word) && !CANCELLING_WORDS.has(words[index - 1] ?? ''));
}

/** A story for adults: its target audience says so, or it has a genre of the Erotica/Adult group. */
export function isAdultStory(story: { target_audience: string; genres: readonly string[] }): boolean {
  return audienceIsAdult(story.target_audience) || story.genres.some((genre) => ADULT_GENRES.includes(genre));
}

/** Whether readers meet the 18+ confirmation first: adult stories, unless the author turned it off. */
export function showsAgeGate(story: Pick<Story, 'target_audience' | 'age_gate'> & { genres: readonly string[] }): boolean {
  return story.age_gate && isAdultStory(story);
}

export function hasConfirmedAdult(storage = browserStorage()): boolean {
  return readItem(storage, ADULT_CONFIRMED_KEY) === 'yes';
}

export function confirmAdult(storage = browserStorage()): void {
  writeItem(storage, ADULT_CONFIRMED_KEY, 'yes');
}

/** Marks a part of a page as hidden until the reader confirmed (src/styles/adult-content.css). */
export const gatedPart = (gated: boolean): Record<string, string> => (gated ? { 'data-adult-content': '' } : {});
