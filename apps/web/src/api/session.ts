import { useQuery } from '@tanstack/react-query';
import {
  accountEntrySchema,
  activationAnswerSchema,
  logoutAnswerSchema,
  sessionAnswerSchema,
  sessionUserSchema,
  tokenAnswerSchema,
  type AccountEntry,
  type ChangePasswordBody,
  type JobTitleBody,
  type Language,
  type LoginBody,
  type ProfileUpdateBody,
  type RegisterBody,
  type SessionAnswer,
  type SessionUser,
  type TokenAnswer,
} from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';

export type { AccountEntry, SessionAnswer, SessionUser };

/**
 * The calls of sign-in, sessions and one's own account. Query keys start with 'session': they
 * belong to the signed-in user and account, and are dropped with the session.
 */
export const sessionKeys = {
  all: ['session'] as const,
  user: ['session', 'user'] as const,
  permissions: (seasonCropId: number | null) => ['session', 'permissions', seasonCropId] as const,
  accounts: ['session', 'accounts'] as const,
};

const stringList = { parse: (value: unknown): string[] => parseStringList(value) };

function parseStringList(value: unknown): string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new TypeError('expected a list of permission codes');
  }
  return value as string[];
}

// ---- public calls --------------------------------------------------------------------------

export function login(body: LoginBody): Promise<SessionAnswer> {
  return apiFetch('/admin-api/login', {
    method: 'POST',
    json: body,
    anonymous: true,
    schema: sessionAnswerSchema,
  });
}

export function recoverPassword(email: string): Promise<void> {
  return apiFetch('/admin-api/recovery-password', {
    method: 'POST',
    json: { email },
    anonymous: true,
  });
}

/** 201 whether or not the e-mail already had an account: the answer tells nothing more. */
export function register(body: RegisterBody): Promise<void> {
  return apiFetch('/admin-api/register', { method: 'POST', json: body, anonymous: true });
}

export function activateAccount(body: { email: string; code: string }) {
  return apiFetch('/api/account-active', {
    method: 'POST',
    json: body,
    anonymous: true,
    schema: activationAnswerSchema,
  });
}

export function resendActivation(email: string): Promise<void> {
  return apiFetch('/api/account-active/resend', {
    method: 'POST',
    json: { email },
    anonymous: true,
  });
}

// ---- the signed-in user ----------------------------------------------------------------------

/** GET /api/menu/dados-usuario: who is signed in, in which account, on which plan. */
export function useSessionUserQuery(signedIn: boolean) {
  return useQuery({
    queryKey: sessionKeys.user,
    queryFn: ({ signal }) =>
      apiFetch<SessionUser>('/api/menu/dados-usuario', { signal, schema: sessionUserSchema }),
    enabled: signedIn,
  });
}

/**
 * GET /api/permissions: permission codes and the shell's keys. Codes are per season-crop; until
 * the farm selector exists, the API's default (the current season) applies.
 */
export function usePermissionsQuery(enabled: boolean, seasonCropId: number | null = null) {
  return useQuery({
    queryKey: sessionKeys.permissions(seasonCropId),
    queryFn: ({ signal }) =>
      apiFetch<string[]>(
        seasonCropId === null
          ? '/api/permissions'
          : `/api/permissions?season_crop_id=${seasonCropId}`,
        { signal, schema: stringList },
      ),
    enabled,
  });
}

/** GET /api/menu/contas: the accounts the user belongs to, the current one marked. */
export function useAccountsQuery(signedIn: boolean) {
  return useQuery({
    queryKey: sessionKeys.accounts,
    queryFn: ({ signal }) =>
      apiFetch<AccountEntry[]>('/api/menu/contas', { signal, schema: z.array(accountEntrySchema) }),
    enabled: signedIn,
  });
}

export function switchAccount(accountId: number): Promise<SessionAnswer> {
  return apiFetch('/api/menu/alterar-conta', {
    method: 'PUT',
    json: { id: accountId },
    schema: sessionAnswerSchema,
  });
}

export function logout(): Promise<unknown> {
  return apiFetch('/admin-api/logout', { method: 'POST', schema: logoutAnswerSchema });
}

/** A new token, set by the server as the session cookie (the answer's token is for API clients). */
export function refreshToken(): Promise<TokenAnswer> {
  return apiFetch('/admin-api/token-refresh', { method: 'POST', schema: tokenAnswerSchema });
}

export function changePassword(body: ChangePasswordBody): Promise<void> {
  return apiFetch('/admin-api/change-password', { method: 'POST', json: body });
}

export function saveLanguage(language: Language): Promise<void> {
  return apiFetch(`/api/usuarios/idioma/${language}`, { method: 'POST' });
}

export function saveJobTitle(body: JobTitleBody): Promise<void> {
  return apiFetch('/api/job-titles', { method: 'POST', json: body });
}

export function updateProfile(body: ProfileUpdateBody): Promise<SessionUser> {
  return apiFetch('/api/profile', { method: 'PUT', json: body, schema: sessionUserSchema });
}
