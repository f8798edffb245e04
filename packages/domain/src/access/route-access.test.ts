import { describe, expect, it } from 'vitest';
import {
  PLAN_ROUTES,
  ROUTE_ACCESS_BY_LEVEL,
  planRouteOf,
  routeAccess,
  type PlanRoute,
  type RouteAccess,
} from './route-access.ts';

/**
 * Spec 1 §4, written out independently of the table so that a change to the table fails here.
 * Level 3 (Lavoura) is not in the spec: Pro plus sowings, executions and performance.
 */
const BASE: PlanRoute[] = [
  'account/activate',
  'catalog',
  'farms',
  'login',
  'my_farm',
  'notes',
  'payment',
  'plans',
  'field',
  'profile',
];
const UPSELL_BELOW_PRO: PlanRoute[] = [
  'comparacao',
  'cultivares',
  'execucao',
  'integrations',
  'performance',
  'programas',
  'reports/programa',
  'reports/season-report',
  'sowings',
  'users',
];
const PRO_ADDS: PlanRoute[] = ['comparacao', 'cultivares', 'programas'];
const LAVOURA_ADDS: PlanRoute[] = ['sowings', 'execucao', 'performance'];

function expected(level: number, route: PlanRoute): RouteAccess {
  switch (level) {
    case 0:
    case 1:
      return BASE.includes(route) ? 'allowed' : 'upsell';
    case 2:
      return [...BASE, ...PRO_ADDS].includes(route) ? 'allowed' : 'upsell';
    case 3:
      return [...BASE, ...PRO_ADDS, ...LAVOURA_ADDS].includes(route) ? 'allowed' : 'upsell';
    case 4:
      return route === 'payment' || route === 'plans' ? 'disabled' : 'allowed';
    default:
      throw new Error(`no level ${level}`);
  }
}

describe('the plan route table', () => {
  it('has exactly the spec’s twenty routes', () => {
    expect([...PLAN_ROUTES].sort()).toEqual([...BASE, ...UPSELL_BELOW_PRO].sort());
    expect(new Set(PLAN_ROUTES).size).toBe(20);
  });

  it('has a row for every level 0 to 4, each covering every route', () => {
    expect(Object.keys(ROUTE_ACCESS_BY_LEVEL).map(Number).sort()).toEqual([0, 1, 2, 3, 4]);
    for (const table of Object.values(ROUTE_ACCESS_BY_LEVEL))
      expect(Object.keys(table).sort()).toEqual([...PLAN_ROUTES].sort());
  });

  it('matches the spec’s lists for levels 0 and 1 (allowed, then upsell)', () => {
    for (const level of [0, 1]) {
      expect(PLAN_ROUTES.filter((r) => routeAccess(r, level) === 'allowed').sort()).toEqual(
        [...BASE].sort(),
      );
      expect(PLAN_ROUTES.filter((r) => routeAccess(r, level) === 'upsell').sort()).toEqual(
        [...UPSELL_BELOW_PRO].sort(),
      );
    }
  });

  it('level 2 additionally allows comparacao, cultivares and programas; reports, sowings, users stay upsell', () => {
    for (const route of PRO_ADDS) expect(routeAccess(route, 2)).toBe('allowed');
    for (const route of [
      'execucao',
      'integrations',
      'performance',
      'reports/programa',
      'reports/season-report',
      'sowings',
      'users',
    ] as const) {
      expect(routeAccess(route, 2)).toBe('upsell');
    }
  });

  it('level 4 allows everything but disables payment and plans', () => {
    expect(PLAN_ROUTES.filter((r) => routeAccess(r, 4) !== 'allowed').sort()).toEqual([
      'payment',
      'plans',
    ]);
    expect(routeAccess('payment', 4)).toBe('disabled');
    expect(routeAccess('plans', 4)).toBe('disabled');
  });

  it('level 3 is Pro plus sowings, execucao and performance; integrations, reports and users stay upsell', () => {
    for (const route of PLAN_ROUTES) {
      if (LAVOURA_ADDS.includes(route)) expect(routeAccess(route, 3)).toBe('allowed');
      else expect(routeAccess(route, 3)).toBe(routeAccess(route, 2));
    }
  });

  it('never takes a route away on a higher paid level (except Full disabling the purchase pages)', () => {
    const rank = { disabled: 0, upsell: 1, allowed: 2 } as const;
    for (const route of PLAN_ROUTES.filter((r) => r !== 'payment' && r !== 'plans')) {
      for (let level = 1; level <= 4; level += 1) {
        expect(rank[routeAccess(route, level)]).toBeGreaterThanOrEqual(
          rank[routeAccess(route, level - 1)],
        );
      }
    }
  });

  it('disables every route of an unknown level', () => {
    for (const level of [-1, 5, 99])
      for (const route of PLAN_ROUTES) expect(routeAccess(route, level)).toBe('disabled');
  });
});

describe.each([0, 1, 2, 3, 4])('level %i', (level) => {
  it.each(PLAN_ROUTES.map((route) => [route, expected(level, route)] as const))(
    '%s is %s',
    (route, access) => {
      expect(routeAccess(route, level)).toBe(access);
    },
  );
});

describe('planRouteOf', () => {
  it.each([
    ['/', 'my_farm'],
    ['', 'my_farm'],
    ['/my_farm', 'my_farm'],
    ['/users', 'users'],
    ['/users/', 'users'],
    ['users', 'users'],
    ['/sowings/12', 'sowings'],
    ['/programas/new/copy', 'programas'],
    ['/account/activate', 'account/activate'],
    ['/reports/programa', 'reports/programa'],
    ['/reports/season-report/2026', 'reports/season-report'],
    ['/catalog', 'catalog'],
    ['/field', 'field'],
    ['/payment', 'payment'],
  ] as const)('maps %j to %s', (path, route) => {
    expect(planRouteOf(path)).toBe(route);
  });

  it.each([
    '/weekly-digest',
    '/change-password',
    '/dashboard-linkage',
    '/usersx',
    '/reports',
    '/my_farmer',
    '/unknown',
  ])('leaves %s outside the plan table', (path) => {
    expect(planRouteOf(path)).toBeUndefined();
  });
});
