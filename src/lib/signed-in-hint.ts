// A cookie that only says "someone signed in on this browser" so public pages know whether to
// ask the API who it is (the chapter page's Edit button). It grants nothing: the session cookie
// is HttpOnly and the API checks it on every call. Without it readers never make that call.
export const SIGNED_IN_HINT_COOKIE = 'signed_in';

export function hasSignedInHint(cookies: string): boolean {
  return cookies.split(/;\s*/).some((cookie) => cookie === `${SIGNED_IN_HINT_COOKIE}=1`);
}
