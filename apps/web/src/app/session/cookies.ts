/**
 * The session lives in cookies, as the spec says: `token` (the API's JWT, one day) and
 * `first_login_full_plan` (the full-access welcome is still to be shown). Both are readable by the
 * app (not httpOnly): the app sends the token itself as a bearer header.
 */
export const TOKEN_COOKIE = 'token';
export const FIRST_LOGIN_FULL_PLAN_COOKIE = 'first_login_full_plan';

/** The spec's token cookie lifetime: one day. */
export const TOKEN_MAX_AGE_SECONDS = 24 * 60 * 60;

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

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}

export function readTokenCookie(): string | null {
  const token = readCookie(TOKEN_COOKIE);
  return token ? token : null;
}

export function writeTokenCookie(token: string): void {
  writeCookie(TOKEN_COOKIE, token, TOKEN_MAX_AGE_SECONDS);
}

export function removeTokenCookie(): void {
  removeCookie(TOKEN_COOKIE);
}

export function readFirstLoginFullPlan(): boolean {
  return readCookie(FIRST_LOGIN_FULL_PLAN_COOKIE) === 'true';
}

export function writeFirstLoginFullPlan(value: boolean): void {
  if (value) writeCookie(FIRST_LOGIN_FULL_PLAN_COOKIE, 'true', TOKEN_MAX_AGE_SECONDS);
  else removeCookie(FIRST_LOGIN_FULL_PLAN_COOKIE);
}

/** When a JWT stops being accepted (its `exp`), or null when it cannot be read. */
export function tokenExpiresAt(token: string): Date | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp: unknown = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? new Date(exp * 1000) : null;
  } catch {
    return null;
  }
}
