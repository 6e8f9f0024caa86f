// One way to read and check input: zod schemas, unknown fields refused, the first problem named.
import type { Context } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { AppError } from './errors.ts';
import './zod-messages.ts';

/**
 * The first problem found. Built-in messages name the field (zod-messages.ts); a schema's own
 * message that starts in lower case ("must be an http(s) URL") gets the field put in front.
 */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input.';
  const field = issue.path.join('.');
  return field && /^[a-z]/.test(issue.message) && !issue.message.startsWith(field) ? `${field} ${issue.message}` : issue.message;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError(400, describeIssues(result.error));
  return result.data;
}

/**
 * Validates a JSON body. Anything that is not a JSON object (wrong content type, an array, a
 * string) is refused with 400 before the schema runs; Hono itself refuses malformed JSON.
 */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return validator('json', (body: unknown, c: Context) => {
    if (!/^application\/([\w.-]+\+)?json$/i.test(c.req.header('content-type')?.split(';')[0]?.trim() ?? '')) {
      throw new AppError(400, 'Send the request body as JSON (Content-Type: application/json).');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new AppError(400, 'The request body must be a JSON object.');
    }
    const field = fieldWithNulCharacter(body);
    if (field !== null) throw new AppError(400, `${field || 'A field'} must not contain NUL characters`);
    return parseOrThrow(schema, body);
  });
}

/**
 * The path of the first string holding a NUL character, or null. Postgres text cannot store
 * NUL, so such input is refused here, once for every JSON route, instead of failing in the database.
 */
export function fieldWithNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = fieldWithNulCharacter(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

export function queryParams<S extends z.ZodType>(schema: S) {
  return validator('query', (value) => {
    const field = fieldWithNulCharacter(value);
    if (field !== null) throw new AppError(400, `${field} must not contain NUL characters`);
    return parseOrThrow(schema, value);
  });
}
