import {
  COUNTRY_IDS,
  ERROR_KEYS,
  TOP_PLAN_LEVEL,
  PROFILE_IDS,
  permissionsFor,
  planRouteOf,
  routeAccess,
  withShellKeys,
  type PlanRoute,
  type ProfileUid,
  type ShellPermissionKey,
} from '@lavoura/domain';
import { FARM_QUERY } from '../farm/farm-query';

/**
 * The navigation guard of the spec (§4), as one pure decision: where a navigation to `pathname`
 * may go, given the session. The steps run in the spec's order:
 *
 * 1. a token in the URL query is removed from the address and ignored (the session is the server's
 *    httpOnly cookie; a token handed over in a link is never adopted);
 * 2. /account/activate and /weekly-digest pass (and /terms, the public terms of use);
 * 3. without a session: /login (the guest pages /login and /signup stay);
 * 4. with a session, a page that is not for signed-in users (/login, /signup) goes to /my_farm,
 *    except paths starting /reports/;
 * 5. the plan: upsell opens the plan presentation for administrators and is refused otherwise;
 *    disabled is refused;
 * 6. the route's permission;
 *    (5 and 6 tell a refusal by profile, which no plan would lift, from a refusal by plan;)
 * 7. /my_farm keeps the fazenda_id of the page the user comes from; /payment is for Brazil only.
 *
 * The API enforces the same rules; this is the user's comfort, never the security.
 */

/** Step 2: pages anyone may open, with or without a session. */
const OPEN_PATHS = ['/account/activate', '/weekly-digest', '/terms'] as const;

/** Pages for someone not signed in: step 3 lets them stay, step 4 sends a session away. */
const GUEST_PATHS = ['/login', '/signup'] as const;

/** Step 6: the spec's route table, path to the shell permission key it requires. */
const ROUTE_PERMISSIONS: Readonly<Record<string, ShellPermissionKey>> = {
  '/farms': 'farm.list',
  '/field': 'plot.view',
  '/sowings': 'sowing.view',
  '/execucao': 'program.list',
  '/cultivares': 'variety.list',
  '/programas': 'planning.list',
  '/catalog': 'catalog.list',
  '/notes': 'note.list',
  '/performance': 'harvest.list',
  '/dashboard-linkage': 'linkage',
  '/users': 'user.list',
};

export const HOME_PATH = '/my_farm';
const LOGIN_PATH = '/login';
const TOKEN_QUERY = 'token';
/** Its `?token=` is the e-mailed digest link's own (modules/digest), never a session. */
const DIGEST_PATH = '/weekly-digest';

/** What the guard needs of the signed-in user (GET /api/menu/dados-usuario). */
export interface GuardUser {
  is_admin: boolean;
  user_profile: { uid: string };
  plan: { priority_level: number };
  account: { country_id: number };
}

export interface GuardLocation {
  pathname: string;
  /** The query string with its leading '?', or ''. */
  search: string;
}

export interface GuardInput extends GuardLocation {
  /** Whether a session exists (the `token_expires_at` cookie). */
  signedIn: boolean;
  /** null while the user is loading. */
  user: GuardUser | null;
  /** null while the permissions are loading. */
  permissions: readonly string[] | null;
  /** The page the navigation comes from (step 7), null on the first page. */
  previous?: GuardLocation | null;
}

export type BlockReason = 'upsell' | 'disabled' | 'permission' | 'country';

export type GuardDecision =
  | { kind: 'allow' }
  /** `from` is where the user wanted to go, for after sign-in. */
  | { kind: 'redirect'; to: string; from?: string }
  /** Steps 5 to 7 need the session's user or permissions, still loading. */
  | { kind: 'wait'; for: 'user' | 'permissions' }
  /** An administrator on a page the plan does not include: the plan presentation opens instead. */
  | { kind: 'upsell'; route?: PlanRoute }
  /** Refused with a translated message (namespace errors). */
  | { kind: 'blocked'; reason: BlockReason; messageKey: string };

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

function matches(pathname: string, bases: readonly string[]): boolean {
  return bases.some((base) => isUnder(pathname, base));
}

/** The permission a path requires (step 6), if any. */
function requiredPermission(pathname: string): ShellPermissionKey | undefined {
  const base = Object.keys(ROUTE_PERMISSIONS).find((path) => isUnder(pathname, path));
  return base ? ROUTE_PERMISSIONS[base] : undefined;
}

/**
 * A refusal by profile: the profile may not open the page on any plan, so only the account
 * administrator can help (a Pro research user opening Users).
 */
export const PROFILE_REFUSED_KEY = ERROR_KEYS.planNoPermission;
/** A refusal by plan, told to someone who cannot change the plan (errors: namespaced key). */
export const PLAN_REFUSED_KEY = 'shell:blocked.plan_refused';

