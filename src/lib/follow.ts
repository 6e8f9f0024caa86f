// The reader's side of following by email (docs/product.md, The Follow form and its pages): what
// the Follow form sends, where an answer is shown, and what the subscribe, confirm and
// unsubscribe pages read from their address. The pages are static, so they learn everything
// from the query string the email link or the API's redirect gave them.
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from './slugs.ts';

/** The body of POST /api/subscribe: an empty or absent story means every story. */
export function followRequest(form: FormData): { email: string; story_slug: string | null } {
  const email = form.get('email');
  const story = form.get('story_slug');
  return { email: typeof email === 'string' ? email : '', story_slug: typeof story === 'string' && story !== '' ? story : null };
}

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

export type ConfirmPage =
  | { state: 'ask'; token: string }
  | { state: 'done'; story: string | null }
  | { state: 'error'; error: string | null };

/**
 * /subscribe/confirm/: ask with the link's token (opening the page confirms nothing), or the
 * result of a confirmation posted without JavaScript (?done=1&story=… or ?error=…). An error
 * of null: the address holds no token at all.
 */
export function confirmPage(search: string): ConfirmPage {
  const query = new URLSearchParams(search);
  if (query.get('done') === '1') return { state: 'done', story: storySlug(query) };
  const error = query.get('error');
  if (error) return { state: 'error', error };
  const token = query.get('token');
  return token ? { state: 'ask', token } : { state: 'error', error: null };
}

export type UnsubscribeScope = 'this' | 'all';
export type UnsubscribePage = { state: 'ask'; token: string } | { state: 'done'; scope: UnsubscribeScope } | { state: 'invalid' };

/** /unsubscribe/: ask with the link's token, or the result of the form posted without JavaScript (?done=this|all). */
export function unsubscribePage(search: string): UnsubscribePage {
  const query = new URLSearchParams(search);
  const done = query.get('done');
  if (done === 'this' || done === 'all') return { state: 'done', scope: done };
  const token = query.get('token');
  return token ? { state: 'ask', token } : { state: 'invalid' };
}

/** The first choice of the unsubscribe page: the subscription this email came from. */
export const stopThisLabel = (storyTitle: string | null): string =>
  storyTitle === null ? 'Stop the emails about every story' : `Stop emails about ${storyTitle}`;
export const STOP_ALL_LABEL = 'Stop all emails from this site';
