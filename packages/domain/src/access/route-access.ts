import { PLAN_LEVELS, type PlanLevel } from '../reference/plans.ts';

/**
 * Route access by plan level, the one table both the web app's navigation guard and the API's
 * authorisation read. Each route is allowed, upsell (shown with an offer to upgrade) or disabled.
 * Levels 0, 1, 2 and 4 are the spec's; level 3 (Lavoura) is ours: Pro plus sowings, executions and
 * performance, with integrations, reports and users still upsell.
 */
export type RouteAccess = 'allowed' | 'upsell' | 'disabled';

export const PLAN_ROUTES = [
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
] as const;
export type PlanRoute = (typeof PLAN_ROUTES)[number];

const BASE_ALLOWED: readonly PlanRoute[] = [
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
const PRO_ADDS: readonly PlanRoute[] = ['comparacao', 'cultivares', 'programas'];
const LAVOURA_ADDS: readonly PlanRoute[] = ['sowings', 'execucao', 'performance'];

function accessTable(allowed: readonly PlanRoute[], disabled: readonly PlanRoute[] = []) {
  return Object.fromEntries(
    PLAN_ROUTES.map((route) => [
      route,
      disabled.includes(route) ? 'disabled' : allowed.includes(route) ? 'allowed' : 'upsell',
    ]),
  ) as Record<PlanRoute, RouteAccess>;
}

export const ROUTE_ACCESS_BY_LEVEL: Record<PlanLevel, Record<PlanRoute, RouteAccess>> = {
  [PLAN_LEVELS.freemium]: accessTable(BASE_ALLOWED),
  [PLAN_LEVELS.light]: accessTable(BASE_ALLOWED),
  [PLAN_LEVELS.pro]: accessTable([...BASE_ALLOWED, ...PRO_ADDS]),
  [PLAN_LEVELS.lavoura]: accessTable([...BASE_ALLOWED, ...PRO_ADDS, ...LAVOURA_ADDS]),
  [PLAN_LEVELS.full]: accessTable(PLAN_ROUTES, ['payment', 'plans']),
};

/** Paths of the web app that are plan-gated, mapped to their entry of the table. */
export function planRouteOf(pathname: string): PlanRoute | undefined {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  if (path === '') return 'my_farm';
  return PLAN_ROUTES.find((route) => path === route || path.startsWith(`${route}/`));
}

export function routeAccess(route: PlanRoute, level: number): RouteAccess {
  const table = ROUTE_ACCESS_BY_LEVEL[level as PlanLevel];
  return table ? table[route] : 'disabled';
}
