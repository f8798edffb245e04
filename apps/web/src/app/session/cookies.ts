/**
 * The session's cookies. The server sets `token` (the JWT) httpOnly, so page scripts can never
 * read it, and beside it `token_expires_at` (unix seconds, no secret): the app's only sign that a
 * session exists and when it ends. `first_login_full_plan` (the full-access welcome is still to be
 * shown) is the app's own, as the spec says.
 */
export const TOKEN_EXPIRES_AT_COOKIE = 'token_expires_at';
const FIRST_LOGIN_FULL_PLAN_COOKIE = 'first_login_full_plan';

/** The spec's session lifetime: one day. */
export const SESSION_MAX_AGE_SECONDS = 24 * 60 * 60;

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) {
      try {
        return decodeURIComponent(entry.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

function removeCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** When the server's session ends (epoch ms), or null when there is none or it has ended. */
export function readSessionExpiry(now = Date.now()): number | null {
  const value = readCookie(TOKEN_EXPIRES_AT_COOKIE);
  if (!value || !/^\d+$/.test(value)) return null;
  const expiresAt = Number(value) * 1000;
  return expiresAt > now ? expiresAt : null;
}

/** The server clears it on logout; this covers a logout call that never arrived. */
export function removeSessionExpiry(): void {
  removeCookie(TOKEN_EXPIRES_AT_COOKIE);
}

export function readFirstLoginFullPlan(): boolean {
  return readCookie(FIRST_LOGIN_FULL_PLAN_COOKIE) === 'true';
}

export function writeFirstLoginFullPlan(value: boolean): void {
  if (value) writeCookie(FIRST_LOGIN_FULL_PLAN_COOKIE, 'true', SESSION_MAX_AGE_SECONDS);
  else removeCookie(FIRST_LOGIN_FULL_PLAN_COOKIE);
}
