import {
  ERRORS,
  UNSUBSCRIBE_KINDS,
  UNSUBSCRIBE_TOKEN_DAYS,
  type UnsubscribeKind,
} from '@lavoura/domain';
import { AppError } from '../../http/app-error.ts';
import { LinkTokens } from '../../lib/link-tokens.ts';

/** The claim that tells an unsubscribe link from a session or digest token. */
const UNSUBSCRIBE_PURPOSE = 'unsubscribe';

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
  private readonly tokens: LinkTokens;

  constructor(secret: string) {
    this.tokens = new LinkTokens(secret, UNSUBSCRIBE_PURPOSE, UNSUBSCRIBE_TOKEN_DAYS, {
      expired: ERRORS.unsubscribeExpiredToken,
      invalid: ERRORS.unsubscribeInvalidToken,
      what: 'unsubscribe link',
    });
  }

  async sign(claims: UnsubscribeClaims, now: Date): Promise<string> {
    const { userId, accountId, kind } = claims;
    return (await this.tokens.sign({ userId, accountId }, now, { kind })).token;
  }

  /** 410 exception.unsubscribe.expired_token when too old, 400 invalid_token otherwise. */
  async verify(token: string, now: Date): Promise<UnsubscribeClaims> {
    const { userId, accountId, payload } = await this.tokens.verify(token, now);
    if (!isKind(payload.kind))
      throw new AppError(ERRORS.unsubscribeInvalidToken, 'Not an unsubscribe link');
    return { userId, accountId, kind: payload.kind };
  }
}
