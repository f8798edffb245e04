import type { FarmScope, PermissionCode, ProfileUid } from '@lavoura/domain';
import type { TokenClaims } from './tokens.ts';

/** The signed-in member behind a request: the account always comes from the token. */
export interface Session {
  userId: number;
  accountId: number;
  /** The account's country: its calendar days, currency and what it may buy. */
  accountCountryId: number;
  membershipId: number;
  profile: ProfileUid;
  planLevel: number;
  allFarms: boolean;
  /** The farms the member sees: every farm of the account, or those assigned to them. */
  farms: FarmScope;
  token: TokenClaims;
  permissions: ReadonlySet<PermissionCode>;
}

/** How the request carried its token: API clients send a Bearer header, the web app a cookie. */
export type TokenSource = 'bearer' | 'cookie';
