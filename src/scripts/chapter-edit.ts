// The 'Edit' button of a chapter page, for the roles that may edit content (a mod may not: the
// API would refuse its save). Readers never pay for it: only a browser that signed in (the
// signed_in hint cookie) asks the API who it is, and the editor's code (React and the dialog)
// loads only when the button is pressed.
import { isContentRole } from '#core/roles.ts';
import { hasSignedInHint } from '#lib/signed-in-hint.ts';

const button = document.querySelector<HTMLButtonElement>('[data-edit-chapter]');
const article = document.querySelector<HTMLElement>('[data-chapter-id]');

async function showForStaff(): Promise<void> {
  if (!button || !article || !hasSignedInHint(document.cookie)) return;
  const { apiRequest } = await import('#lib/api-client.ts'); // loaded for staff only
  try {
    const { user } = await apiRequest<{ user: { role: string } }>('/api/auth/me');
    if (!isContentRole(user.role)) return;
  } catch {
    return; // signed out meanwhile: no button
  }
  button.hidden = false;
  button.addEventListener('click', async () => {
    const [{ createElement }, { createRoot }, { default: ChapterEditDialog }] = await Promise.all([
      import('react'),
      import('react-dom/client'),
      import('#src/islands/ChapterEditDialog.tsx'),
    ]);
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    const close = () => {
      root.unmount();
      host.remove();
    };
    root.render(
      createElement(ChapterEditDialog, {
        storyId: Number(article.dataset['storyId']),
        storySlug: article.dataset['storySlug']!,
        chapterNumber: Number(article.dataset['chapterNumber']),
        onClose: close,
      }),
    );
  });
}

void showForStaff();
