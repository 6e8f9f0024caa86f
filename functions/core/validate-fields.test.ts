// Every problem of a refused request, keyed by field and in the words of the schema's labels.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, fieldError, handleError } from './errors.ts';
import { parseOrThrow } from './validate.ts';
import { fieldLabels } from './zod-messages.ts';

const plain = z.strictObject({
  name: z.string().max(10),
  bio: z.string().max(20).optional(),
  website: z
    .string()
    .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://')
    .optional(),
});

const labelled = z
  .strictObject({
    title: z.string().trim().min(1).max(10),
    chapter_number: z.number().int('must be a whole number'),
    website: z
      .string()
      .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://')
      .optional(),
    tags: z.array(z.string()).optional(),
    note: z.string().optional(),
    schedule: z.strictObject({ time: z.string().regex(/^\d\d:\d\d$/, 'must be a time of day such as 18:00') }).optional(),
  })
  .register(fieldLabels, {
    title: 'The title',
    chapter_number: 'The chapter number',
    website: 'The website link',
    tags: 'The tags',
    'schedule.time': 'The release time',
  });

/** The AppError parseOrThrow throws for `input`. */
function refusal(schema: z.ZodType, input: unknown): AppError {
  try {
    parseOrThrow(schema, input);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be refused`);
}

describe('parseOrThrow: every problem by field', () => {
  it('names every field that is wrong, the first problem staying the message', () => {
    const error = refusal(plain, { name: 'x'.repeat(11), bio: 'y'.repeat(21), website: 'ftp://x' });
    expect(error.message).toBe('name is too long (at most 10 characters)');
    expect(error.fields).toEqual({
      name: 'name is too long (at most 10 characters)',
      bio: 'bio is too long (at most 20 characters)',
      website: 'website must start with http:// or https://',
    });
  });

  it('gives a field its first problem only, under its top-level name', () => {
    const error = refusal(labelled, { title: 'ok', chapter_number: 1, tags: [1, 2] });
    expect(error.fields).toEqual({ tags: 'tags.0 must be a string' });
  });

  it('has no fields when the only problem is not about one (unknown fields)', () => {
    const error = refusal(plain, { name: 'Ann', extra: 1 });
    expect(error.message).toBe('Unknown field: extra');
    expect(error.fields).toBeUndefined();
  });

  it('names at most 50 fields, however many are wrong', () => {
    const input = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`key${i}`, 'not a number']));
    expect(Object.keys(refusal(z.record(z.string(), z.number()), input).fields!)).toHaveLength(50);
  });

  it('names a NUL character under its field', () => {
    expect(refusal(plain, { name: 'A\u0000n' }).fields).toEqual({ name: 'name must not contain NUL characters' });
    expect(refusal(labelled, { title: 'ok', chapter_number: 1, tags: ['a', 'b\u0000'] }).fields).toEqual({
      tags: 'tags.1 must not contain NUL characters',
    });
  });
});

describe('parseOrThrow: labels a person reads', () => {
  it('uses the label in the built-in messages', () => {
    expect(refusal(labelled, { chapter_number: 1 }).message).toBe('The title is required');
    expect(refusal(labelled, { title: '   ', chapter_number: 1 }).message).toBe('The title must not be empty');
    expect(refusal(labelled, { title: 'x'.repeat(11), chapter_number: 1 }).message).toBe('The title is too long (at most 10 characters)');
    expect(refusal(labelled, { title: 'ok', chapter_number: 'one' }).message).toBe('The chapter number must be a number');
  });

  it("puts the label in front of a schema's own message", () => {
    expect(refusal(labelled, { title: 'ok', chapter_number: 1.5 }).message).toBe('The chapter number must be a whole number');
    expect(refusal(labelled, { title: 'ok', chapter_number: 1, website: 'ftp://x' }).fields).toEqual({
      website: 'The website link must start with http:// or https://',
    });
  });

  it('uses the label for text Postgres cannot store', () => {
    expect(refusal(labelled, { title: 'a\u0000', chapter_number: 1 }).message).toBe('The title must not contain NUL characters');
    expect(refusal(labelled, { title: 'a\ud800', chapter_number: 1 }).message).toBe(
      'The title must not contain NUL characters or broken Unicode',
    );
  });

  it('names unlabelled fields and nested paths by their path', () => {
    expect(refusal(labelled, { title: 'ok', chapter_number: 1, note: 5 }).message).toBe('note must be a string');
    expect(refusal(labelled, { title: 'ok', chapter_number: 1, tags: [5] }).message).toBe('tags.0 must be a string');
  });

  it('labels a nested field by its dotted path, and keys it so', () => {
    const error = refusal(labelled, { title: 'ok', chapter_number: 1, schedule: { time: '6pm' } });
    expect(error.fields).toEqual({ 'schedule.time': 'The release time must be a time of day such as 18:00' });
  });

  it('leaves other parses of the same fields with the field names', () => {
    const result = labelled.safeParse({ chapter_number: 1 });
    expect(result.error?.issues[0]?.message).toBe('title is required');
  });
});

describe('handleError and fields', () => {
  const app = new Hono()
    .get('/invalid', () => {
      throw refusal(plain, { name: 'x'.repeat(11), bio: 'y'.repeat(21) });
    })
    .get('/taken', () => {
      throw fieldError(409, 'slug', 'A story with the slug "x" already exists.');
    })
    .get('/plain', () => {
      throw new AppError(400, 'Malformed request body.');
    })
    .onError(handleError);

  it('answers the first problem as error and every problem under fields', async () => {
    const response = await app.request('/invalid');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: 'name is too long (at most 10 characters)',
      fields: { name: 'name is too long (at most 10 characters)', bio: 'bio is too long (at most 20 characters)' },
    });
  });

  it('answers a one-field error with its field', async () => {
    const response = await app.request('/taken');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      success: false,
      error: 'A story with the slug "x" already exists.',
      fields: { slug: 'A story with the slug "x" already exists.' },
    });
  });

  it('answers an error about no field without fields', async () => {
    expect(await (await app.request('/plain')).json()).toEqual({ success: false, error: 'Malformed request body.' });
  });
});
