import {
  ALL_PERMISSION_CODES,
  DASHBOARD_CODES,
  ENTITY_ACTIONS,
  REPORT_CODES,
  entityCodes,
  type Entity,
  type PermissionCode,
} from '../access/permission-codes.ts';
import { PLAN_ROUTES, type PlanRoute, type RouteAccess } from '../access/plan-routes.ts';
import { PLAN_LEVELS, type PlanLevel } from '../reference/plans.ts';

/**
 * What each plan tier allows: the one table of plan rules. The permission codes by plan
 * (access/permissions.ts), the route access by level (access/route-access.ts), the free-usage
 * limit (plans/free-usage.ts), the users an account may have, the contract and contracted-area
 * rules, the web app's navigation guard and the /plans comparison are all read from here.
 * Levels 0, 1, 2 and 4 are the spec's (1 §4, §9); level 3 (Lavoura) is ours: Pro plus sowings,
 * executions and harvests. The user quotas are ours too (spec 1 §9 leaves them per account).
 */
interface PlanQuotas {
  /** Catalogue product views a day, the free uses of /api/freemium; null without a limit. */
  catalogueViewsPerDay: number | null;
  /**
   * Users (active members and pending invitations) an account on this plan may have: its
   * max_users starts here and is raised to it when the plan rises; the back office may grant more.
   */
  users: number;
}

export interface TierCapabilities {
  level: PlanLevel;
  /** Pages the plan opens; every other plan route is offered as an upsell unless disabled. */
  routes: readonly PlanRoute[];
  /** Pages the plan closes without an offer (Full has nothing left to buy). */
  disabledRoutes: readonly PlanRoute[];
  /** The permission codes the plan includes; a user also needs each from their profile. */
  features: readonly PermissionCode[];
  quotas: PlanQuotas;
  /** Entering the account needs a started contract (every paid plan). */
  needsContract: boolean;
  /** Plots count against an area contracted per season (spec 1 §9: Full). */
  contractedArea: boolean;
}

const FREEMIUM: TierCapabilities = {
  level: PLAN_LEVELS.freemium,
  routes: [
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
  ],
  disabledRoutes: [],
  features: [...entityCodes(['FAZENDA', 'TALHAO', 'NOTE']), 'CATALOG_LISTAR'],
  quotas: { catalogueViewsPerDay: 5, users: 5 },
  needsContract: false,
  contractedArea: false,
};

// Light: the catalogue without a daily limit (spec 1 §9).
const LIGHT: TierCapabilities = {
  ...FREEMIUM,
  level: PLAN_LEVELS.light,
  quotas: { catalogueViewsPerDay: null, users: 5 },
  needsContract: true,
};

// Pro: planning the season's applications (spec 1 §9), its varieties and inputs.
const PRO: TierCapabilities = {
  ...LIGHT,
  level: PLAN_LEVELS.pro,
  routes: [...LIGHT.routes, 'comparacao', 'cultivares', 'programas'],
  features: [
    ...LIGHT.features,
    ...entityCodes([
      'CULTIVAR',
      'FERTILIZANTE',
      'DEFENSIVO',
      'PLANEJAMENTO',
      'ADJUVANTES',
      'CONTAS',
    ]),
    'MENU_CADASTROS',
    'MENU_SAFRAS',
    'MENU_ADMINISTRACAO',
    'MENU_SISTEMA',
  ],
  quotas: { catalogueViewsPerDay: null, users: 10 },
};

// Lavoura: the season from sowing to harvest.
const LAVOURA: TierCapabilities = {
  ...PRO,
  level: PLAN_LEVELS.lavoura,
  routes: [...PRO.routes, 'sowings', 'execucao', 'performance'],
  features: [...PRO.features, ...entityCodes(['SEMEADURA', 'EXECUCAO', 'COLHEITA'])],
  quotas: { catalogueViewsPerDay: null, users: 20 },
};

// Full: everything, with the contracted area; buying pages are closed (spec 1 §4).
const FULL_CLOSED: readonly PlanRoute[] = ['payment', 'plans'];
const FULL: TierCapabilities = {
  level: PLAN_LEVELS.full,
  routes: PLAN_ROUTES.filter((route) => !FULL_CLOSED.includes(route)),
  disabledRoutes: FULL_CLOSED,
  features: ALL_PERMISSION_CODES,
  quotas: { catalogueViewsPerDay: null, users: 50 },
  needsContract: true,
  contractedArea: true,
};

export const PLAN_CAPABILITIES: Readonly<Record<PlanLevel, TierCapabilities>> = {
  [PLAN_LEVELS.freemium]: FREEMIUM,
  [PLAN_LEVELS.light]: LIGHT,
  [PLAN_LEVELS.pro]: PRO,
  [PLAN_LEVELS.lavoura]: LAVOURA,
  [PLAN_LEVELS.full]: FULL,
};

/** The plan levels in order. */
export const PLAN_LEVEL_LIST: readonly PlanLevel[] = (
  Object.values(PLAN_LEVELS) as PlanLevel[]
).sort((a, b) => a - b);

