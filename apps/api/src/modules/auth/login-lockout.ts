import { ERRORS } from '@lavoura/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/** Five failed sign-ins lock the e-mail for five minutes, even for the right password. */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 5 * 60 * 1000;

function tooManyAttempts(lockedUntil: Date): AppError {
  return new AppError(ERRORS.tooManyAttempts, 'Too many failed sign-ins', {
    locked_until: lockedUntil.toISOString(),
  });
}

export async function assertNotLocked(db: Database, email: string, now: Date): Promise<void> {
  const [row] = await db.select().from(t.loginAttempts).where(eq(t.loginAttempts.email, email));
  if (row?.lockedUntil && row.lockedUntil > now) throw tooManyAttempts(row.lockedUntil);
}

/** Counts a failure; the fifth locks the e-mail and is answered as a lockout. */
export async function recordFailedLogin(db: Database, email: string, now: Date): Promise<void> {
  const [row] = await db.select().from(t.loginAttempts).where(eq(t.loginAttempts.email, email));
  // A lock that has run out starts the count again.
  const previous = row && !(row.lockedUntil && row.lockedUntil <= now) ? row.failures : 0;
  const failures = previous + 1;
  const lockedUntil = failures >= MAX_FAILED_LOGINS ? new Date(now.getTime() + LOCKOUT_MS) : null;
  await db
    .insert(t.loginAttempts)
    .values({ email, failures, lockedUntil, updatedAt: now })
    .onConflictDoUpdate({
      target: t.loginAttempts.email,
      set: { failures, lockedUntil, updatedAt: now },
    });
  if (lockedUntil) throw tooManyAttempts(lockedUntil);
}

export async function clearFailedLogins(db: Database, email: string): Promise<void> {
  await db.delete(t.loginAttempts).where(eq(t.loginAttempts.email, email));
}
