import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error whose message is safe to show to the person who made the request. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly headers: Record<string, string>;
  constructor(status: ContentfulStatusCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

const httpExceptionMessages: Partial<Record<number, string>> = {
  400: 'Malformed request body.',
  403: 'Cross-site request refused.',
  413: 'Request body is too large.',
};

/** The one error handler: every failure leaves as `{ success: false, error }` with a real status. */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json({ success: false, error: error.message }, error.status);
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const message = status === 400 && error.message ? error.message : (httpExceptionMessages[status] ?? 'Request refused.');
    return c.json({ success: false, error: message }, status);
  }
  // Unknown errors are logged with their details and answered without them.
  console.error(`[api] ${c.req.method} ${c.req.path} failed:`, error);
  return c.json({ success: false, error: 'Something went wrong on our side. Please try again.' }, 500);
}
