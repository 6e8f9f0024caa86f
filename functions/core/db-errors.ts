// Postgres reports a broken constraint with an SQLSTATE code and the constraint's name (pg and
// PGlite alike). Handlers check first for friendly messages, and map these errors for the
// requests that race past the check.

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

interface PostgresError {
  code?: unknown;
  constraint?: unknown;
}

function violation(error: unknown, code: string): string | null {
  const { code: actual, constraint } = (error ?? {}) as PostgresError;
  return actual === code ? (typeof constraint === 'string' ? constraint : '') : null;
}

/** The name of the unique constraint the error broke, or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  return violation(error, UNIQUE_VIOLATION);
}

/** The name of the foreign key the error broke, or null for any other error. */
export function foreignKeyViolation(error: unknown): string | null {
  return violation(error, FOREIGN_KEY_VIOLATION);
}

// A database that is down, restarting, waking up (Neon scales idle computes to zero) or out of
// connections: the request may succeed in a moment, so it is answered 503 with Retry-After.
// SQLSTATE class 08 is "connection exception"; the others are named below.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']); // shutdown (admin, crash), starting up, too many connections, query cancelled (a timeout)
// Node's socket errors, as pg and Neon's driver (on Node) pass them on.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
// What the drivers say without a code: pg and pg-pool (whose code Neon's driver shares), PGlite.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // pg: the server closed the connection; also "… due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pg-pool: connectionTimeoutMillis
  /^Query read timeout$/, // pg: query_timeout
  /^Client (?:has encountered a connection error|was closed) and is not queryable$/,
  /^PGlite (?:instance )?is (?:already )?closed\.?$/,
  /Couldn't connect to compute node/i, // Neon: the compute did not start in time
];

/** True when the error says the database cannot be reached now, not that the query was wrong. */
export function databaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  // Neon's driver rejects with the WebSocket's own error event (an ErrorEvent, empty message) when
  // its WebSocket cannot open or breaks; nothing else in the app throws an Event.
  if (typeof Event !== 'undefined' && error instanceof Event) return true;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // pg-pool wraps the socket error as `cause`; Node reports a name with several addresses as an AggregateError.
  return databaseUnavailable(cause, depth + 1) || (Array.isArray(errors) && errors.some((inner) => databaseUnavailable(inner, depth + 1)));
}
