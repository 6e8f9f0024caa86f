// Whether the published site holds a page, for the mail sender: a release is announced only once
// its chapter page is live (AppDeps.mail.pageIsLive), so the email's button never meets a page
// the rebuild has not swapped in yet.
import fs from 'node:fs/promises';
import path from 'node:path';

/** `pathname` is a page's address ending in `/`; its file is `index.html` in that folder of `siteDir`. */
export async function sitePageExists(siteDir: string | null, pathname: string): Promise<boolean> {
  if (!siteDir || !pathname.startsWith('/') || !pathname.endsWith('/')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  if (/[\0\\]|(?:^|\/)\.\.?(?:\/|$)/.test(decoded)) return false;
  return fs.access(path.join(siteDir, decoded, 'index.html')).then(
    () => true,
    () => false,
  );
}
