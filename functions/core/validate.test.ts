import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { describeIssues, fieldWithNulCharacter, parseOrThrow } from './validate.ts';

const profile = z.strictObject({
  name: z.string().max(10),
  bio: z.string().max(2000).optional(),
  website: z
    .string()
    .refine((value) => /^https?:\/\//.test(value), 'must be an http(s) URL')
    .optional(),
  handle: z
    .string()
    .refine((value) => !value.includes(' '), 'Handles cannot contain spaces.')
    .optional(),
});

/** The message describeIssues gives for `input`, failing the test if it parses. */
function messageFor(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return describeIssues(result.error);
}

describe('describeIssues', () => {
  it('names a missing field as required', () => {
    expect(messageFor(profile, {})).toBe('name is required');
  });

  it('names the expected type for a field of the wrong type', () => {
    expect(messageFor(profile, { name: 42 })).toBe('name must be a string');
    expect(messageFor(z.object({ count: z.number() }), { count: 'x' })).toBe('count must be a number');
    expect(messageFor(z.object({ tags: z.array(z.string()) }), { tags: 'x' })).toBe('tags must be an array');
  });

  it('names unknown fields, singular and plural', () => {
    expect(messageFor(profile, { name: 'Ann', x: 1 })).toBe('Unknown field: x');
    expect(messageFor(profile, { name: 'Ann', x: 1, y: 2 })).toBe('Unknown fields: x, y');
  });

  it('gives the length limit for a string that is too long', () => {
    expect(messageFor(profile, { name: 'a'.repeat(11) })).toBe('name is too long (at most 10 characters)');
    expect(messageFor(profile, { name: 'Ann', bio: 'b'.repeat(2001) })).toBe('bio is too long (at most 2000 characters)');
  });

  it('uses the dotted path for nested fields', () => {
    const schema = z.object({ links: z.object({ url: z.string() }) });
    expect(messageFor(schema, { links: {} })).toBe('links.url is required');
  });

  it('puts the field in front of a schema message that starts in lower case', () => {
    expect(messageFor(profile, { name: 'Ann', website: 'ftp://x' })).toBe('website must be an http(s) URL');
  });

  it('keeps a capitalised schema message as it is', () => {
    expect(messageFor(profile, { name: 'Ann', handle: 'a b' })).toBe('Handles cannot contain spaces.');
  });

  it('does not repeat the field when the message already starts with it', () => {
    const schema = z.object({ slug: z.string().refine(() => false, 'slug is taken') });
    expect(messageFor(schema, { slug: 'x' })).toBe('slug is taken');
  });

  it('reports only the first problem', () => {
    expect(messageFor(profile, { name: 42, bio: 7, zzz: 1 })).toBe('name must be a string');
  });

  it('says "Invalid input." for an error with no issues', () => {
    expect(describeIssues(new z.ZodError([]))).toBe('Invalid input.');
  });
});

describe('parseOrThrow', () => {
  it('returns the parsed value when the input is valid', () => {
    expect(parseOrThrow(profile, { name: 'Ann', bio: 'Writes.' })).toEqual({ name: 'Ann', bio: 'Writes.' });
  });

  it('throws an AppError with status 400 and the first problem as its message', () => {
    let caught: unknown;
    try {
      parseOrThrow(profile, { name: 'Ann', extra: true });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).status).toBe(400);
    expect((caught as AppError).message).toBe('Unknown field: extra');
  });
});

describe('fieldWithNulCharacter', () => {
  it('finds the first string with a NUL character, by its dotted path', () => {
    expect(fieldWithNulCharacter({ title: 'ok', body: 'a\u0000b' })).toBe('body');
    expect(fieldWithNulCharacter({ story: { genres: ['Space Opera', 'x\u0000'] } })).toBe('story.genres.1');
    expect(fieldWithNulCharacter('\u0000')).toBe('');
  });

  it('is null for clean input of any shape', () => {
    expect(fieldWithNulCharacter({ title: 'ok', n: 5, flag: true, none: null, list: ['a', { b: 'c' }] })).toBeNull();
    expect(fieldWithNulCharacter(42)).toBeNull();
  });
});
