// The subscribe, confirm and unsubscribe pages (src/layouts/FollowPage.astro; docs/product.md, The
// Follow form and its pages). They are static: the token or result comes from the query string,
// and nothing changes until the reader presses the button (mail scanners open links; they do not
// press buttons).
import { CONFIRM_INVALID, UNSUBSCRIBE_INVALID } from '#functions/subscriptions/messages.ts';
import { ApiError, apiRequest } from '#lib/api-client.ts';
import { linkToken, OFFLINE, stopThisLabel, subscribeResult } from '#lib/follow.ts';
import { storyPath } from '#lib/reader-urls.ts';

const element = document.querySelector<HTMLElement>('[data-follow-page]')!;
const form = element.querySelector('form');
const result = element.querySelector<HTMLElement>('[data-result]')!;
const storyLink = element.querySelector<HTMLAnchorElement>('[data-story-link]')!;

/** The outcome replaces the form: a message, and the way back to the story it was about. */
function finish(message: string, kind: 'success' | 'error', story?: string | null): void {
  if (form) form.hidden = true;
  result.textContent = message;
  result.classList.toggle('is-error', kind === 'error');
  result.classList.toggle('is-success', kind === 'success');
  if (story) {
    storyLink.href = `${storyPath(story)}/`;
    storyLink.textContent = 'Back to the story';
  }
  storyLink.hidden = false;
}

/** Shows the form; on submit, sends its request and shows the answer (or why there is none). */
function ask(form: HTMLFormElement, send: () => Promise<{ message: string; story_slug?: string | null }>): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  form.hidden = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    try {
      const answer = await send();
      finish(answer.message, 'success', answer.story_slug);
    } catch (error) {
      if (error instanceof ApiError) finish(error.message, 'error');
      else result.textContent = OFFLINE;
    } finally {
      button.disabled = false;
    }
  });
}

/** /subscribe/: the page already says the link was sent; an error replaces that. */
function startSubscribePage(): void {
  const state = subscribeResult(location.search);
  if (state.state === 'error') finish(state.error, 'error', state.story);
}

function startConfirmPage(form: HTMLFormElement, token: string): void {
  ask(form, () => apiRequest('/api/subscribe/confirm', { json: { token } }));
}

/** Asks the API what the link's subscription follows, to name it in the first choice. */
async function startUnsubscribePage(form: HTMLFormElement, token: string): Promise<void> {
  try {
    const info = await apiRequest<{ story_title: string | null }>(`/api/unsubscribe/info?token=${encodeURIComponent(token)}`);
    form.querySelector('[data-stop-this]')!.textContent = stopThisLabel(info.story_title);
  } catch (error) {
    return finish(error instanceof ApiError ? error.message : OFFLINE, 'error');
  }
  ask(form, () => apiRequest('/api/unsubscribe', { json: { token, scope: new FormData(form).get('scope') } }));
}

const page = element.dataset['followPage'];
const token = linkToken(location.search);
if (page === 'subscribe') startSubscribePage();
else if (!form || !token) finish(page === 'confirm' ? CONFIRM_INVALID : UNSUBSCRIBE_INVALID, 'error');
else if (page === 'confirm') startConfirmPage(form, token);
else void startUnsubscribePage(form, token);
