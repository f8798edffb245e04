import { FILTER_PARAMS as CATALOG_FILTER_PARAMS } from '../../areas/catalog/catalog-params';
import { FARM_QUERY } from './farm-query';

/**
 * The current farm and what switching farm does to the page on screen (spec 2 §2 "Farm-switch
 * behaviour", §4 Farm): pure rules, so the provider (current-farm-context.tsx) only wires them to
 * the router, the query cache and local storage.
 */

/** The query parameter that names the farm a page shows (farm-query.ts). */
export { FARM_QUERY };

/** What the rules need of a farm. */
export interface FarmChoice {
  id: number;
  enabled: boolean;
}

/** The farm a page's query names, if it is a well-formed id. */
export function routeFarmId(search: string): number | null {
  const value = new URLSearchParams(search).get(FARM_QUERY);
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * Which farm is current: the route's `fazenda_id` if it names a farm the session sees, else the
 * stored choice if still seen, else the first enabled farm (the list comes enabled first, newest
 * first), else the first farm at all (every farm disabled: the shell warns that it is). A farm
 * named by the route or stored may be disabled: it stays current, and the shell says so.
 */
export function resolveCurrentFarm<F extends FarmChoice>(
  farms: readonly F[],
  routeFarm: number | null,
  storedFarm: number | null,
): F | null {
  const seen = (id: number | null) =>
    id === null ? undefined : farms.find((farm) => farm.id === id);
  return (
    seen(routeFarm) ?? seen(storedFarm) ?? farms.find((farm) => farm.enabled) ?? farms[0] ?? null
  );
}

/** The farms the top bar's selector offers: the enabled ones only (spec 1 §2, spec 2 §4). */
export function selectableFarms<F extends FarmChoice>(farms: readonly F[]): F[] {
  return farms.filter((farm) => farm.enabled);
}

/**
 * What a farm switch does on a route (spec 2 §2 "Route-specific reload"), for the routes that do
 * more than stay where they are. Every other route keeps its path and query and only sets
 * `fazenda_id`.
 *
 * Reloading data is not listed: every query of a farm is keyed by it (`['farm', id, …]`,
 * api/farms.ts), so a page asks for the new farm's data by itself and the previous farm's queries
 * are dropped. An area that adds a rule of the spec's list adds its row here:
 * - /notes reloads the notes, /cultivares the seeds of the selected crop, /sowings, /performance
 *   and /programas the crop varieties of the season: farm-keyed queries, nothing to add;
 * - /catalog resets its filters and its list (keeps its category): `dropParams` below;
 * - /programas resets the selected program variety: add its parameter to `dropParams`;
 * - execution data is reset and variety data cleared (except on /cultivares, /programas,
 *   /sowings, /performance and /comparacao): farm-keyed, dropped with the previous farm;
 * - the sowing filter is loaded with the plots (current-farm-context.tsx, `switchFarm`).
 */
export interface FarmSwitchRule {
  /** The page to go to instead (with the new `fazenda_id`; its own query is not kept). */
  redirectTo?: string;
  /** Parameters of the page's query that belong to the previous farm. */
  dropParams?: readonly string[];
}

export const FARM_SWITCH_RULES: Readonly<Record<string, FarmSwitchRule>> = {
  // A plot belongs to its farm: its page makes no sense for another one.
  '/field': { redirectTo: '/my_farm' },
  // The comparison picks programs of one farm: back to the programs page.
  '/comparacao': { redirectTo: '/programas' },
  // An execution is of a sowing of the previous farm: the sowings of the new one.
  '/execucao': { redirectTo: '/sowings' },
  // A sowing, and the list's plot and variety filters, are the previous farm's: the new one's list.
  '/sowings': { redirectTo: '/sowings' },
  // The catalogue starts over for the new farm, in the same category.
  '/catalog': { dropParams: CATALOG_FILTER_PARAMS },
};

/**
 * Where the app goes when the farm `farmId` becomes current on `pathname` + `search`. `stay`: a
 * page of the new farm itself (a link to one of its sowings) stays where it is, naming the farm.
 */
export function farmSwitchTarget(
  pathname: string,
  search: string,
  farmId: number,
  stay = false,
): string {
  const rule = stay
    ? undefined
    : Object.entries(FARM_SWITCH_RULES).find(
        ([path]) => pathname === path || pathname.startsWith(`${path}/`),
      )?.[1];
  if (rule?.redirectTo) {
    return `${rule.redirectTo}?${new URLSearchParams({ [FARM_QUERY]: String(farmId) })}`;
  }
  const params = new URLSearchParams(search);
  for (const name of rule?.dropParams ?? []) params.delete(name);
  params.set(FARM_QUERY, String(farmId));
  return `${pathname}?${params}`;
}
