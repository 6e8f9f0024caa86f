import { describe, expect, it } from 'vitest';
import { answerAtField, followRequest, linkToken, stopThisLabel, subscribeResult } from './follow.ts';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe('the Follow form', () => {
  it('sends the story chosen, or null for every story (an empty choice or none)', () => {
    expect(followRequest(form({ email: 'a@b.example', story_slug: 'the-long-dark' }))).toEqual({
      email: 'a@b.example',
      story_slug: 'the-long-dark',
    });
    expect(followRequest(form({ email: 'a@b.example', story_slug: '' }))).toEqual({ email: 'a@b.example', story_slug: null });
    expect(followRequest(form({ email: 'a@b.example' }))).toEqual({ email: 'a@b.example', story_slug: null });
    expect(followRequest(form({}))).toEqual({ email: '', story_slug: null });
  });

  it('shows a refused address at the field and every other answer in the live region', () => {
    expect(answerAtField(400)).toBe(true);
    for (const status of [404, 429, 500, 503]) expect(answerAtField(status)).toBe(false);
  });
});

describe('the subscribe page', () => {
  it('says the link was sent, or shows the error with the story to go back to', () => {
    expect(subscribeResult('?sent=1')).toEqual({ state: 'sent' });
    expect(subscribeResult('')).toEqual({ state: 'sent' });
    expect(subscribeResult('?error=Story%20not%20found.&story=the-long-dark')).toEqual({
      state: 'error',
      error: 'Story not found.',
      story: 'the-long-dark',
    });
  });

  it('ignores a story that is not shaped like a slug, so no link leads off the site', () => {
    for (const story of ['//evil.example', 'a/../b', 'UPPER', 'x'.repeat(121), ''])
      expect(subscribeResult(`?error=No&story=${encodeURIComponent(story)}`)).toEqual({ state: 'error', error: 'No', story: null });
  });
});

describe('the confirm and unsubscribe pages', () => {
  it('read the token of the link, and never act without one', () => {
    expect(linkToken('?token=12.abcdef')).toBe('12.abcdef');
    expect(linkToken('?token=12.abcdef&utm_source=mail')).toBe('12.abcdef');
    expect(linkToken('')).toBeNull();
    expect(linkToken('?token=')).toBeNull();
  });

  it('names what the email followed', () => {
    expect(stopThisLabel('The Long Dark')).toBe('Stop emails about The Long Dark');
    expect(stopThisLabel(null)).toBe('Stop the emails about every story');
  });
});
