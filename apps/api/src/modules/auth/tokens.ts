import { randomUUID } from 'node:crypto';
import { ERRORS } from '@lavoura/domain';
import { SignJWT, errors, jwtVerify } from 'jose';
import { AppError } from '../../http/app-error.ts';

/** A session lasts a day, like the token cookie; /admin-api/token-refresh issues a new one. */
export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export interface TokenClaims {
  userId: number;
  accountId: number;
  jti: string;
  expiresAt: Date;
}

/** Signed session tokens (HS256 JWT). Each carries an id so logout can revoke it. */
export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(
    userId: number,
    accountId: number,
    now = new Date(),
  ): Promise<{ token: string; claims: TokenClaims }> {
    const jti = randomUUID();
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = issuedAt + TOKEN_LIFETIME_SECONDS;
    const token = await new SignJWT({ acc: accountId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setJti(jti)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, claims: { userId, accountId, jti, expiresAt: new Date(expiresAt * 1000) } };
  }

  async verify(token: string): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const accountId = Number(payload.acc);
      if (
        !Number.isInteger(userId) ||
        !Number.isInteger(accountId) ||
        !payload.jti ||
        !payload.exp
      ) {
        throw new AppError(ERRORS.invalidToken, 'Malformed token');
      }
      return { userId, accountId, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWTExpired) {
        throw new AppError(ERRORS.tokenExpired, 'Token expired');
      }
      throw new AppError(ERRORS.invalidToken, 'Invalid token');
    }
  }
}
