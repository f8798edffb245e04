import {
  ERRORS,
  missingPermissionError,
  permissionsFor,
  routeAccess,
  type PermissionCode,
  type PlanRoute,
  type ProfileUid,
} from '@lavoura/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { contractProblem } from '../modules/auth/session.service.ts';
import type { ReferenceService } from '../modules/reference/reference.service.ts';
import type { TokenClaims, TokenSigner } from '../modules/auth/tokens.ts';
import { AppError } from './app-error.ts';

/**
 * What a route requires, declared once beside its path: `public`, or a signed-in user with
 * optionally a permission code, the plan route whose access by plan level applies (the same table
 * the web app's guard reads) and/or the platform administrator profile. A route under /api,
 * /admin-api or /payment-api without a declaration fails the start.
 */
export type AccessRule =
  'public' | { permission?: PermissionCode; planRoute?: PlanRoute; platformAdmin?: true };

/** The signed-in member behind a request: the account always comes from the token. */
export interface Session {
  userId: number;
  accountId: number;
  membershipId: number;
  profile: ProfileUid;
  planLevel: number;
  allFarms: boolean;
  token: TokenClaims;
  permissions: ReadonlySet<PermissionCode>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

const API_PREFIX = /^\/(api|admin-api|payment-api)(\/|$)/;
const DOCUMENTATION = /^\/api\/(docs|openapi\.json)(\/|$)/;

export function registerAuth(
  app: FastifyInstance,
  db: Database,
  signer: TokenSigner,
  reference: ReferenceService,
): void {
  app.decorateRequest('session', null);

  app.addHook('onRoute', (route) => {
    if (!API_PREFIX.test(route.url) || DOCUMENTATION.test(route.url)) return;
    if (!route.config?.access)
      throw new Error(`${route.method} ${route.url} declares no access rule`);
  });

  // preValidation, not preHandler: a caller without a valid session or the right is answered
  // 401/403 before their body is validated (a stale token must lead to login, not field errors,
  // and a refused caller learns nothing of a route's schema).
  app.addHook('preValidation', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule || rule === 'public') return;
    const session = await authenticate(request, db, signer, reference);
    request.session = session;
    if (rule.platformAdmin && session.profile !== 'ADMIN') {
      throw new AppError(ERRORS.actionUnauthorized, 'Platform administrators only');
    }
    if (rule.planRoute && routeAccess(rule.planRoute, session.planLevel) !== 'allowed') {
      throw new AppError(
        missingPermissionError(session.planLevel),
        `Plan does not include ${rule.planRoute}`,
      );
    }
    if (rule.permission && !session.permissions.has(rule.permission)) {
      throw new AppError(
        missingPermissionError(session.planLevel),
        `User has no permission: ${rule.permission}`,
      );
    }
  });
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

async function authenticate(
  request: FastifyRequest,
  db: Database,
  signer: TokenSigner,
  reference: ReferenceService,
): Promise<Session> {
  const token = bearerToken(request);
  if (!token) throw new AppError(ERRORS.tokenNotProvided, 'No bearer token');
  const claims = await signer.verify(token);
  // One round trip: the membership behind the token, and whether the token was revoked.
  // Profiles and plans are reference data, read from memory.
  const [member] = await db
    .select({
      membershipId: t.memberships.id,
      membershipActive: t.memberships.active,
      profileId: t.memberships.profileId,
      planId: t.accounts.planId,
      revoked: t.revokedTokens.jti,
      account: {
        internal: t.accounts.internal,
        contractStart: t.accounts.contractStart,
        countryId: t.accounts.countryId,
      },
    })
    .from(t.memberships)
    .innerJoin(t.accounts, eq(t.accounts.id, t.memberships.accountId))
    .leftJoin(t.revokedTokens, eq(t.revokedTokens.jti, claims.jti))
    .where(
      and(eq(t.memberships.userId, claims.userId), eq(t.memberships.accountId, claims.accountId)),
    );
  if (member?.revoked) throw new AppError(ERRORS.invalidToken, 'Token revoked');
  if (!member) throw new AppError(ERRORS.invalidToken, 'No such membership');
  if (!member.membershipActive)
    throw new AppError(ERRORS.sessionUserInactive, 'Member deactivated');
  // A contract the back office moved or removed ends the session at once, with login's reason.
  const profileRow = reference.list.profiles.find((p) => p.id === member.profileId);
  const plan = reference.list.plans.find((p) => p.id === member.planId);
  if (!profileRow || !plan) throw new Error('membership with an unknown profile or plan');
  const planLevel = plan.priority_level;
  const contract = contractProblem(member.account, planLevel, new Date(), 'session');
  if (contract) throw contract;

  const profile = profileRow.uid as ProfileUid;
  return {
    userId: claims.userId,
    accountId: claims.accountId,
    membershipId: member.membershipId,
    profile,
    planLevel,
    allFarms: profileRow.all_farms,
    token: claims,
    permissions: new Set(permissionsFor({ profile, planLevel })),
  };
}

/** The session of a route that declared a non-public rule. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new Error('sessionOf() on a public route');
  return request.session;
}
