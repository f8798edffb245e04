import { useSyncExternalStore } from 'react';
import { whenSessionRejected } from '../../api/http';
import { readSessionExpiry, removeSessionExpiry, writeFirstLoginFullPlan } from './cookies';

/**
 * The client side of the session. The token itself is an httpOnly cookie the app never sees: the
 * browser sends it, the server sets and clears it. The app knows a session exists (and when it
 * ends) from the `token_expires_at` cookie, and keeps what the last sign-in answered that it must
 * act on. Server data of the session (user, permissions, accounts) lives in TanStack Query under
 * keys starting with 'session'. A module-level store, like the maintenance flag: the API client
 * ends the session outside any component.
 */
export interface SessionState {
  /** When the session ends (epoch ms, from `token_expires_at`); null when nobody is signed in. */
  expiresAt: number | null;
  /** The sign-in answer asked for a new password now (first login or a recovery password). */
  mustChangePassword: boolean;
  /** The user closed the job-title question: asked again at a later session. */
  jobTitleDismissed: boolean;
  /** The error key that ended the last session (token expired, revoked…), told once at /login. */
  endReason: string | null;
}

const MUST_CHANGE_PASSWORD_KEY = 'must_change_password';
const JOB_TITLE_DISMISSED_KEY = 'job_title_dismissed';

function readFlag(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

function storeFlag(key: string, value: boolean): void {
  try {
    if (value) window.sessionStorage.setItem(key, 'true');
    else window.sessionStorage.removeItem(key);
  } catch {
    // Not stored: the flag lasts for this page only.
  }
}

function initialState(): SessionState {
  const expiresAt = readSessionExpiry();
  return {
    expiresAt,
    mustChangePassword: expiresAt !== null && readFlag(MUST_CHANGE_PASSWORD_KEY),
    jobTitleDismissed: expiresAt !== null && readFlag(JOB_TITLE_DISMISSED_KEY),
    endReason: null,
  };
}

let state: SessionState = initialState();
/**
 * The password typed at the sign-in that asked for a new one: the forced change sends it as the
 * current password instead of asking for it again. Memory only, never stored; gone on reload.
 */
let signInPassword: string | null = null;
const listeners = new Set<() => void>();

function setState(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function getSessionState(): SessionState {
  return state;
}

/** Whether someone is signed in: the server's session exists and has not ended yet. */
export function isSignedIn(): boolean {
  return state.expiresAt !== null && state.expiresAt > Date.now();
}

function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}

/**
 * Whether someone is signed in, re-rendering when that changes. A session that ends while the app
 * is open is found out by the next call (401 ends it).
 */
export function useSignedInState(): boolean {
  return useSessionState().expiresAt !== null;
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
  mustChangePassword?: boolean;
  /** The sign-in answer's is_first_login_full_plan: the full-access welcome is still to be shown. */
  firstLoginFullPlan?: boolean;
  /** The password just typed, kept in memory when a new one is asked for at once. */
  password?: string;
}

/**
 * A sign-in or account switch answered: the server has set the session's cookies; the app reads
 * when the session ends and keeps what it must act on.
 */
export function startSession({
  mustChangePassword,
  firstLoginFullPlan,
  password,
}: SessionStart = {}): void {
  if (firstLoginFullPlan !== undefined) writeFirstLoginFullPlan(firstLoginFullPlan);
  const must = mustChangePassword ?? state.mustChangePassword;
  storeFlag(MUST_CHANGE_PASSWORD_KEY, must);
  const fresh = password !== undefined;
  if (fresh) {
    // A new sign-in: the job title is asked again, and only this sign-in's password is kept.
    storeFlag(JOB_TITLE_DISMISSED_KEY, false);
    signInPassword = must ? password : null;
  }
  setState({
    expiresAt: readSessionExpiry(),
    mustChangePassword: must,
    ...(fresh ? { jobTitleDismissed: false } : {}),
    endReason: null,
  });
}

/** The server renewed the token (token refresh): the session now ends later. */
export function sessionRenewed(): void {
  const expiresAt = readSessionExpiry();
  if (expiresAt !== null) setState({ expiresAt });
}

/** The password typed at sign-in, while a forced change may still use it (memory only). */
export function getSignInPassword(): string | null {
  return signInPassword;
}

/** The new password is set: no more forcing, and the old one is forgotten. */
export function passwordChanged(): void {
  signInPassword = null;
  storeFlag(MUST_CHANGE_PASSWORD_KEY, false);
  setState({ mustChangePassword: false });
}

/** The job-title question was closed: not asked again until the next sign-in. */
export function dismissJobTitle(): void {
  storeFlag(JOB_TITLE_DISMISSED_KEY, true);
  setState({ jobTitleDismissed: true });
}

/**
 * The session is over (logout, 401): what the app knows of it is removed whatever happens next
 * (the server clears its cookies; `token_expires_at` also goes here in case its answer never
 * came), every store is reset and the query cache cleared. The guard then shows /login.
 */
export function endSession(reason: string | null = null): void {
  removeSessionExpiry();
  writeFirstLoginFullPlan(false);
  storeFlag(MUST_CHANGE_PASSWORD_KEY, false);
  storeFlag(JOB_TITLE_DISMISSED_KEY, false);
  signInPassword = null;
  const hadSession = state.expiresAt !== null;
  setState({
    expiresAt: null,
    mustChangePassword: false,
    jobTitleDismissed: false,
    endReason: hadSession ? reason : null,
  });
  resetStores();
  for (const listener of sessionEndListeners) listener();
}

// A 401 on a call that needed the session ends it, with the API's key as the reason told at /login.
whenSessionRejected(endSession);

/** The login page has told the reason (the user closed the notice or signed in again). */
export function clearEndReason(): void {
  if (state.endReason !== null) setState({ endReason: null });
}

/** Tests start each case signed out with nothing registered from a previous render. */
export function resetSessionForTests(): void {
  removeSessionExpiry();
  writeFirstLoginFullPlan(false);
  storeFlag(MUST_CHANGE_PASSWORD_KEY, false);
  storeFlag(JOB_TITLE_DISMISSED_KEY, false);
  signInPassword = null;
  state = initialState();
}
