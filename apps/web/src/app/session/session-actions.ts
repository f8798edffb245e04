import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Language } from '@lavoura/domain';
import {
  logout,
  saveLanguage,
  sessionKeys,
  switchAccount,
  type SessionAnswer,
  type SessionUser,
} from '../../api/session';
import { changeLanguage, LANGUAGE_STORAGE_KEY } from '../../lib/i18n';
import { HOME_PATH } from '../guard/navigation-guard';
import { endSession, isSignedIn, resetStores, startSession } from './session-store';

function hasStoredLanguage(): boolean {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/** Account data only: reference lists (crops, countries…) hold nothing of an account. */
function isAccountQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] !== 'reference';
}

/**
 * A sign-in answered: the server has set the session's cookies (the answer's `token` is for API
 * clients and is not kept), the answer's user and accounts seed the cache (the user is loaded
 * again in the background, as the spec's start sequence says), and the first-login flags are kept
 * for the shell's modals. `password` is what the user typed: a forced change reuses it.
 */
function applySessionAnswer(
  queryClient: QueryClient,
  answer: SessionAnswer,
  password: string,
): void {
  startSession({
    mustChangePassword: answer.recovery_password || answer.is_first_login,
    firstLoginFullPlan: answer.is_first_login_full_plan,
    password,
  });
  queryClient.setQueryData<SessionUser>(sessionKeys.user, answer.user);
  queryClient.setQueryData(sessionKeys.accounts, answer.accounts);
}

/**
 * After POST /admin-api/login. The navigation guard then leaves /login on its own (to the page the
 * user wanted, or /my_farm). Someone who never picked a language here gets their profile's.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useCallback(
    (answer: SessionAnswer, password: string) => {
      queryClient.clear();
      applySessionAnswer(queryClient, answer, password);
      if (!hasStoredLanguage()) void changeLanguage(answer.user.language);
    },
    [queryClient],
  );
}

/**
 * Logout: the API call (the server revokes the token and clears its cookies), then the session
 * ends here whatever its outcome; the guard shows /login.
 */
export function useLogout() {
  return useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      // The spec: a failed logout is only logged; the session ends anyway.
      console.warn('Logout failed', error);
    } finally {
      endSession(null);
    }
  }, []);
}

/**
 * The spec's account switch: PUT /api/menu/alterar-conta (the server sets the new account's
 * token cookie), go to /my_farm,
 * reset every store and reload the user and permissions (every account query is reset; those on
 * screen load again with the new token).
 */
export function useSwitchAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (accountId: number) => {
      const answer = await switchAccount(accountId);
      startSession({
        mustChangePassword: answer.recovery_password,
        firstLoginFullPlan: answer.is_first_login_full_plan,
      });
      resetStores();
      await navigate(HOME_PATH);
      const reload = queryClient.resetQueries({
        predicate: (query) => isAccountQuery(query.queryKey),
      });
      queryClient.setQueryData<SessionUser>(sessionKeys.user, answer.user);
      queryClient.setQueryData(sessionKeys.accounts, answer.accounts);
      await reload;
    },
    [navigate, queryClient],
  );
}

/**
 * The language of the interface, also saved as the user's (e-mails, other devices). The interface
 * switches at once; a failed save is only logged.
 */
export function useChangeLanguage() {
  const queryClient = useQueryClient();
  return useCallback(
    async (language: Language) => {
      await changeLanguage(language);
      if (!isSignedIn()) return;
      queryClient.setQueryData<SessionUser>(sessionKeys.user, (user) =>
        user ? { ...user, language } : user,
      );
      try {
        await saveLanguage(language);
      } catch (error) {
        console.warn('Saving the language failed', error);
      }
    },
    [queryClient],
  );
}
