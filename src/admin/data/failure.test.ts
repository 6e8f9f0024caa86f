import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '#lib/api-client.ts';
import { failureText, fieldErrors, namedFailure } from './failure.ts';

describe('namedFailure', () => {
  it("puts the server's message after the screen's words", () => {
    expect(namedFailure(new ApiError(404, 'Gallery not found.'), 'Failed to delete gallery')).toBe(
      'Failed to delete gallery (Gallery not found.)',
    );
  });

  it('adds the status code where a screen asks for it (gallery save)', () => {
    const error = new ApiError(409, 'A gallery with the slug "x" already exists.');
    expect(namedFailure(error, 'Failed to save gallery', { withStatus: true })).toBe(
      'Failed to save gallery (409: A gallery with the slug "x" already exists.)',
    );
  });

  it('says when the server was never reached, and falls back to the bare words otherwise', () => {
    expect(namedFailure(new NetworkError('Failed to fetch'), 'Failed to load galleries')).toBe(
      'Failed to load galleries (Network error occurred)',
    );
    expect(namedFailure(new Error('boom'), 'Failed to load images')).toBe('Failed to load images');
    expect(namedFailure('weird', 'Failed to update image')).toBe('Failed to update image');
  });
});

describe('failureText', () => {
  it("says the server's words, the network, or the screen's fallback", () => {
    expect(failureText(new ApiError(409, 'Chapter 2 is already used in this story.'), 'Failed to save chapter')).toBe(
      'Chapter 2 is already used in this story.',
    );
    expect(failureText(new NetworkError('Failed to fetch'), 'Failed to save chapter')).toBe('Network error occurred');
    expect(failureText('weird', 'Failed to save chapter')).toBe('Failed to save chapter');
  });
});

describe('fieldErrors', () => {
  it("gives the server's problems by field, or none", () => {
    expect(fieldErrors(new ApiError(400, 'The title is too long.', { title: 'The title is too long.' }))).toEqual({
      title: 'The title is too long.',
    });
    expect(fieldErrors(new ApiError(500, 'Boom'))).toEqual({});
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});
