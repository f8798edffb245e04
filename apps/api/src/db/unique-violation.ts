import type { ErrorType } from '@lavoura/domain';
import { AppError } from '../http/app-error.ts';

/** PostgreSQL's SQLSTATE for a unique (or primary key) violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Whether an error is PostgreSQL's unique violation, optionally of one named constraint. Drizzle
 * wraps the driver's error (node-postgres or PGlite) in `cause`, so the chain is walked.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const {
      code,
      constraint: name,
      cause,
    } = current as {
      code?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (code === UNIQUE_VIOLATION) return constraint === undefined || name === constraint;
    current = cause;
  }
  return false;
}

/**
 * Runs a write and answers a unique violation (two requests racing for one e-mail, name, ...) with
 * the registry's error instead of a 500. The check-then-insert of a service stays for the message;
 * this covers the race the check cannot see.
 */
export async function uniqueViolationAs<T>(
  type: ErrorType,
  write: () => Promise<T>,
  options: { constraint?: string; message?: string } = {},
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, options.constraint)) throw new AppError(type, options.message);
    throw error;
  }
}
