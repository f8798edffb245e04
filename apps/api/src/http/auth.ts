import fastifyCookie from '@fastify/cookie';
import {
  ERRORS,
  missingPermissionError,
  routeAccess,
  type PermissionCode,
  type PlanRoute,
} from '@lavoura/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  clearSessionCookies,
  cookieToken,
  type SessionCookieOptions,
} from '../modules/auth/session-cookies.ts';
import type { SessionService } from '../modules/auth/session.service.ts';
import type { Session, TokenSource } from '../modules/auth/session.types.ts';
import { AppError } from './app-error.ts';

export type { Session } from '../modules/auth/session.types.ts';

/**
 * What a route requires, declared once beside its path: `public`, or a signed-in user with
 * optionally a permission code, the plan route whose access by plan level applies (the same table
 * the web app's guard reads) and/or the platform administrator profile. A route under /api,
 * /admin-api or /payment-api without a declaration fails the start.
 */
type AccessRule =
  | 'public'
  | {
      permission?: PermissionCode;
      planRoute?: PlanRoute;
      platformAdmin?: true;
      /** Public, but with the session when a token comes (reference data read for a farm). */
      optional?: true;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    session: Session | null;
    tokenSource: TokenSource | null;
  }
}

const API_PREFIX = /^\/(api|admin-api|payment-api)(\/|$)/;
const DOCUMENTATION = /^\/api\/(docs|openapi\.json)(\/|$)/;
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AuthOptions extends SessionCookieOptions {
  /** The app's own origin (PUBLIC_URL): besides the request's host, where cookie calls may come from. */
  publicUrl: string;
}

export async function registerAuth(
  app: FastifyInstance,
  sessions: SessionService,
  options: AuthOptions,
): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest('session', null);
  app.decorateRequest('tokenSource', null);
  const publicOrigin = new URL(options.publicUrl).origin;

  app.addHook('onRoute', (route) => {
    if (!API_PREFIX.test(route.url) || DOCUMENTATION.test(route.url)) return;
    if (!route.config?.access)
      throw new Error(`${route.method} ${route.url} declares no access rule`);
  });

  // preValidation, not preHandler: a caller without a valid session or the right is answered
  // 401/403 before their body is validated (a stale token must lead to login, not field errors,
  // and a refused caller learns nothing of a route's schema).
  app.addHook('preValidation', async (request, reply) => {
    const rule = request.routeOptions.config.access;
    if (!rule || rule === 'public') return;
    if (rule.optional && !bearerToken(request) && !cookieToken(request)) return;
    const session = await authenticate(request, reply, sessions, publicOrigin, options);
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

  // A signed-in caller's state-changing call may have changed sessions (logout, password,
  // members, plans, contracts): this process forgets them before answering, so the next call
  // reads them afresh; other processes hear the database's NOTIFY. Public calls (sign-in,
  // sign-up, activation, recovery e-mails) change nothing a session is made of.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!SAFE_METHODS.has(request.method) && request.session)
      sessions.forgetAfterWrite(request.session);
    done(null, payload);
  });
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** The origin a browser says the call comes from: Origin, else the Referer's. */
function callerOrigin(request: FastifyRequest): string | undefined {
  const { origin, referer } = request.headers;
  if (origin) return origin;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

function isOwnOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = callerOrigin(request);
  if (!origin || origin === 'null') return false;
  if (origin === publicOrigin) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionService,
  publicOrigin: string,
  cookieOptions: SessionCookieOptions,
): Promise<Session> {
  // API clients send a Bearer header; the web app's browser sends the httpOnly cookie.
  const bearer = bearerToken(request);
  const token = bearer ?? cookieToken(request);
  if (!token) throw new AppError(ERRORS.tokenNotProvided, 'No bearer token');
  request.tokenSource = bearer ? 'bearer' : 'cookie';
  // A browser attaches cookies to other sites' requests too: a state-changing call carried by
  // the cookie must come from the app's own pages.
  if (request.tokenSource === 'cookie' && !SAFE_METHODS.has(request.method)) {
    if (!isOwnOrigin(request, publicOrigin))
      throw new AppError(ERRORS.csrf, 'Cross-site request refused');
  }
  try {
    return await sessions.authenticate(token);
  } catch (error) {
    // A cookie session that is over is dropped, so the browser stops sending it.
    if (request.tokenSource === 'cookie' && error instanceof AppError && error.status === 401)
      clearSessionCookies(reply, cookieOptions);
    throw error;
  }
}

/** The session of a route that declared a non-public rule. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new Error('sessionOf() on a public route');
  return request.session;
}
