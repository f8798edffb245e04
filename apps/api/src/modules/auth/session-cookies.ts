import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { TOKEN_LIFETIME_SECONDS } from './tokens.ts';

/**
 * The web app's session lives in cookies, never where page scripts can read the token:
 * `token` (httpOnly; Secure in production) and `token_expires_at` (unix seconds, readable, no
 * secret: the app schedules its refresh by it). API clients keep sending `Authorization: Bearer`.
 */
const TOKEN_COOKIE = 'token';
const TOKEN_EXPIRES_COOKIE = 'token_expires_at';

export interface SessionCookieOptions {
  /** Secure cookies (https only): a production deployment. */
  secure: boolean;
}

export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  options: SessionCookieOptions,
): void {
  const common = {
    path: '/',
    sameSite: 'lax',
    maxAge: TOKEN_LIFETIME_SECONDS,
    secure: options.secure,
  } as const;
  const expiresAt = decodeJwt(token).exp ?? Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_SECONDS;
  reply.setCookie(TOKEN_COOKIE, token, { ...common, httpOnly: true });
  reply.setCookie(TOKEN_EXPIRES_COOKIE, String(expiresAt), common);
}

export function clearSessionCookies(reply: FastifyReply, options: SessionCookieOptions): void {
  const common = { path: '/', sameSite: 'lax', secure: options.secure } as const;
  reply.clearCookie(TOKEN_COOKIE, { ...common, httpOnly: true });
  reply.clearCookie(TOKEN_EXPIRES_COOKIE, common);
}

export function cookieToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[TOKEN_COOKIE];
  return token ? token : undefined;
}
