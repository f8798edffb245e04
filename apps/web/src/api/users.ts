import { useQuery } from '@tanstack/react-query';
import {
  invitationSchema,
  memberSchema,
  type Invitation,
  type Member,
  type UserCreateBody,
  type UserUpdateBody,
} from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';

export type { Invitation, Member };

/**
 * The account's users (GET /api/users) and the signed-in person's invitations: session data, so
 * the keys start with 'session'.
 */
export const userKeys = {
  all: ['session', 'users'] as const,
  invitations: ['session', 'invitations'] as const,
};

export function useMembers(enabled = true) {
  return useQuery({
    queryKey: userKeys.all,
    queryFn: ({ signal }) =>
      apiFetch<Member[]>('/api/users', { signal, schema: z.array(memberSchema) }),
    enabled,
  });
}

/**
 * POST /api/users. The e-mail of a person who already uses Lavoura answers an invitation
 * (`invited: true`) instead of a new user.
 */
export function createMember(body: UserCreateBody): Promise<Member> {
  return apiFetch('/api/users', { method: 'POST', json: body, schema: memberSchema });
}

/** An administrator changes the membership only: profile, farms, job title. */
export function updateMember(id: number, body: UserUpdateBody): Promise<Member> {
  return apiFetch(`/api/users/${id}`, { method: 'PUT', json: body, schema: memberSchema });
}

export function deleteMember(id: number): Promise<void> {
  return apiFetch(`/api/users/${id}`, { method: 'DELETE' });
}

export function setMemberActive(id: number, active: boolean): Promise<Member> {
  return apiFetch(`/api/users/${id}/active`, {
    method: 'PUT',
    json: { active },
    schema: memberSchema,
  });
}

/** GET /api/invitations: accounts waiting for the signed-in person to join them. */
export function useInvitations(enabled: boolean) {
  return useQuery({
    queryKey: userKeys.invitations,
    queryFn: ({ signal }) =>
      apiFetch<Invitation[]>('/api/invitations', { signal, schema: z.array(invitationSchema) }),
    enabled,
  });
}

/** Accept (the account joins one's accounts) or decline (the invitation is gone). */
export function answerInvitation(accountId: number, accept: boolean): Promise<void> {
  return apiFetch(`/api/invitations/${accountId}`, { method: 'PUT', json: { accept } });
}
