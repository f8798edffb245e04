import { describe, expect, it } from 'vitest';
import { farmScope } from './member-access.ts';
import { permissionsFor } from './permissions.ts';
import { recordAccess, refusalOf, type RecordActor } from './record-access.ts';

const FULL = 4;
function actor(
  profile: 'CONTA' | 'ASSISTENTE_TECNICO' | 'FARM',
  farms = farmScope(true, []),
): RecordActor {
  const codes = new Set(permissionsFor({ profile, planLevel: FULL }));
  return { planLevel: FULL, farms, can: (code) => codes.has(code) };
}

describe('record policies (issue 29 item 2)', () => {
  it("lets an account's administrator change a sowing of the current season, not of a past one", () => {
    const admin = actor('CONTA');
    expect(recordAccess(admin, 'sowing', { farmId: 1, currentSeason: true })).toEqual({
      read: true,
      create: true,
      change: true,
      delete: true,
    });
    expect(recordAccess(admin, 'sowing', { farmId: 1, currentSeason: false })).toEqual({
      read: true,
      create: false,
      change: false,
      delete: false,
    });
    expect(refusalOf(admin, 'spraying', { farmId: 1, currentSeason: false })).toBe('pastSeason');
    // A farm is no season record, and a harvest is entered after its season: neither closes.
    expect(recordAccess(admin, 'farm', { farmId: 1, currentSeason: false }).change).toBe(true);
    expect(recordAccess(admin, 'harvest', { farmId: 1, currentSeason: false }).create).toBe(true);
  });

  it('hides every record of a farm the member is not assigned to, as not found', () => {
    const member = actor('FARM', farmScope(false, [2]));
    expect(recordAccess(member, 'note', { farmId: 1 })).toEqual({
      read: false,
      create: false,
      change: false,
      delete: false,
    });
    expect(refusalOf(member, 'note', { farmId: 1 })).toBe('notFound');
    expect(recordAccess(member, 'note', { farmId: 2 }).read).toBe(true);
  });

  it('lets an observer read and change nothing', () => {
    const observer = actor('ASSISTENTE_TECNICO');
    const access = recordAccess(observer, 'program', { farmId: 1, currentSeason: true });
    expect(access.read).toBe(true);
    expect([access.create, access.change, access.delete]).toEqual([false, false, false]);
    expect(refusalOf(observer, 'program', { farmId: 1, currentSeason: false })).toBe('permission');
  });

  it('follows the plan: a Basic account reads no spray program', () => {
    const codes = new Set(permissionsFor({ profile: 'CONTA', planLevel: 1 }));
    const basic: RecordActor = {
      planLevel: 1,
      farms: farmScope(true, []),
      can: (c) => codes.has(c),
    };
    expect(recordAccess(basic, 'program', { farmId: 1 }).read).toBe(false);
    expect(recordAccess(basic, 'farm', { farmId: 1 }).read).toBe(true);
  });
});
