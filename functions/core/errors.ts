import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { databaseUnavailable } from './db-errors.ts';
import { DISK_FULL, diskFull } from './disk-full.ts';

/** Field name → what is wrong with it, so a form can show each message at its field. */
export type FieldProblems = Record<string, string>;

/**
 * An error whose message is safe to show to the person who made the request; `fields` names the
 * fields it is about (docs/product.md, "Messages").
 */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly headers: Record<string, string>;
  readonly fields: FieldProblems | undefined;
  constructor(status: ContentfulStatusCode, message: string, headers: Record<string, string> = {}, fields?: FieldProblems) {
    super(message);
    this.status = status;
    this.headers = headers;
    this.fields = fields;
  }
}

/** A problem with one field (a slug already taken, a wrong current password): answered under its name too. */
export function fieldError(status: ContentfulStatusCode, field: string, message: string): AppError {
  return new AppError(status, message, {}, { [field]: message });
}

const httpExceptionMessages: Partial<Record<number, string>> = {
  400: 'Malformed request body.',
  403: 'Cross-site request refused.',
  413: 'Request body is too large.',
};

/** Long enough for a restarting server or a Neon compute waking from zero. */
const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE = 'The site is briefly unavailable. Please try again in a moment.';

/**
 * The S3 client's own mark on an error of the service (a 5xx: S3 down, throttling, R2 hiccup), not
 * of our request; or, where the SDK could not read the error body, its 5xx status alone.
 */
function storageUnavailable(error: unknown): boolean {
  const { $fault, $metadata } = error as { $fault?: unknown; $metadata?: { httpStatusCode?: unknown } };
  const status = $metadata?.httpStatusCode;
  return $fault === 'server' || (typeof status === 'number' && status >= 500);
}

/**
 * The one error handler: every failure leaves as `{ success: false, error }` with a real status,
 * plus `fields` when the problems are about fields of the request.
 */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json({ success: false, error: error.message, ...(error.fields && { fields: error.fields }) }, error.status);
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const message = status === 400 && error.message ? error.message : (httpExceptionMessages[status] ?? 'Request refused.');
    return c.json({ success: false, error: message }, status);
  }
  // Before the outage check: a full MinIO answers 507, which is a 5xx too, and waiting will not mend it.
  if (diskFull(error)) {
    console.error(`[api] ${c.req.method} ${c.req.path}: out of disk space (${error.message || error.constructor.name})`);
    return c.json({ success: false, error: DISK_FULL }, 507);
  }
  if (databaseUnavailable(error) || storageUnavailable(error)) {
    // Logged briefly: while the database (or the bucket) is down every request ends here.
    console.error(`[api] ${c.req.method} ${c.req.path}: unavailable (${error.message || error.constructor.name})`);
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json({ success: false, error: UNAVAILABLE }, 503);
  }
  // Unknown errors are logged with their details and answered without them.
  console.error(`[api] ${c.req.method} ${c.req.path} failed:`, error);
  return c.json({ success: false, error: 'Something went wrong on our side. Please try again.' }, 500);
}
