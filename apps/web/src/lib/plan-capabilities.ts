import type { PlanRoute } from '@lavoura/domain';

/**
 * What each plan level unlocks is read from the domain's plan table (capabilitiesOf, unlocksOf in
 * packages/domain/src/plans/capabilities.ts), which the API and the navigation guard also read.
 * Texts: namespace plans, `route.*`, `entity.*`, `usage.*`, `quota.*`.
 */

/** The text key of a route (route names hold slashes). */
export function routeTextKey(route: PlanRoute): string {
  return `route.${route.replace(/\//g, '_')}`;
}
