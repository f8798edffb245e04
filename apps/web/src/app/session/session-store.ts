import { useSyncExternalStore } from 'react';
import {
  readTokenCookie,
  removeTokenCookie,
  writeFirstLoginFullPlan,
  writeTokenCookie,
} from './cookies';

/**
 * The client side of the session: the token (mirrored in the `token` cookie) and what the last
 * sign-in answered that the app must act on. Server data of the session (user, permissions,
 * accounts) lives in TanStack Query under keys starting with 'session'. A module-level store, like
 * the maintenance flag: the API client reads and ends the session outside any component.
 */
export interface SessionState {
  token: string | null;
  /** The sign-in answer asked for a new password now (first login or a recovery password). */
  mustChangePassword: boolean;
  /** The error key that ended the last session (token expired, revoked…), told once at /login. */
  endReason: string | null;
}

const MUST_CHANGE_PASSWORD_KEY = 'must_change_password';

function readMustChangePassword(): boolean {
  try {
    return window.sessionStorage.getItem(MUST_CHANGE_PASSWORD_KEY) === 'true';
  } catch {
    return false;
  }
}

function storeMustChangePassword(value: boolean): void {
  try {
    if (value) window.sessionStorage.setItem(MUST_CHANGE_PASSWORD_KEY, 'true');
    else window.sessionStorage.removeItem(MUST_CHANGE_PASSWORD_KEY);
  } catch {
    // Not stored: the forced change lasts for this page only.
  }
}

function initialState(): SessionState {
  const token = readTokenCookie();
  return { token, mustChangePassword: !!token && readMustChangePassword(), endReason: null };
}

let state: SessionState = initialState();
const listeners = new Set<() => void>();

function setState(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function getSessionState(): SessionState {
  return state;
}

/** The bearer token the API client sends, or null when nobody is signed in. */
export function getSessionToken(): string | null {
  return state.token;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}

export function useSessionToken(): string | null {
  return useSessionState().token;
}

// ---- resets ------------------------------------------------------------------------------------

const storeResets = new Set<() => void>();
const sessionEndListeners = new Set<() => void>();

/** A client-side store (farm selection, shell state…) registers how to forget the session. */
export function registerStoreReset(reset: () => void): () => void {
  storeResets.add(reset);
  return () => storeResets.delete(reset);
}

/** Every registered store back to its initial state (account switch, logout, 401). */
export function resetStores(): void {
  for (const reset of storeResets) reset();
}

/** Called when the session ends; the app clears its query cache here. */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

// ---- transitions -------------------------------------------------------------------------------

export interface SessionStart {
  token: string;
  mustChangePassword?: boolean;
  /** The sign-in answer's is_first_login_full_plan: the full-access welcome is still to be shown. */
  firstLoginFullPlan?: boolean;
}

/** A sign-in or account switch answered: keep the token (cookie, one day) and what to act on. */
export function startSession({
  token,
  mustChangePassword,
  firstLoginFullPlan,
}: SessionStart): void {
  writeTokenCookie(token);
  if (firstLoginFullPlan !== undefined) writeFirstLoginFullPlan(firstLoginFullPlan);
  const must = mustChangePassword ?? state.mustChangePassword;
  storeMustChangePassword(must);
  setState({ token, mustChangePassword: must, endReason: null });
}

/** A new token for the same session (token refresh, a token handed over in the URL). */
export function replaceToken(token: string): void {
  writeTokenCookie(token);
  setState({ token });
}

/** The new password is set: no more forcing. */
export function passwordChanged(): void {
  storeMustChangePassword(false);
  setState({ mustChangePassword: false });
}

/**
 * The session is over (logout, 401): the token is removed whatever happens next, every store is
 * reset and the query cache cleared. The navigation guard then sends the user to /login.
 */
export function endSession(reason: string | null = null): void {
  removeTokenCookie();
  writeFirstLoginFullPlan(false);
  storeMustChangePassword(false);
  const hadSession = state.token !== null;
  setState({ token: null, mustChangePassword: false, endReason: hadSession ? reason : null });
  resetStores();
  for (const listener of sessionEndListeners) listener();
}

/** The login page has told the reason (the user closed the notice or signed in again). */
export function clearEndReason(): void {
  if (state.endReason !== null) setState({ endReason: null });
}

/** Tests start each case signed out with nothing registered from a previous render. */
export function resetSessionForTests(): void {
  removeTokenCookie();
  writeFirstLoginFullPlan(false);
  storeMustChangePassword(false);
  state = initialState();
}
