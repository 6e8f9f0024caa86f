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
