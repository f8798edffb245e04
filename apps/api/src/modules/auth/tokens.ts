import { randomUUID, webcrypto } from 'node:crypto';
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
  /** The user's session epoch when issued: a password change moves it on (users.session_epoch). */
  epoch: number;
}

/** Signed session tokens (HS256 JWT). Each carries an id so logout can revoke it. */
export class TokenSigner {
  // Imported once: jose would import a raw secret again on every verification.
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(secret: string) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(
    userId: number,
    accountId: number,
    epoch: number,
    now = new Date(),
  ): Promise<{ token: string; claims: TokenClaims }> {
    const jti = randomUUID();
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = issuedAt + TOKEN_LIFETIME_SECONDS;
    const token = await new SignJWT({ acc: accountId, sv: epoch })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setJti(jti)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(await this.key);
    return {
      token,
      claims: { userId, accountId, jti, expiresAt: new Date(expiresAt * 1000), epoch },
    };
  }

  async verify(token: string): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const accountId = Number(payload.acc);
      // Tokens from before epochs existed count as epoch 0, the column's default.
      const epoch = payload.sv === undefined ? 0 : Number(payload.sv);
      if (
        !Number.isInteger(userId) ||
        !Number.isInteger(accountId) ||
        !Number.isInteger(epoch) ||
        !payload.jti ||
        !payload.exp
      ) {
        throw new AppError(ERRORS.invalidToken, 'Malformed token');
      }
      return {
        userId,
        accountId,
        jti: payload.jti,
        expiresAt: new Date(payload.exp * 1000),
        epoch,
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWTExpired) {
        throw new AppError(ERRORS.tokenExpired, 'Token expired');
      }
      throw new AppError(ERRORS.invalidToken, 'Invalid token');
    }
  }
}
