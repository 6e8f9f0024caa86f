// Turns the Follow form (src/components/FollowForm.astro) into a request that answers in place:
// the address is checked as the API checks it, a refused one is explained next to the field,
// every other answer goes to the form's live region. Without this script the form still posts.
import { ApiError, apiRequest } from '#lib/api-client.ts';
import { checkEmailAddress } from '#lib/email-address.ts';
import { answerAtField, followRequest, OFFLINE } from '#lib/follow.ts';

function enhance(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="email"]')!;
  const fieldError = form.querySelector<HTMLElement>('[data-follow-error]')!;
  const status = form.querySelector<HTMLElement>('[data-follow-status]')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  // The script's own check replaces the browser's bubble, so the message sits by the field.
  form.noValidate = true;

  const showFieldError = (message: string | null) => {
    fieldError.textContent = message ?? '';
    fieldError.hidden = message === null;
    input.setAttribute('aria-invalid', String(message !== null));
  };
  const showStatus = (message: string, kind: 'success' | 'error') => {
    status.textContent = message;
    status.classList.toggle('is-success', kind === 'success');
    status.classList.toggle('is-error', kind === 'error');
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const body = followRequest(new FormData(form));
    const check = checkEmailAddress(body.email);
    showStatus('', 'success');
    if (!check.ok) {
      showFieldError(check.error);
      input.focus();
      return;
    }
    showFieldError(null);
    button.disabled = true;
    try {
      const answer = await apiRequest<{ message: string }>('/api/subscribe', { json: body });
      showStatus(answer.message, 'success');
    } catch (error) {
      if (error instanceof ApiError && answerAtField(error.status)) {
        showFieldError(error.message);
        input.focus();
      } else {
        showStatus(error instanceof ApiError ? error.message : OFFLINE, 'error');
      }
    } finally {
      button.disabled = false;
    }
  });
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-follow-form]')) enhance(form);
