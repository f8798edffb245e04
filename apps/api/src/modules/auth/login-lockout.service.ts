import { ERRORS } from '@lavoura/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/** Five failed sign-ins lock the e-mail for five minutes, even for the right password. */
export const MAX_FAILED_LOGINS = 5;
const LOCKOUT_MS = 5 * 60 * 1000;

function tooManyAttempts(lockedUntil: Date): AppError {
  return new AppError(ERRORS.tooManyAttempts, 'Too many failed sign-ins', {
    locked_until: lockedUntil.toISOString(),
  });
}

/** An attempt that may check a password: its number since the count last started. */
export interface LoginAttempt {
  email: string;
  number: number;
  now: Date;
}

/**
 * Counts an attempt before its password is checked, in one statement, so attempts arriving at
 * once cannot all pass a check made before any of them was counted. Only the first
 * MAX_FAILED_LOGINS attempts get their password checked; the next one locks the e-mail at once.
 * An attempt on a locked e-mail changes nothing; a lock that has run out starts the count again.
 */
export async function reserveLoginAttempt(
  db: Database,
  email: string,
  now: Date,
): Promise<LoginAttempt> {
  const a = t.loginAttempts;
  const at = sql`${now.toISOString()}::timestamptz`;
  const lockEnds = sql`${new Date(now.getTime() + LOCKOUT_MS).toISOString()}::timestamptz`;
  const locked = sql`(${a.lockedUntil} is not null and ${a.lockedUntil} > ${at})`;
  const expired = sql`(${a.lockedUntil} is not null and ${a.lockedUntil} <= ${at})`;
  const [row] = await db
    .insert(a)
    .values({ email, failures: 1, lockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: a.email,
      set: {
        failures: sql`case when ${locked} then ${a.failures} when ${expired} then 1
          else ${a.failures} + 1 end`,
        lockedUntil: sql`case when ${locked} then ${a.lockedUntil} when ${expired} then null
          when ${a.failures} + 1 > ${MAX_FAILED_LOGINS} then ${lockEnds}
          else null end`,
        updatedAt: now,
      },
    })
    .returning({ failures: a.failures, lockedUntil: a.lockedUntil });
  if (row!.lockedUntil && row!.lockedUntil > now) throw tooManyAttempts(row!.lockedUntil);
  return { email, number: row!.failures, now };
}

/** The checked password was wrong: the attempt stays counted, and the last one allowed locks. */
export async function failLoginAttempt(db: Database, attempt: LoginAttempt): Promise<void> {
  if (attempt.number < MAX_FAILED_LOGINS) return;
  const lockedUntil = new Date(attempt.now.getTime() + LOCKOUT_MS);
  const [row] = await db
    .update(t.loginAttempts)
    .set({
      lockedUntil: sql`coalesce(${t.loginAttempts.lockedUntil}, ${lockedUntil.toISOString()}::timestamptz)`,
    })
    .where(eq(t.loginAttempts.email, attempt.email))
    .returning({ lockedUntil: t.loginAttempts.lockedUntil });
  throw tooManyAttempts(row?.lockedUntil ?? lockedUntil);
}

/**
 * The checked password was right: the count starts again, unless attempts that arrived meanwhile
 * locked the e-mail, which then refuses this one too.
 */
export async function passLoginAttempt(db: Database, attempt: LoginAttempt): Promise<void> {
  const a = t.loginAttempts;
  const at = attempt.now.toISOString();
  const cleared = await db
    .delete(a)
    .where(
      and(
        eq(a.email, attempt.email),
        sql`(${a.lockedUntil} is null or ${a.lockedUntil} <= ${at}::timestamptz)`,
      ),
    )
    .returning({ email: a.email });
  if (cleared.length > 0) return;
  // Nothing cleared: a simultaneous right login did it already, or the e-mail is locked.
  const [lock] = await db
    .select({ lockedUntil: a.lockedUntil })
    .from(a)
    .where(and(eq(a.email, attempt.email), gt(a.lockedUntil, attempt.now)));
  if (lock?.lockedUntil) throw tooManyAttempts(lock.lockedUntil);
}