/** The highest level: a code it does not give is refused by profile, which no plan lifts. */
export const TOP_PLAN_LEVEL: PlanLevel = PLAN_LEVEL_LIST[PLAN_LEVEL_LIST.length - 1]!;

function tierCapabilities(level: number): TierCapabilities | undefined {
  return PLAN_CAPABILITIES[level as PlanLevel];
}

const featureSets = new Map<number, ReadonlySet<PermissionCode>>();

/** The permission codes a plan level includes (an unknown level includes none). */
export function planFeatures(level: number): ReadonlySet<PermissionCode> {
  let features = featureSets.get(level);
  if (!features) {
    features = new Set(tierCapabilities(level)?.features ?? []);
    featureSets.set(level, features);
  }
  return features;
}

/** What a plan level makes of a route (an unknown level opens nothing). */
export function planRouteAccess(route: PlanRoute, level: number): RouteAccess {
  const tier = tierCapabilities(level);
  if (!tier || tier.disabledRoutes.includes(route)) return 'disabled';
  return tier.routes.includes(route) ? 'allowed' : 'upsell';
}

/** Catalogue product views a day, or null when the plan has no limit. */
export function dailyUseLimit(level: number): number | null {
  return tierCapabilities(level)?.quotas.catalogueViewsPerDay ?? null;
}

/** The first level without a daily limit: the one the freemium card offers. */
export function firstUnlimitedLevel(): PlanLevel {
  return PLAN_LEVEL_LIST.find((level) => dailyUseLimit(level) === null) ?? TOP_PLAN_LEVEL;
}

/** The users a plan includes (the least an account on it may have). */
export function includedUsers(level: number): number {
  return tierCapabilities(level)?.quotas.users ?? FREEMIUM.quotas.users;
}

/** Whether entering an account on this plan needs a started contract. */
export function needsContract(level: number): boolean {
  return tierCapabilities(level)?.needsContract ?? true;
}

/** Whether plots count against a contracted area on this plan. */
export function hasContractedArea(level: number): boolean {
  return tierCapabilities(level)?.contractedArea ?? false;
}

// ---- the comparison the /plans page and the plan presentation show --------------------------

/** Routes every level has that are not features (signing in, the profile, buying). */
const NOT_FEATURES: readonly PlanRoute[] = [
  'account/activate',
  'login',
  'payment',
  'plans',
  'profile',
];

type FeatureGroup = 'dashboards' | 'reports';

export interface Capabilities {
  /** Pages the level opens. */
  routes: readonly PlanRoute[];
  /** Records the level may work with (entities of its permission codes). */
  entities: readonly Entity[];
  /** Dashboards and reports (standalone permission codes). */
  groups: readonly FeatureGroup[];
  /** Catalogue views a day, null without a limit. */
  dailyUses: number | null;
  /** Users the plan includes. */
  users: number;
  /** Plots count against a contracted area. */
  contractedArea: boolean;
}

export function capabilitiesOf(level: number): Capabilities {
  const codes = planFeatures(level);
  const has = (code: PermissionCode) => codes.has(code);
  return {
    routes: PLAN_ROUTES.filter(
      (route) => !NOT_FEATURES.includes(route) && planRouteAccess(route, level) === 'allowed',
    ),
    entities: (Object.keys(ENTITY_ACTIONS) as Entity[]).filter((entity) =>
      ENTITY_ACTIONS[entity].some((action) => has(`${entity}_${action}` as PermissionCode)),
    ),
    groups: [
      ...(DASHBOARD_CODES.some(has) ? (['dashboards'] as const) : []),
      ...(REPORT_CODES.some(has) ? (['reports'] as const) : []),
    ],
    dailyUses: dailyUseLimit(level),
    users: includedUsers(level),
    contractedArea: hasContractedArea(level),
  };
}

export interface Unlocks extends Capabilities {
  /** The level below, whose capabilities this one includes; null for the first. */
  previous: number | null;
  /** The daily limit is lifted at this level. */
  unlimitedUses: boolean;
  /** The level includes more users than the one below. */
  moreUsers: boolean;
}

/** What a level adds to the one below (everything for the first level). */
export function unlocksOf(level: number): Unlocks {
  const index = PLAN_LEVEL_LIST.indexOf(level as PlanLevel);
  const previous = index > 0 ? (PLAN_LEVEL_LIST[index - 1] ?? null) : null;
  const mine = capabilitiesOf(level);
  if (previous === null) return { ...mine, previous, unlimitedUses: false, moreUsers: true };
  const before = capabilitiesOf(previous);
  return {
    ...mine,
    routes: mine.routes.filter((route) => !before.routes.includes(route)),
    entities: mine.entities.filter((entity) => !before.entities.includes(entity)),
    groups: mine.groups.filter((group) => !before.groups.includes(group)),
    contractedArea: mine.contractedArea && !before.contractedArea,
    previous,
    unlimitedUses: mine.dailyUses === null && before.dailyUses !== null,
    moreUsers: mine.users > before.users,
  };
}
