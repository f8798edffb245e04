import { createSecretKey, type KeyObject } from 'node:crypto';
import { DIGEST_TOKEN_DAYS, ERRORS } from '@lavoura/domain';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../http/app-error.ts';

/** The claim that tells a digest link from a session token (which has no `purpose`). */
export const DIGEST_PURPOSE = 'weekly-digest';
const LIFETIME_SECONDS = DIGEST_TOKEN_DAYS * 24 * 60 * 60;

export interface DigestClaims {
  userId: number;
  accountId: number;
  issuedAt: Date;
  expiresAt: Date;
}

/**
 * The weekly digest's link token (issue 14 item 6): an HS256 JWT signed with the app's secret,
 * purpose `weekly-digest`, bound to one person in one account, valid 14 days from its issue. It
 * opens that person's digest without a sign-in and nothing else: it has no session id, so the
 * session check refuses it, and a session token has no purpose, so the digest refuses that.
 */
export class DigestTokens {
  private readonly key: KeyObject;

  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async sign(
    userId: number,
    accountId: number,
    now: Date,
  ): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = issuedAt + LIFETIME_SECONDS;
    const token = await new SignJWT({ purpose: DIGEST_PURPOSE, acc: accountId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt: new Date(expiresAt * 1000) };
  }

  /** 401 exception.digest.expired_token after 14 days, exception.digest.invalid_token otherwise. */
  async verify(token: string, now: Date): Promise<DigestClaims> {
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
        throw new AppError(ERRORS.digestExpiredToken, 'The digest link has expired');
      throw new AppError(ERRORS.digestInvalidToken, 'Not a digest link');
    }
    const userId = Number(payload.sub);
    const accountId = Number(payload.acc);
    if (
      payload.purpose !== DIGEST_PURPOSE ||
      !Number.isSafeInteger(userId) ||
      userId <= 0 ||
      !Number.isSafeInteger(accountId) ||
      accountId <= 0
    )
      throw new AppError(ERRORS.digestInvalidToken, 'Not a digest link');
    return {
      userId,
      accountId,
      issuedAt: new Date(Number(payload.iat) * 1000),
      expiresAt: new Date(Number(payload.exp) * 1000),
    };
  }
}
