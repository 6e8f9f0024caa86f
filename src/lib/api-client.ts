// The browser's way to call the API: JSON (or a multipart form) in, JSON out, cookies included,
// and one error type whose message is what the person should read.

export class ApiError extends Error {
  readonly status: number;
  /** A refused input's problems keyed by field name, for the form to show at each field. */
  readonly fields: Record<string, string> | undefined;
  constructor(status: number, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.fields = fields;
  }
}

/** Thrown when the request never got an answer (offline, server down). */
export class NetworkError extends Error {}

/** What likes and comments say when the reader has no network (docs/product.md, Installing the site and reading offline). */
export const OFFLINE_MESSAGE = 'You are offline';
/** A request that failed because the browser knows it has no network, not because the server is down. */
export const isOffline = (error: unknown): boolean => error instanceof NetworkError && !navigator.onLine;

export interface ApiRequestOptions {
  method?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (file uploads). */
  form?: FormData;
  /** One file sent as the whole body with this content type, which the server can stream (an archive). */
  file?: { body: Blob; type: string };
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const hasBody = options.json !== undefined || options.form !== undefined || options.file !== undefined;
  const init: RequestInit = { method: options.method ?? (hasBody ? 'POST' : 'GET'), credentials: 'same-origin' };
  if (options.json !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(options.json);
  } else if (options.form) {
    init.body = options.form; // the browser sets the multipart boundary
  } else if (options.file) {
    init.headers = { 'content-type': options.file.type };
    init.body = options.file.body;
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'Network error');
  }
  const body = await response.json().catch(() => null);
  if (!response.ok || body?.success === false) {
    throw new ApiError(
      response.status,
      typeof body?.error === 'string' ? body.error : `Request failed (${response.status})`,
      stringFields(body?.fields),
    );
  }
  return body as T;
}

function stringFields(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
