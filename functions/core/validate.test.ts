import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { describeIssues, fieldWithNulCharacter, parseOrThrow } from './validate.ts';
import { printable } from './zod-messages.ts';

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

  it('names at most 5 unknown fields, each cut to 40 characters, however many were sent', () => {
    const input: Record<string, unknown> = { name: 'Ann' };
    for (let i = 0; i < 20_000; i++) input[`field-${i}-${'k'.repeat(40)}`] = i; // ~1 MB of keys
    const message = messageFor(profile, input);
    expect(message).toBe(
      `Unknown fields: ${[0, 1, 2, 3, 4].map((i) => `${`field-${i}-${'k'.repeat(40)}`.slice(0, 40)}…`).join(', ')} and 19995 more`,
    );
    expect(message.length).toBeLessThan(300);
  });

  it('replaces control characters in an unknown field name', () => {
    expect(messageFor(profile, { name: 'Ann', 'a\nb\u0007': 1 })).toBe('Unknown field: a?b?');
  });

  it('cuts a long path made of record keys from the request', () => {
    const schema = z.object({ meta: z.record(z.string(), z.number()) });
    const message = messageFor(schema, { meta: { ['x'.repeat(10_000)]: 'not a number' } });
    expect(message).toBe(`meta.${'x'.repeat(75)}… must be a number`);
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

describe('parseOrThrow and text Postgres cannot store', () => {
  const refusal = (schema: z.ZodType, input: unknown) => {
    try {
      parseOrThrow(schema, input);
    } catch (error) {
      return { status: (error as AppError).status, message: (error as AppError).message };
    }
    throw new Error('expected a refusal');
  };

  it('refuses a NUL character with 400 naming the field, before anything else is checked', () => {
    expect(refusal(profile, { name: 'A\u0000n' })).toEqual({ status: 400, message: 'name must not contain NUL characters' });
    expect(refusal(profile, { name: 42, bio: 'x\u0000' })).toEqual({ status: 400, message: 'bio must not contain NUL characters' });
  });

  it.each([
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', 'ok \udfff ok'],
    ['a reversed pair', '\udc00\ud800'],
  ])('refuses %s with 400 naming the field', (_name, text) => {
    expect(refusal(profile, { name: 'Ann', bio: text })).toEqual({
      status: 400,
      message: 'bio must not contain NUL characters or broken Unicode',
    });
  });

  it('refuses a NUL or lone surrogate in a key of a free-form record', () => {
    const schema = z.object({ meta: z.record(z.string(), z.number()) });
    expect(refusal(schema, { meta: { 'a\ud800': 1 } }).message).toBe('meta must not contain NUL characters or broken Unicode');
  });

  it('keeps well-formed text of every plane, emoji included', () => {
    expect(parseOrThrow(profile, { name: 'Ann 🚀', bio: 'Ünïcødé 中文 𝔘' })).toEqual({ name: 'Ann 🚀', bio: 'Ünïcødé 中文 𝔘' });
  });

  it('walks 10,000 nested arrays or objects without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 10_000; i++) deep = i % 2 ? [deep] : { a: deep };
    expect(fieldWithNulCharacter({ deep })).toMatch(/^deep(\.0\.a)+$/);
    expect(() => parseOrThrow(z.record(z.string(), z.unknown()), { deep })).toThrow('must not contain NUL characters');
  });

  it('does not walk files or buffers the schema let through', () => {
    const bytes = new Uint8Array(10_000_000);
    expect(parseOrThrow(z.object({ bytes: z.instanceof(Uint8Array) }), { bytes }).bytes).toBe(bytes);
  });

  it('cuts and cleans a hostile field name in the message', () => {
    const schema = z.record(z.string(), z.string());
    const message = refusal(schema, { ['k\n'.repeat(100)]: '\ud800' }).message;
    expect(message).toBe(`${'k?'.repeat(40)}… must not contain NUL characters or broken Unicode`);
  });
});

describe('printable', () => {
  it('keeps short clean text, cuts long text and replaces control characters and lone surrogates', () => {
    expect(printable('title')).toBe('title');
    expect(printable('x'.repeat(41))).toBe(`${'x'.repeat(40)}…`);
    expect(printable('a\u0000b\tc\u007f')).toBe('a?b?c?');
    expect(printable('\ud800')).toBe('\ufffd');
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
