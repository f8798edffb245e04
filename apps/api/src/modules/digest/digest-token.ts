import { DIGEST_TOKEN_DAYS, ERRORS } from '@lavoura/domain';
import { LinkTokens } from '../../lib/link-tokens.ts';

/** The claim that tells a digest link from a session token (which has no `purpose`). */
const DIGEST_PURPOSE = 'weekly-digest';

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
  private readonly tokens: LinkTokens;

  constructor(secret: string) {
    this.tokens = new LinkTokens(secret, DIGEST_PURPOSE, DIGEST_TOKEN_DAYS, {
      expired: ERRORS.digestExpiredToken,
      invalid: ERRORS.digestInvalidToken,
      what: 'digest link',
    });
  }

  sign(userId: number, accountId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
    return this.tokens.sign({ userId, accountId }, now);
  }

  /** 401 exception.digest.expired_token after 14 days, exception.digest.invalid_token otherwise. */
  async verify(token: string, now: Date): Promise<DigestClaims> {
    const { userId, accountId, issuedAt, expiresAt } = await this.tokens.verify(token, now);
    return { userId, accountId, issuedAt, expiresAt };
  }
}