function isProfileUid(uid: string): uid is ProfileUid {
  return Object.hasOwn(PROFILE_IDS, uid);
}

/** Whether the user's profile opens a page needing `permission` on the top plan (all of them). */
function profileAllows(user: GuardUser, permission: ShellPermissionKey): boolean {
  const uid = user.user_profile.uid;
  if (!isProfileUid(uid)) return false;
  const codes = permissionsFor({ profile: uid, planLevel: TOP_PLAN_LEVEL });
  return withShellKeys(codes, uid).includes(permission);
}

/** The plan is the reason: an administrator gets the plans, anyone else is told who can help. */
function planRefusal(user: GuardUser, route?: PlanRoute): GuardDecision {
  if (user.is_admin) return route ? { kind: 'upsell', route } : { kind: 'upsell' };
  return { kind: 'blocked', reason: 'upsell', messageKey: PLAN_REFUSED_KEY };
}

const profileRefusal: GuardDecision = {
  kind: 'blocked',
  reason: 'permission',
  messageKey: PROFILE_REFUSED_KEY,
};

function withoutQuery(location: GuardLocation, name: string): string {
  const params = new URLSearchParams(location.search);
  params.delete(name);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}`;
}

export function decideNavigation(input: GuardInput): GuardDecision {
  const { pathname, search, signedIn, user, permissions } = input;

  // (1) A token in the URL leaves the address bar (history, logs, the Referer) and is ignored.
  // The weekly digest's `token` is not a session: it is the page's access (issue 14), kept.
  if (new URLSearchParams(search).has(TOKEN_QUERY) && !matches(pathname, [DIGEST_PATH])) {
    return { kind: 'redirect', to: withoutQuery(input, TOKEN_QUERY) };
  }

  // (2) Activation and the weekly digest work with or without a session.
  if (matches(pathname, OPEN_PATHS)) return { kind: 'allow' };

  // (3) No session: the sign-in page (guest pages stay where they are).
  const guestPage = matches(pathname, GUEST_PATHS);
  if (!signedIn) {
    if (guestPage) return { kind: 'allow' };
    const wanted = `${pathname}${search}`;
    const from = pathname === '/' || isUnder(pathname, HOME_PATH) ? undefined : wanted;
    return { kind: 'redirect', to: LOGIN_PATH, ...(from ? { from } : {}) };
  }

  // (4) A session has nothing to do on the guest pages. (The /reports/ pages live outside the
  // shell but are signed-in pages, so they are not sent away.)
  if (guestPage) return { kind: 'redirect', to: HOME_PATH };

  // (5) The plan. A page the profile could not open on any plan is refused by profile: offering
  // plans for it would promise what no plan gives.
  const planRoute = planRouteOf(pathname);
  const permission = requiredPermission(pathname);
  if (planRoute) {
    if (!user) return { kind: 'wait', for: 'user' };
    const access = routeAccess(planRoute, user.plan.priority_level);
    if (access === 'upsell') {
      if (permission && !profileAllows(user, permission)) return profileRefusal;
      return planRefusal(user, planRoute);
    }
    if (access === 'disabled') {
      return { kind: 'blocked', reason: 'disabled', messageKey: ERROR_KEYS.actionUnauthorized };
    }
  }

  // (6) The route's permission: missing because of the profile, or because of the plan (the
  // profile has it on the Full plan).
  if (permission) {
    if (!permissions) return { kind: 'wait', for: 'permissions' };
    if (!permissions.includes(permission)) {
      if (!user) return { kind: 'wait', for: 'user' };
      const byPlan = user.plan.priority_level < TOP_PLAN_LEVEL && profileAllows(user, permission);
      return byPlan ? planRefusal(user) : profileRefusal;
    }
  }

  // (7) My farm keeps the farm of the page the user comes from; payment is sold in Brazil only.
  if (isUnder(pathname, HOME_PATH)) {
    const params = new URLSearchParams(search);
    const previousFarm = input.previous
      ? new URLSearchParams(input.previous.search).get(FARM_QUERY)
      : null;
    if (!params.has(FARM_QUERY) && previousFarm) {
      params.set(FARM_QUERY, previousFarm);
      return { kind: 'redirect', to: `${pathname}?${params.toString()}` };
    }
  }
  if (isUnder(pathname, '/payment')) {
    if (!user) return { kind: 'wait', for: 'user' };
    if (user.account.country_id !== COUNTRY_IDS.brazil) {
      return { kind: 'blocked', reason: 'country', messageKey: ERROR_KEYS.actionUnauthorized };
    }
  }

  return { kind: 'allow' };
}

/** A decision that keeps the user where they are (in-app navigation) or shows a notice. */
export function isRefusal(
  decision: GuardDecision,
): decision is Extract<GuardDecision, { kind: 'upsell' | 'blocked' }> {
  return decision.kind === 'upsell' || decision.kind === 'blocked';
}
