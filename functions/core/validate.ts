// One way to read and check input: zod schemas, unknown fields refused, the first problem named
// and every problem given under its field (docs/product.md, "Messages").
import type { Context, MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { AppError, type FieldProblems } from './errors.ts';
import { JSON_MAX_DEPTH, nestsDeeperThan, TOO_DEEP } from './json-text.ts';
import { describeIssue, type FieldLabels, fieldKey, fieldLabels, fieldName } from './zod-messages.ts';

/** Fields named in one answer at most: 10,000 bad entries of a free-form record get a short answer. */
const FIELDS_SHOWN = 50;

/**
 * One problem in words. Built-in messages name the field (zod-messages.ts); a schema's own
 * message that starts in lower case ("must be an http(s) URL") gets the field put in front.
 */
function issueMessage(issue: z.core.$ZodIssue, labels?: FieldLabels): string {
  if (issue.path.length === 0 || !/^[a-z]/.test(issue.message)) return issue.message;
  const field = fieldName(issue.path, labels);
  return issue.message.startsWith(field) ? issue.message : `${field} ${issue.message}`;
}

/** The first problem found. */
export function describeIssues(error: z.ZodError, labels?: FieldLabels): string {
  const issue = error.issues[0];
  return issue ? issueMessage(issue, labels) : 'Invalid input.';
}

/** The first problem of each field, keyed by the field's name as the form knows it (zod-messages.ts fieldKey). */
export function fieldProblems(error: z.ZodError, labels?: FieldLabels): FieldProblems {
  const fields = new Map<string, string>();
  for (const issue of error.issues) {
    const name = fieldKey(issue.path);
    if (!name || fields.has(name)) continue;
    if (fields.size === FIELDS_SHOWN) break;
    fields.set(name, issueMessage(issue, labels));
  }
  return Object.fromEntries(fields);
}

/**
 * Parses `input` or throws 400 with the first problem, and every problem by field. A NUL
 * character is named before the schema runs (whatever else is wrong); other text Postgres cannot
 * store (a lone surrogate, a NUL in a key of a free-form record) is looked for in what the schema
 * let through, so a schema's own message for it comes first. Fields are named by the schema's
 * labels (zod-messages.ts fieldLabels) when it has them.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const labels = fieldLabels.get(schema);
  const nul = fieldWithNulCharacter(input);
  if (nul !== null) throw unstorableTextError(nul, 'NUL characters', labels);
  const result = schema.safeParse(input, labels && { error: (issue) => describeIssue(issue, labels) });
  if (!result.success) {
    const fields = fieldProblems(result.error, labels);
    throw new AppError(400, describeIssues(result.error, labels), {}, Object.keys(fields).length > 0 ? fields : undefined);
  }
  const unstorable = fieldWith(isUnstorable, result.data, true);
  if (unstorable !== null) throw unstorableTextError(unstorable, 'NUL characters or broken Unicode', labels);
  return result.data;
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * A JSON body's text, checked before anything parses it: its content type, then how deeply it
 * nests (counted without recursion, json-text.ts). Its size was checked from the headers
 * (jsonBodyLimit). Hono keeps the text, so the validator parses it without reading it again.
 */
export async function jsonBodyText(c: Context): Promise<string> {
  return shallowJsonText(await declaredJsonText(c));
}

/** The body's text when it is declared JSON (else 400); its nesting is not judged yet. */
export async function declaredJsonText(c: Context): Promise<string> {
  if (!JSON_TYPE.test(c.req.header('content-type')?.split(';')[0]?.trim() ?? '')) {
    throw new AppError(400, 'Send the request body as JSON (Content-Type: application/json).');
  }
  return c.req.text();
}

/** `text` when it nests no deeper than JSON_MAX_DEPTH (judged without parsing it), else 400. */
export function shallowJsonText(text: string): string {
  if (nestsDeeperThan(text, JSON_MAX_DEPTH)) throw new AppError(400, TOO_DEEP);
  return text;
}

/** A parsed JSON body checked against `schema`: anything but an object (an array, a string) is refused first. */
export function parseJsonObject<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError(400, 'The request body must be a JSON object.');
  }
  return parseOrThrow(schema, body);
}

/** JSON text a route parses itself (jsonBodyText checked it); 400 when it is not JSON. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, 'Malformed JSON in request body');
  }
}

/** Validates a JSON body: checked as text (jsonBodyText), then parsed by Hono and checked by `schema`. */
export function jsonBody<S extends z.ZodType>(schema: S) {
  const validate = validator('json', (body: unknown) => parseJsonObject(schema, body));
  const guarded: MiddlewareHandler = async (c, next) => {
    await jsonBodyText(c);
    await validate(c, next);
  };
  return guarded as unknown as typeof validate;
}

/**
 * Text Postgres cannot store as sent: a NUL character (text refuses it), or half of a surrogate
 * pair (not valid UTF-8; the drivers would silently store U+FFFD instead).
 */
const hasNul = (text: string) => text.includes('\0');
const isUnstorable = (text: string) => hasNul(text) || !text.isWellFormed();

/** Plain data as JSON, a query or a form gives it; files, buffers and dates are not walked. */
const isPlainData = (value: object) => Array.isArray(value) || [Object.prototype, null].includes(Object.getPrototypeOf(value));

/**
 * The path of the first string in `value` that `bad` finds (keys too, when `keys` is set), or
 * null. Request text is checked here, once for every route, instead of failing in the database.
 * It walks with a list, not recursion, so 10,000 nested arrays cannot overflow the stack.
 */
export function fieldWith(bad: (text: string) => boolean, value: unknown, keys = false): string | null {
  const pending: [item: unknown, path: string][] = [[value, '']];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      if (bad(item)) return path;
      continue;
    }
    if (typeof item !== 'object' || item === null || !isPlainData(item)) continue;
    const entries = Object.entries(item);
    if (keys && entries.some(([key]) => bad(key))) return path;
    // Reversed, so the first field is looked at first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      pending.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

export const fieldWithNulCharacter = (value: unknown) => fieldWith(hasNul, value);

function unstorableTextError(path: string, problem: string, labels?: FieldLabels): AppError {
  const keys = path.split('.');
  const message = `${path ? fieldName(keys, labels) : 'A field'} must not contain ${problem}`;
  const field = fieldKey(keys);
  return new AppError(400, message, {}, field ? { [field]: message } : undefined);
}

export function queryParams<S extends z.ZodType>(schema: S) {
  return validator('query', (value) => parseOrThrow(schema, value));
}
