// The public follow-by-email routes take JSON from the islands and plain form posts from pages
// without JavaScript (docs/product.md, Following by email). A form post is answered with a
// redirect to the page that shows the outcome, since a browser would otherwise show raw JSON.
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '#core/env.ts';
import { AppError } from '#core/errors.ts';
import { formBodyLimit } from '#core/form.ts';
import { jsonBodyText, parseJsonObject, parseJsonText } from '#core/validate.ts';

/** Room for the longest address a person could paste, ten times over; nothing legitimate is larger. */
const PUBLIC_BODY_MAX_BYTES = 64 * 1024;
export const publicBodyLimit = formBodyLimit(PUBLIC_BODY_MAX_BYTES, 'Request body is too large.');

const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/** Whether the request is a form post (a page without JavaScript, or a mail provider's one-click). */
export function isFormPost(c: Context): boolean {
  return FORM_TYPE.test(c.req.header('content-type') ?? '');
}

async function formFieldsOf(c: Context): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new AppError(400, 'Malformed request body.');
  }
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form) fields[name] = value;
  return fields;
}

/**
 * The request's fields, unchecked: a form's fields, or the JSON body. `base` holds fields from
 * elsewhere (the query) that the body may override. An unsubscribe may come with no body at all
 * (its token is in the address).
 */
export async function requestFields(c: Context, base: Record<string, string> = {}): Promise<unknown> {
  if (isFormPost(c)) return { ...base, ...(await formFieldsOf(c)) };
  if (!c.req.header('content-type') && (await c.req.text()) === '') return base;
  const body = parseJsonText(await jsonBodyText(c));
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...base, ...body } : body;
}

/** The request's fields checked against `schema` (requestFields). */
export async function readFields<S extends z.ZodType>(c: Context, schema: S, base?: Record<string, string>): Promise<z.output<S>> {
  return parseJsonObject(schema, await requestFields(c, base));
}

/**
 * Runs a route's work; for a form post, its refusals (bad input, unknown story, limits, mail
 * off) become a redirect to `errorPage(message)`, for the page to show. Server faults stay
 * errors, with the status that says so.
 */
export async function answerForm(c: Context<AppEnv>, form: boolean, errorPage: (message: string) => string, run: () => Promise<Response>) {
  try {
    return await run();
  } catch (error) {
    if (!form || !(error instanceof AppError) || (error.status >= 500 && error.status !== 503)) throw error;
    return c.redirect(errorPage(error.message), 303);
  }
}

/** A page path with its query, empty values left out. */
export function pageWith(path: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
