import { createSecretKey, type KeyObject } from 'node:crypto';
import {
  ERRORS,
  UNSUBSCRIBE_KINDS,
  UNSUBSCRIBE_TOKEN_DAYS,
  type UnsubscribeKind,
} from '@lavoura/domain';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../http/app-error.ts';

/** The claim that tells an unsubscribe link from a session or digest token. */
export const UNSUBSCRIBE_PURPOSE = 'unsubscribe';
const LIFETIME_SECONDS = UNSUBSCRIBE_TOKEN_DAYS * 24 * 60 * 60;

export interface UnsubscribeClaims {
  userId: number;
  accountId: number;
  kind: UnsubscribeKind;
}

const isKind = (value: unknown): value is UnsubscribeKind =>
  typeof value === 'string' && Object.hasOwn(UNSUBSCRIBE_KINDS, value);

/**
 * The token of a recurring e-mail's unsubscribe link (issue 29 item 9): an HS256 JWT signed with
 * the app's secret, purpose `unsubscribe`, naming one person in one account and one kind of
 * e-mail. It turns that kind off and does nothing else: it has no session id (the session check
 * refuses it) and its purpose differs from the digest link's (each refuses the other's).
 */
export class UnsubscribeTokens {
  private readonly key: KeyObject;

  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async sign(claims: UnsubscribeClaims, now: Date): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ purpose: UNSUBSCRIBE_PURPOSE, acc: claims.accountId, kind: claims.kind })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + LIFETIME_SECONDS)
      .sign(this.key);
  }

  /** 410 exception.unsubscribe.expired_token when too old, 400 invalid_token otherwise. */
  async verify(token: string, now: Date): Promise<UnsubscribeClaims> {
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
        throw new AppError(ERRORS.unsubscribeExpiredToken, 'The unsubscribe link has expired');
      throw new AppError(ERRORS.unsubscribeInvalidToken, 'Not an unsubscribe link');
    }
    const userId = Number(payload.sub);
    const accountId = Number(payload.acc);
    if (
      payload.purpose !== UNSUBSCRIBE_PURPOSE ||
      !isKind(payload.kind) ||
      !Number.isSafeInteger(userId) ||
      userId <= 0 ||
      !Number.isSafeInteger(accountId) ||
      accountId <= 0
    )
      throw new AppError(ERRORS.unsubscribeInvalidToken, 'Not an unsubscribe link');
    return { userId, accountId, kind: payload.kind };
  }
}
