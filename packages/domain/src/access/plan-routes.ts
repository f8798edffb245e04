/**
 * The plan-gated routes of the web app (spec 1 §4). What each plan level makes of them (allowed,
 * upsell or disabled) is in plans/capabilities.ts.
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

/** Paths of the web app that are plan-gated, mapped to their entry of the table. */
export function planRouteOf(pathname: string): PlanRoute | undefined {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  if (path === '') return 'my_farm';
  return PLAN_ROUTES.find((route) => path === route || path.startsWith(`${route}/`));
}
