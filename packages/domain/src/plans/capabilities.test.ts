import { describe, expect, it } from 'vitest';
import { PLAN_ROUTES } from '../access/plan-routes.ts';
import { ROUTE_ACCESS_BY_LEVEL, routeAccess } from '../access/route-access.ts';
import { PLAN_PERMISSIONS, permissionsFor } from '../access/permissions.ts';
import { PLAN_LEVELS } from '../reference/plans.ts';
import {
  PLAN_CAPABILITIES,
  PLAN_LEVEL_LIST,
  TOP_PLAN_LEVEL,
  capabilitiesOf,
  dailyUseLimit,
  firstUnlimitedLevel,
  hasContractedArea,
  includedUsers,
  needsContract,
  planFeatures,
  unlocksOf,
} from './capabilities.ts';

/** The routes that only decide buying, which the top plan closes (spec 1 §4). */
const BUYING = ['payment', 'plans'];

describe('the plan table', () => {
  it('has one row per tier, in order, Full at the top', () => {
    expect(PLAN_LEVEL_LIST).toEqual([0, 1, 2, 3, 4]);
    expect(TOP_PLAN_LEVEL).toBe(PLAN_LEVELS.full);
    for (const level of PLAN_LEVEL_LIST) expect(PLAN_CAPABILITIES[level].level).toBe(level);
  });

  it('holds the spec’s quotas: 5 catalogue views a day on Freemium, no limit from Light on', () => {
    expect(dailyUseLimit(PLAN_LEVELS.freemium)).toBe(5);
    for (const level of [1, 2, 3, 4]) expect(dailyUseLimit(level)).toBeNull();
    expect(firstUnlimitedLevel()).toBe(PLAN_LEVELS.light);
  });

  it('gives every paid plan a contract and only Full the contracted area', () => {
    expect(needsContract(PLAN_LEVELS.freemium)).toBe(false);
    for (const level of [1, 2, 3, 4]) expect(needsContract(level)).toBe(true);
    expect(PLAN_LEVEL_LIST.filter(hasContractedArea)).toEqual([PLAN_LEVELS.full]);
  });

  it('never takes away on a higher plan: codes, pages (but buying) and users only grow', () => {
    for (const [index, level] of PLAN_LEVEL_LIST.entries()) {
      if (index === 0) continue;
      const below = PLAN_LEVEL_LIST[index - 1]!;
      for (const code of planFeatures(below)) expect(planFeatures(level).has(code)).toBe(true);
      for (const route of PLAN_ROUTES.filter((r) => !BUYING.includes(r)))
        if (routeAccess(route, below) === 'allowed')
          expect(routeAccess(route, level), `${route} at ${level}`).toBe('allowed');
      expect(includedUsers(level)).toBeGreaterThanOrEqual(includedUsers(below));
    }
  });

  it('is what the permission codes, the route access and the free uses read', () => {
    for (const level of PLAN_LEVEL_LIST) {
      const row = PLAN_CAPABILITIES[level];
      expect([...PLAN_PERMISSIONS[level]!].sort()).toEqual([...row.features].sort());
      for (const route of PLAN_ROUTES) {
        const expected = row.disabledRoutes.includes(route)
          ? 'disabled'
          : row.routes.includes(route)
            ? 'allowed'
            : 'upsell';
        expect(ROUTE_ACCESS_BY_LEVEL[level][route]).toBe(expected);
      }
      expect(dailyUseLimit(level)).toBe(row.quotas.catalogueViewsPerDay);
      // An administrator's codes are the plan's codes: the profile allows everything.
      expect([...permissionsFor({ profile: 'CONTA', planLevel: level })].sort()).toEqual(
        [...row.features].sort(),
      );
    }
  });

  it('opens nothing and includes no code for an unknown level', () => {
    expect(planFeatures(9).size).toBe(0);
    expect(routeAccess('farms', 9)).toBe('disabled');
    expect(dailyUseLimit(9)).toBeNull();
  });
});

describe('what each plan unlocks (the /plans comparison)', () => {
  it('adds up: every page a level opens is unlocked at or below it', () => {
    for (const level of PLAN_LEVEL_LIST) {
      const unlocked = PLAN_LEVEL_LIST.filter((other) => other <= level).flatMap(
        (other) => unlocksOf(other).routes,
      );
      expect([...unlocked].sort()).toEqual([...capabilitiesOf(level).routes].sort());
      for (const route of capabilitiesOf(level).routes)
        expect(routeAccess(route, level)).toBe('allowed');
    }
  });

  it('names what each tier adds: Light lifts the daily limit, Pro the programs, Full the area', () => {
    expect(unlocksOf(0).dailyUses).toBe(5);
    expect(unlocksOf(1)).toMatchObject({ unlimitedUses: true, routes: [], entities: [] });
    expect(unlocksOf(2).routes).toEqual(['comparacao', 'cultivares', 'programas']);
    expect(unlocksOf(2).entities).toContain('PLANEJAMENTO');
    expect(unlocksOf(2)).toMatchObject({ moreUsers: true, users: 10 });
    expect(unlocksOf(3).routes).toEqual(['execucao', 'performance', 'sowings']);
    expect(unlocksOf(4)).toMatchObject({ contractedArea: true, groups: ['dashboards', 'reports'] });
    expect(unlocksOf(3).contractedArea).toBe(false);
  });
});
