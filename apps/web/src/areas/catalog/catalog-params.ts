import {
  CATALOGUE_CATEGORIES,
  CROPS,
  US_GMR_RANGE,
  sortsOf,
  type CatalogueCategory,
  type CatalogueSort,
} from '@lavoura/domain';
import type { CatalogueListQuery } from '../../api/catalogue';

/**
 * The catalogue's state lives in the address (spec 3 §2: `?category=`), so a search, its filters,
 * its page and an open item survive a reload and can be shared. Unknown or malformed values are
 * ignored, never sent to the API.
 */

const DEFAULT_CATEGORY: CatalogueCategory = 'fungicide';

/** Text filters, each one parameter of the address and of GET /api/catalogs. */
export const PESTICIDE_FILTERS = [
  'company',
  'active_ingredient',
  'chemical_group',
  'target',
] as const;
/** The varieties' text filters: `company` and `resistant_to`. */
export type TextFilter = (typeof PESTICIDE_FILTERS)[number] | 'company' | 'resistant_to';

/** Every parameter that narrows the list: cleared together, and on a farm switch. */
export const FILTER_PARAMS = [
  'search',
  'company',
  'active_ingredient',
  'chemical_group',
  'target',
  'resistant_to',
  'crop',
  'gmr_min',
  'gmr_max',
  'sort',
  'page',
  'item',
] as const;

function categoryOf(params: URLSearchParams): CatalogueCategory {
  const value = params.get('category');
  return (CATALOGUE_CATEGORIES as readonly string[]).includes(value ?? '')
    ? (value as CatalogueCategory)
    : DEFAULT_CATEGORY;
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

function gmr(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  // The widest range (the USA's): the slider of the account's country keeps within its own.
  return Number.isFinite(number) && number >= US_GMR_RANGE.min && number <= US_GMR_RANGE.max
    ? number
    : undefined;
}

const textOf = (params: URLSearchParams, name: string) => params.get(name)?.trim() || undefined;

/** The list query the address describes; filters of the other kind of category are left out. */
export function listQueryOf(params: URLSearchParams): CatalogueListQuery {
  const category = categoryOf(params);
  const sortValue = params.get('sort');
  const sort = (sortsOf(category) as readonly string[]).includes(sortValue ?? '')
    ? (sortValue as CatalogueSort)
    : undefined;
  const query: CatalogueListQuery = {
    category,
    search: textOf(params, 'search'),
    sort,
    page: positiveInt(params.get('page')) ?? 1,
  };
  if (category === 'variety') {
    const crop = positiveInt(params.get('crop'));
    query.crop = CROPS.some((item) => item.id === crop) ? crop : undefined;
    query.company = textOf(params, 'company');
    query.resistant_to = textOf(params, 'resistant_to');
    let min = gmr(params.get('gmr_min'));
    let max = gmr(params.get('gmr_max'));
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    query.gmr_min = min;
    query.gmr_max = max;
  } else {
    for (const name of PESTICIDE_FILTERS) query[name] = textOf(params, name);
  }
  return query;
}

/** How many filters (not the search, sort or page) narrow the list: the mobile toggle's count. */
export function activeFilterCount(query: CatalogueListQuery): number {
  const values = [
    query.company,
    query.active_ingredient,
    query.chemical_group,
    query.target,
    query.resistant_to,
    query.crop,
    query.gmr_min !== undefined || query.gmr_max !== undefined ? 'gmr' : undefined,
  ];
  return values.filter((value) => value !== undefined).length;
}

/** Whether anything beyond the category narrows the list (the empty state's clear action). */
export function isNarrowed(query: CatalogueListQuery): boolean {
  return query.search !== undefined || activeFilterCount(query) > 0;
}

/** The item open in the detail panel, if any. */
export function itemOf(params: URLSearchParams): number | null {
  return positiveInt(params.get('item')) ?? null;
}

/**
 * A copy of `params` with `changes` applied (undefined or '' removes a parameter). Any change of
 * what is listed goes back to page 1 unless the page itself is what changes.
 */
export function withChanges(
  params: URLSearchParams,
  changes: Record<string, string | number | undefined | null>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === null || value === '') next.delete(name);
    else next.set(name, String(value));
  }
  const narrows = Object.keys(changes).some((name) => name !== 'page' && name !== 'item');
  if (narrows && !('page' in changes)) next.delete('page');
  return next;
}

/** The address with every filter dropped: the category (and the farm) stay. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) next.delete(name);
  return next;
}
