import {
  DASHBOARD_CODES,
  ENTITY_ACTIONS,
  PLAN_LEVELS,
  PLAN_PERMISSIONS,
  PLAN_ROUTES,
  REPORT_CODES,
  dailyUseLimit,
  routeAccess,
  type Entity,
  type PlanRoute,
} from '@lavoura/domain';

/**
 * What each plan level unlocks, read from the domain's tables (route access by level, permission
 * codes by plan, the free-usage limit) that the API and the navigation guard also read: nothing
 * about a plan is written here. Texts: namespace plans, `route.*`, `entity.*`, `usage.*`.
 */

/** Routes every level has that are not features (signing in, the profile, buying). */
const NOT_FEATURES: readonly PlanRoute[] = [
  'account/activate',
  'login',
  'payment',
  'plans',
  'profile',
];

/** The plan levels in order. */
export const PLAN_LEVEL_LIST: readonly number[] = Object.values(PLAN_LEVELS).sort((a, b) => a - b);

export type FeatureGroup = 'dashboards' | 'reports';

export interface Capabilities {
  /** Pages the level opens (route table entries). */
  routes: readonly PlanRoute[];
  /** Records the level may work with (entities of the permission codes). */
  entities: readonly Entity[];
  /** Dashboards and reports (standalone permission codes). */
  groups: readonly FeatureGroup[];
  /** Free uses a day, null without a limit. */
  dailyUses: number | null;
}

export function capabilitiesOf(level: number): Capabilities {
  const codes = PLAN_PERMISSIONS[level] ?? new Set<string>();
  const has = (code: string) => (codes as ReadonlySet<string>).has(code);
  return {
    routes: PLAN_ROUTES.filter(
      (route) => !NOT_FEATURES.includes(route) && routeAccess(route, level) === 'allowed',
    ),
    entities: (Object.keys(ENTITY_ACTIONS) as Entity[]).filter((entity) =>
      ENTITY_ACTIONS[entity].some((action) => has(`${entity}_${action}`)),
    ),
    groups: [
      ...(DASHBOARD_CODES.some(has) ? (['dashboards'] as const) : []),
      ...(REPORT_CODES.some(has) ? (['reports'] as const) : []),
    ],
    dailyUses: dailyUseLimit(level),
  };
}

export interface Unlocks extends Capabilities {
  /** The level below, whose capabilities this one includes; null for the first. */
  previous: number | null;
  /** The daily limit is lifted at this level. */
  unlimitedUses: boolean;
}

/** What a level adds to the one below (everything for the first level). */
export function unlocksOf(level: number): Unlocks {
  const index = PLAN_LEVEL_LIST.indexOf(level);
  const previous = index > 0 ? (PLAN_LEVEL_LIST[index - 1] ?? null) : null;
  const mine = capabilitiesOf(level);
  if (previous === null) return { ...mine, previous, unlimitedUses: false };
  const before = capabilitiesOf(previous);
  return {
    routes: mine.routes.filter((route) => !before.routes.includes(route)),
    entities: mine.entities.filter((entity) => !before.entities.includes(entity)),
    groups: mine.groups.filter((group) => !before.groups.includes(group)),
    dailyUses: mine.dailyUses,
    previous,
    unlimitedUses: mine.dailyUses === null && before.dailyUses !== null,
  };
}

/** The text key of a route (route names hold slashes). */
export function routeTextKey(route: PlanRoute): string {
  return `route.${route.replace(/\//g, '_')}`;
}
