import { PLAN_CAPABILITIES, planRouteAccess } from '../plans/capabilities.ts';
import type { PlanLevel } from '../reference/plans.ts';
import { PLAN_ROUTES, type PlanRoute, type RouteAccess } from './plan-routes.ts';

export * from './plan-routes.ts';

/**
 * Route access by plan level, the one view both the web app's navigation guard and the API's
 * authorisation read, derived from the plan table (plans/capabilities.ts). Each route is allowed,
 * upsell (shown with an offer to upgrade) or disabled.
 */
export const ROUTE_ACCESS_BY_LEVEL = Object.fromEntries(
  Object.keys(PLAN_CAPABILITIES).map((level) => [
    level,
    Object.fromEntries(PLAN_ROUTES.map((route) => [route, planRouteAccess(route, Number(level))])),
  ]),
) as Readonly<Record<PlanLevel, Readonly<Record<PlanRoute, RouteAccess>>>>;

export function routeAccess(route: PlanRoute, level: number): RouteAccess {
  return planRouteAccess(route, level);
}
