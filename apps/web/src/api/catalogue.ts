import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CATALOGUE_PAGE_SIZE,
  EFFICACY_NOT_COUNTED_REASONS,
  EFFICACY_NOTES,
  informedSchema,
  type CatalogueCategory,
  type CatalogueSort,
  type PesticideCategory,
} from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';
import { planKeys } from './plans';

/**
 * The product catalogue (spec 3 §2, §3, §7): one page of a category, the category's filter
 * choices, and one item's detail. A fact the data set lacks is null: the screen says "not
 * informed", never a blank or a 0.
 */

const text = z.nullable(z.string());
const count = z.nullable(z.number());
const flag = z.nullable(z.boolean());

const activeIngredientSchema = z.object({
  active_ingredient: z.string(),
  concentration: count,
  unit: text,
  mode_of_action: text,
});

export const pesticideItemSchema = z.object({
  id: z.number(),
  pesticide: z.string(),
  asset_owner: text,
  registration_number: text,
  formulation: text,
  chemical_group: text,
  activeIngredients: z.array(activeIngredientSchema),
  crops: z.array(z.number()),
  white_mold: z.boolean(),
  /** Who of the account entered it and when; absent or null: the catalogue's own row. */
  informado_por: z.optional(z.nullable(informedSchema)),
});
export type PesticideItem = z.infer<typeof pesticideItemSchema>;

export const varietyItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  asset_owner: text,
  crop_id: z.number(),
  relative_maturity: count,
  growth_habit: text,
  cycle_class: text,
  genetically_modified_organism: flag,
  informado_por: z.optional(z.nullable(informedSchema)),
});
export type VarietyItem = z.infer<typeof varietyItemSchema>;

const listSchema = <T extends z.ZodMiniType>(item: T) =>
  z.object({ total: z.number(), list: z.array(item) });
export type CataloguePage<T> = { total: number; list: T[] };

/** A dose of 999999 is the spec's "no registered dose" (spec 3 §9). */
export const NO_REGISTERED_DOSE = 999999;

export const dosePerTargetSchema = z.object({
  crop_id: z.optional(z.number()),
  target_code: z.string(),
  target_message_key: z.string(),
  /** true registered, false not registered, null not informed. */
  has_register: flag,
  doses_min: count,
  doses_max: count,
  /** The product's unit (L or kg); the doses are per hectare of it. */
  doses_unit: text,
  /** Pre-harvest interval on the label, days; null: not informed. */
  safety_interval_days: z.optional(count),
});
export type DosePerTarget = z.infer<typeof dosePerTargetSchema>;

export const EFFICACY_TAGS = ['S', 'D', 'A'] as const;
export type EfficacyTag = (typeof EFFICACY_TAGS)[number];

export const efficacySchema = z.object({
  disease_message_key: z.string(),
  efficacy: count,
  /** S read in a source, D derived from trial data, A an assumption. */
  tag: z.enum(EFFICACY_TAGS),
  source_id: text,
  /** The key of a note on how the value was measured (catalog detail.efficacy_note.<key>). */
  note: z.nullable(z.enum(EFFICACY_NOTES)),
  /**
   * Why the spray programs do not count this efficacy (not registered for the target, or its
   * registration not informed: the domain's efficacyNotCountedReason); null: it counts.
   */
  not_counted_reason: z.nullable(z.enum(EFFICACY_NOT_COUNTED_REASONS)),
});
export type Efficacy = z.infer<typeof efficacySchema>;

/** Packaging as the data set may give it; every part is optional. */
const packageSchema = z.nullable(
  z.object({
    type: z.optional(text),
    material: z.optional(text),
    capacity: z.optional(z.nullable(z.union([z.number(), z.string()]))),
    unit: z.optional(text),
  }),
);

export const pesticideDetailSchema = z.extend(pesticideItemSchema, {
  classes: z.array(z.string()),
  risk_of_product: z.object({
    toxicological_class: text,
    environmental_class: text,
    is_corrosive: flag,
    is_flammable: flag,
  }),
  package: packageSchema,
  instructions: z.nullable(z.object({ leaflet_link: text })),
  targets: z.array(z.object({ scientific_name: z.string(), common_names: z.array(z.string()) })),
  doses_per_target: z.array(dosePerTargetSchema),
  efficacies: z.array(efficacySchema),
});
export type PesticideDetail = z.infer<typeof pesticideDetailSchema>;

const dayOfYear = z.nullable(z.object({ day: z.number(), month: z.number() }));

export const varietyDetailSchema = z.extend(varietyItemSchema, {
  min_cycle: count,
  max_cycle: count,
  rust_tolerant: flag,
  min_population: count,
  max_population: count,
  start_sowing: dayOfYear,
  end_sowing: dayOfYear,
  region_states: z.nullable(z.union([z.array(z.string()), z.string()])),
  registration_number: text,
  diseases: z.array(z.object({ target: z.string(), resistance_plant: text })),
});
export type VarietyDetail = z.infer<typeof varietyDetailSchema>;

export const catalogueFiltersSchema = z.object({
  sort_select: z.array(z.object({ value: z.string(), message_key: z.string() })),
  extra_filter: z.object({
    company: z.optional(z.array(z.string())),
    target: z.optional(z.array(z.string())),
    chemical_group: z.optional(z.array(z.string())),
    active_ingredient: z.optional(z.array(z.string())),
    crop: z.optional(z.array(z.number())),
    resistant_to: z.optional(z.array(z.string())),
    gmr: z.optional(z.object({ min: z.number(), max: z.number(), step: z.number() })),
  }),
});
export type CatalogueFilters = z.infer<typeof catalogueFiltersSchema>;

/** What the list asks for: the filters of the URL, the page from 1. */
export interface CatalogueListQuery {
  category: CatalogueCategory;
  search?: string;
  company?: string;
  target?: string;
  chemical_group?: string;
  active_ingredient?: string;
  crop?: number;
  gmr_min?: number;
  gmr_max?: number;
  resistant_to?: string;
  sort?: CatalogueSort;
  page: number;
}

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
export function catalogueSearchParams(query: CatalogueListQuery): URLSearchParams {
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
    const page = await apiFetch(path, { signal, schema: listSchema(varietyItemSchema) });
    return { category: 'variety', page };
  }
  const page = await apiFetch(path, { signal, schema: listSchema(pesticideItemSchema) });
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
