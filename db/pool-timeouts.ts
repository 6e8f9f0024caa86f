/**
 * Bounds on a server database's pool (pg on Node, Neon's driver on Node and in the Worker), so a
 * request never hangs on a database that is down or unreachable: it fails and is answered 503
 * (functions/core/errors.ts). Connecting may take a few seconds while Neon wakes a compute that
 * scaled to zero; no query of the app runs anywhere near a minute. A module of its own, free of
 * Node imports, so the Worker's bundle can share it.
 */
export const POOL_TIMEOUTS = { connectionTimeoutMillis: 10_000, query_timeout: 60_000 } as const;
