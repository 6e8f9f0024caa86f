// The browser's way to call the API: JSON in, JSON out, cookies included, and one error type
// whose message is what the person should read.

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Thrown when the request never got an answer (offline, server down). */
export class NetworkError extends Error {}

export async function apiRequest<T>(path: string, options: { method?: string; json?: unknown } = {}): Promise<T> {
  const init: RequestInit = { method: options.method ?? (options.json === undefined ? 'GET' : 'POST'), credentials: 'same-origin' };
  if (options.json !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(options.json);
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'Network error');
  }
  const body = await response.json().catch(() => null);
  if (!response.ok || body?.success === false) {
    throw new ApiError(response.status, typeof body?.error === 'string' ? body.error : `Request failed (${response.status})`);
  }
  return body as T;
}
