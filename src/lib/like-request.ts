// Sending a like from the browser (docs/product.md, Content and its rules).
import { ApiError } from './api-client.ts';

/**
 * A like without the visitor cookie (the like state that issues it failed to load, or the
 * browser dropped it) counts nothing and comes back 409 with the cookie: sent again once, it counts.
 */
export async function sendLike<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    return send();
  }
}
