import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CATALOGUE_PAGE_SIZE,
  EFFICACY_TAGS,
  catalogueFiltersSchema,
  pesticideDetailSchema,
  pesticidePageSchema,
  varietyDetailSchema,
  varietyPageSchema,
  type CatalogueCategory,
  type CatalogueFilters,
  type CataloguePage,
  type CatalogueQuery,
  type DosePerTarget,
  type EfficacyTag,
  type PesticideCategory,
  type PesticideDetail,
  type PesticideItem,
  type VarietyDetail,
  type VarietyItem,
} from '@lavoura/domain';
import { apiFetch } from './http';
import { planKeys } from './plans';

/**
 * The product catalogue (spec 3 §2, §3, §7): one page of a category, the category's filter
 * choices, and one item's detail. A fact the data set lacks is null: the screen says "not
 * informed", never a blank or a 0.
 */

export type {
  CatalogueFilters,
  DosePerTarget,
  EfficacyTag,
  PesticideDetail,
  PesticideItem,
  VarietyDetail,
  VarietyItem,
};
export { EFFICACY_TAGS };

/** What the list asks for: the contract's filters the URL holds, the page from 1 (`offset`). */
export type CatalogueListQuery = Pick<
  CatalogueQuery,
  | 'search'
  | 'company'
  | 'target'
  | 'chemical_group'
  | 'active_ingredient'
  | 'crop'
  | 'gmr_min'
  | 'gmr_max'
  | 'resistant_to'
  | 'sort'
> & { category: CatalogueCategory; page: number };

/** Reference data: the catalogue is the same for every farm of every account. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  list: (query: CatalogueListQuery) => ['catalogue', 'list', query] as const,
  filters: (category: CatalogueCategory) => ['catalogue', 'filters', category] as const,
  item: (category: CatalogueCategory, id: number) => ['catalogue', 'item', category, id] as const,
};

// Filter choices change with a new data set, not while someone looks.
const FILTERS_STALE_TIME = 60 * 60 * 1000;

/** The query string of GET /api/catalogs: empty values are left out; `offset` is the page. */
function catalogueSearchParams(query: CatalogueListQuery): URLSearchParams {
  const params = new URLSearchParams({ category: query.category });
  const { category: _category, page, ...rest } = query;
  for (const [name, value] of Object.entries(rest)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  params.set('limit', String(CATALOGUE_PAGE_SIZE));
  params.set('offset', String(page));
  return params;
}

export type CatalogueListAnswer =
  | { category: PesticideCategory; page: CataloguePage<PesticideItem> }
  | { category: 'variety'; page: CataloguePage<VarietyItem> };

async function fetchList(
  query: CatalogueListQuery,
  signal: AbortSignal,
): Promise<CatalogueListAnswer> {
  const path = `/api/catalogs?${catalogueSearchParams(query)}`;
  if (query.category === 'variety') {
    const page = await apiFetch(path, { signal, schema: varietyPageSchema });
    return { category: 'variety', page };
  }
  const page = await apiFetch(path, { signal, schema: pesticidePageSchema });
  return { category: query.category, page };
}

/** One page of the catalogue; the previous page stays on screen while the next one loads. */
export function useCatalogueList(query: CatalogueListQuery) {
  return useQuery({
    queryKey: catalogueKeys.list(query),
    queryFn: ({ signal }) => fetchList(query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/catalogs/{category}/filters: the sorts and the choices of each filter; the maturity
 * slider follows `countryId` (the current farm's: an Iowa farm's runs over the US groups).
 */
export function useCatalogueFilters(category: CatalogueCategory, countryId?: number) {
  return useQuery({
    queryKey: [...catalogueKeys.filters(category), countryId ?? null],
    queryFn: ({ signal }) =>
      apiFetch(`/api/catalogs/${category}/filters${countryId ? `?country=${countryId}` : ''}`, {
        signal,
        schema: catalogueFiltersSchema,
      }),
    staleTime: FILTERS_STALE_TIME,
  });
}

export type CatalogueDetail =
  | { category: PesticideCategory; item: PesticideDetail }
  | { category: 'variety'; item: VarietyDetail };

/**
 * GET /api/catalogs/{category}/{id}. A Freemium account spends a daily free use on it (403
 * exception.freemium.limit_exceeded past the limit): the drawer's usage card is read again.
 */
export function useCatalogueItem(category: CatalogueCategory, id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: catalogueKeys.item(category, id ?? 0),
    queryFn: async ({ signal }): Promise<CatalogueDetail> => {
      const path = `/api/catalogs/${category}/${id}`;
      try {
        if (category === 'variety') {
          const item = await apiFetch(path, { signal, schema: varietyDetailSchema });
          return { category, item };
        }
        const item = await apiFetch(path, { signal, schema: pesticideDetailSchema });
        return { category, item };
      } finally {
        void queryClient.invalidateQueries({ queryKey: planKeys.freeUsage });
      }
    },
    enabled: id !== null,
    // A refusal (the free limit, a missing item) is an answer, not a glitch to retry.
    retry: false,
  });
}
