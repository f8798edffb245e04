import { createSecretKey, type KeyObject } from 'node:crypto';
import type { ErrorType } from '@lavoura/domain';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../http/app-error.ts';

/** What a link's token names: one person in one account, and when it was issued and ends. */
export interface LinkTokenClaims {
  userId: number;
  accountId: number;
  issuedAt: Date;
  expiresAt: Date;
  /** The token's other claims, for the kind of link to check (e.g. the unsubscribe's `kind`). */
  payload: Record<string, unknown>;
}

/**
 * The token of a link an e-mail carries (the weekly digest's, the unsubscribe's): an HS256 JWT
 * signed with the app's secret, with a `purpose` of its own, naming one person (`sub`) in one
 * account (`acc`). It has no session id, so the session check refuses it, and each kind of link
 * refuses another's purpose.
 */
export class LinkTokens {
  private readonly key: KeyObject;

  constructor(
    secret: string,
    private readonly purpose: string,
    private readonly lifetimeDays: number,
    private readonly refusals: { expired: ErrorType; invalid: ErrorType; what: string },
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async sign(
    person: { userId: number; accountId: number },
    now: Date,
    claims: Record<string, string | number> = {},
  ): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = issuedAt + this.lifetimeDays * 24 * 60 * 60;
    const token = await new SignJWT({ ...claims, purpose: this.purpose, acc: person.accountId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(person.userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt: new Date(expiresAt * 1000) };
  }

  /** The token's claims; `refusals.expired` when too old, `refusals.invalid` otherwise. */
  async verify(token: string, now: Date): Promise<LinkTokenClaims> {
    const { expired, invalid, what } = this.refusals;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: now,
        requiredClaims: ['sub', 'iat', 'exp'],
      }));
    } catch (error) {
      // jose checks the signature first: only a genuine token can be reported as expired.
      if (error instanceof joseErrors.JWTExpired)
        throw new AppError(expired, `The ${what} has expired`);
      throw new AppError(invalid, `Not a ${what}`);
    }
    const userId = Number(payload.sub);
    const accountId = Number(payload.acc);
    if (
      payload.purpose !== this.purpose ||
      !Number.isSafeInteger(userId) ||
      userId <= 0 ||
      !Number.isSafeInteger(accountId) ||
      accountId <= 0
    )
      throw new AppError(invalid, `Not a ${what}`);
    return {
      userId,
      accountId,
      issuedAt: new Date(Number(payload.iat) * 1000),
      expiresAt: new Date(Number(payload.exp) * 1000),
      payload,
    };
  }
}
