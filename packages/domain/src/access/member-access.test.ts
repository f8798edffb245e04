import { describe, expect, it } from 'vitest';
import { farmScope, mayReadFarm, memberAccess } from './member-access.ts';
import { permissionsFor } from './permissions.ts';
import type { ProfileUid } from '../reference/profiles.ts';

const actor = (profile: ProfileUid, planLevel: number, userId = 1) => {
  const codes = new Set(permissionsFor({ profile, planLevel }));
  return { userId, planLevel, can: (code: Parameters<typeof codes.has>[0]) => codes.has(code) };
};

describe('what a member may do with a member of their account', () => {
  it('lets a Full administrator manage others but never deactivate or remove themself', () => {
    expect(memberAccess(actor('CONTA', 4), { userId: 2 })).toMatchObject({
      manage: true,
      activate: true,
      remove: true,
      editPerson: false,
    });
    expect(memberAccess(actor('CONTA', 4), { userId: 1 })).toMatchObject({
      manage: true,
      activate: false,
      remove: false,
      editPerson: true,
    });
  });

  it('leaves a person’s own data (name, phones, language) to that person only', () => {
    for (const profile of ['CONTA', 'FARM', 'ASSISTENTE_TECNICO'] as const) {
      expect(memberAccess(actor(profile, 4), { userId: 2 }).editPerson).toBe(false);
      expect(memberAccess(actor(profile, 4), { userId: 1 }).editPerson).toBe(true);
    }
  });

  it('gives no user management where the plan does not include users, whatever the profile', () => {
    expect(memberAccess(actor('CONTA', 2), { userId: 2 })).toMatchObject({
      read: false,
      manage: false,
      remove: false,
    });
    // One's own job title and phones stay one's own on every plan.
    expect(memberAccess(actor('CONTA', 2), { userId: 1 })).toMatchObject({
      read: true,
      setJobTitle: true,
      readPhones: true,
    });
  });
});

describe('the farms a member sees', () => {
  it('is every farm for an administrator profile and the assigned ones for the others', () => {
    expect(mayReadFarm(farmScope(true, []), 7)).toBe(true);
    expect(mayReadFarm(farmScope(false, [3]), 3)).toBe(true);
    expect(mayReadFarm(farmScope(false, [3]), 7)).toBe(false);
  });
});
