// What the test suites that sign in share, free of dependencies so that any of them (the API
// harness, the Playwright helpers, the cloud tests and their runner) can import it.

/** The admin account the browser and cloud test runs create and sign in with. */
export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' } as const;

/** One account per staff role for the browser tests (scripts/test/e2e-accounts.ts creates them). */
export const E2E_STAFF = {
  admin: E2E_ADMIN,
  author: { username: 'e2e-author', password: 'e2e-author-password' },
  mod: { username: 'e2e-mod', password: 'e2e-mod-password' },
} as const;

/** The session cookie an answer set, as "session=…" ("__Host-session=…" over https), for the next request. */
export function sessionCookieFrom(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => /^(__Host-)?session=/.test(c));
  if (!header) throw new Error(`no session cookie in response (status ${response.status})`);
  return header.split(';')[0]!;
}
