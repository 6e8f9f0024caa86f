// The reader's side of following by email (docs/product.md, The Follow form and its pages): what
// the Follow form sends, where an answer is shown, and what the subscribe, confirm and
// unsubscribe pages read from their address. The pages are static, so they learn everything
// from the query string the email link or the API's redirect gave them.
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from './slugs.ts';

/** The pages (noindex, out of the sitemap), as the API's redirects and the emails' links name them. */
export const FOLLOW_PAGE_PATHS = { subscribe: '/subscribe', confirm: '/subscribe/confirm', unsubscribe: '/unsubscribe' } as const;

/** The body of POST /api/subscribe: an empty or absent story means every story. */
export function followRequest(form: FormData): { email: string; story_slug: string | null } {
  const email = form.get('email');
  const story = form.get('story_slug');
  return { email: typeof email === 'string' ? email : '', story_slug: typeof story === 'string' && story !== '' ? story : null };
}

/** What the form and the pages say when the request got no answer at all. */
export const OFFLINE = 'The site could not be reached. Check your connection and try again.';

/** A refused address (400) is shown next to the field; anything else in the form's live region. */
export const answerAtField = (status: number): boolean => status === 400;

/** A story's slug as the API's redirects name it, or none when it is not shaped like one. */
function storySlug(query: URLSearchParams): string | null {
  const slug = query.get('story');
  return slug && slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug) ? slug : null;
}

export type SubscribeResult = { state: 'sent' } | { state: 'error'; error: string; story: string | null };

/** /subscribe/: the result of a Follow form posted without JavaScript (?sent=1 or ?error=…&story=…). */
export function subscribeResult(search: string): SubscribeResult {
  const query = new URLSearchParams(search);
  const error = query.get('error');
  return error ? { state: 'error', error, story: storySlug(query) } : { state: 'sent' };
}

/**
 * The token of a confirm or unsubscribe link (/subscribe/confirm/?token=…, /unsubscribe/?token=…),
 * or null when the address holds none. Opening the page only reads it; its button uses it.
 */
export function linkToken(search: string): string | null {
  return new URLSearchParams(search).get('token') || null;
}

/** The first choice of the unsubscribe page: the subscription this email came from. */
export const stopThisLabel = (storyTitle: string | null): string =>
  storyTitle === null ? 'Stop the emails about every story' : `Stop emails about ${storyTitle}`;
export const STOP_ALL_LABEL = 'Stop all emails from this site';
