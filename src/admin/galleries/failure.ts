// Failure notices of the Gallery Manager (docs/product.md, Forms and messages): the screen's own words ('Failed to delete
// gallery'), then the reason in brackets when there is one: the server's message, with its status
// code for a refused gallery save ('shown as status code, colon, server message').
import { ApiError, NetworkError } from '../../lib/api-client.ts';

export function namedFailure(error: unknown, fallback: string, options: { withStatus?: boolean } = {}): string {
  if (error instanceof NetworkError) return `${fallback} (Network error occurred)`;
  if (error instanceof ApiError) return `${fallback} (${options.withStatus ? `${error.status}: ` : ''}${error.message})`;
  return fallback;
}
