import { useQuery } from '@tanstack/react-query';
import {
  memberSchema,
  type Member,
  type UserCreateBody,
  type UserUpdateBody,
} from '@lavoura/domain';
import { apiFetch } from './http';

export type { Member };

/** The account's users (GET /api/users); account data, so the key starts with 'session'. */
export const userKeys = {
  all: ['session', 'users'] as const,
};

export function useMembers(enabled = true) {
  return useQuery({
    queryKey: userKeys.all,
    queryFn: ({ signal }) =>
      apiFetch<Member[]>('/api/users', { signal, schema: memberSchema.array() }),
    enabled,
  });
}

export function createMember(body: UserCreateBody): Promise<Member> {
  return apiFetch('/api/users', { method: 'POST', json: body, schema: memberSchema });
}

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
