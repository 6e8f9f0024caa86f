// The one way the admin words a failure: the network, the server's words, or the screen's own
// words; named failures put the reason in brackets after the screen's words ('Failed to delete
// gallery (Gallery not found.)'), with the status code where a screen asks for it.
import { ApiError, NetworkError } from '#lib/api-client.ts';

const NETWORK = 'Network error occurred';

/** The message for a failed load or save: the network, the server's words, or the fallback. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return NETWORK;
  return error instanceof Error && error.message ? error.message : fallback;
}

export function namedFailure(error: unknown, fallback: string, options: { withStatus?: boolean } = {}): string {
  if (error instanceof NetworkError) return `${fallback} (${NETWORK})`;
  if (error instanceof ApiError) return `${fallback} (${options.withStatus ? `${error.status}: ` : ''}${error.message})`;
  return fallback;
}

/** A refused save's problems keyed by field name (empty when the server named none). */
export function fieldErrors(error: unknown): Readonly<Record<string, string>> {
  return (error instanceof ApiError && error.fields) || {};
}
