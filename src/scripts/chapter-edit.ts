// The 'Edit' link of a chapter page, to the chapter's editor in the admin, for the roles that may
// edit content (a mod may not: the API would refuse its save). Readers never pay for it: only a
// browser that signed in (the signed_in hint cookie) asks the API who it is.
import { isContentRole } from '#core/roles.ts';
import { hasSignedInHint } from '#lib/signed-in-hint.ts';

const link = document.querySelector<HTMLAnchorElement>('[data-edit-chapter]');

async function showForStaff(): Promise<void> {
  if (!link || !hasSignedInHint(document.cookie)) return;
  const { apiRequest } = await import('#lib/api-client.ts'); // loaded for staff only
  try {
    const { user } = await apiRequest<{ user: { role: string } }>('/api/auth/me');
    if (isContentRole(user.role)) link.hidden = false;
  } catch {
    // signed out meanwhile: no link
  }
}

void showForStaff();
