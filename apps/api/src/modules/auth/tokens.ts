import {
  createHmac,
  createSecretKey,
  randomUUID,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { ERRORS } from '@lavoura/domain';
import { SignJWT } from 'jose';
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

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodePart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const invalid = (message: string) => new AppError(ERRORS.invalidToken, message);

/** A token whose signature, header and claims checked out, with the times it is valid between. */
interface Verified {
  claims: Readonly<TokenClaims>;
  /** `exp` and `nbf` in seconds (nbf 0 when absent). */
  exp: number;
  nbf: number;
}

/** Tokens remembered as verified at most; the oldest is dropped first. */
const MAX_VERIFIED = 10_000;

/** Signed session tokens (HS256 JWT). Each carries an id so logout can revoke it. */
export class TokenSigner {
  // Imported once. Verification runs on every call: a synchronous HMAC over node:crypto costs a
  // tenth of jose's WebCrypto path (an async job on the thread pool per token).
  private readonly key: KeyObject;
  /**
   * Tokens already verified, by their exact text: a client sends the same token on every call,
   * and the signature (HMAC), header and claims of that text cannot change, so they are checked
   * once per process (fast-jwt's verifier `cache` does the same). Only the times are checked
   * again on each call. A token is only ever stored after it passed every check, so nothing
   * unverified is trusted; revocation and epochs are the session's checks, done every call.
   */
  private readonly verified = new Map<string, Verified>();

  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
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
      .sign(this.key);
    return {
      token,
      claims: { userId, accountId, jti, expiresAt: new Date(expiresAt * 1000), epoch },
    };
  }

  /**
   * Checks a compact HS256 JWS as jose would (RFC 7515/7519): the signature first, in constant
   * time, then the header (HS256 only, no critical extensions) and the claims (exp required,
   * nbf honoured). Expired → token_expired; anything else wrong → invalid_token.
   */
  async verify(token: string, now = Date.now()): Promise<TokenClaims> {
    return Promise.resolve(this.verifySync(token, now));
  }

  private verifySync(token: string, now: number): TokenClaims {
    const seconds = Math.floor(now / 1000);
    const known = this.verified.get(token);
    if (known) {
      if (known.nbf > seconds) throw invalid('Token not yet valid');
      if (known.exp <= seconds) {
        this.verified.delete(token);
        throw new AppError(ERRORS.tokenExpired, 'Token expired');
      }
      return known.claims;
    }
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part)))
      throw invalid('Invalid token');
    const [header, payload, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', this.key).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw invalid('Invalid token');
    const protectedHeader = decodePart(header);
    if (
      !protectedHeader ||
      protectedHeader.alg !== 'HS256' ||
      protectedHeader.crit !== undefined ||
      (protectedHeader.b64 !== undefined && protectedHeader.b64 !== true)
    )
      throw invalid('Invalid token');
    const claims = decodePart(payload);
    if (!claims || typeof claims.exp !== 'number') throw invalid('Malformed token');
    if (typeof claims.nbf === 'number' && claims.nbf > seconds)
      throw invalid('Token not yet valid');
    if (claims.exp <= seconds) throw new AppError(ERRORS.tokenExpired, 'Token expired');
    const userId = Number(claims.sub);
    const accountId = Number(claims.acc);
    // Tokens from before epochs existed count as epoch 0, the column's default.
    const epoch = claims.sv === undefined ? 0 : Number(claims.sv);
    if (
      typeof claims.sub !== 'string' ||
      !Number.isInteger(userId) ||
      !Number.isInteger(accountId) ||
      !Number.isInteger(epoch) ||
      typeof claims.jti !== 'string' ||
      !claims.jti
    )
      throw invalid('Malformed token');
    const verified: Verified = {
      claims: Object.freeze({
        userId,
        accountId,
        jti: claims.jti,
        expiresAt: new Date(claims.exp * 1000),
        epoch,
      }),
      exp: claims.exp,
      nbf: typeof claims.nbf === 'number' ? claims.nbf : 0,
    };
    if (this.verified.size >= MAX_VERIFIED) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, verified);
    return verified.claims;
  }
}
