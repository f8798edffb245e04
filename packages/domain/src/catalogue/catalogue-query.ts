import { z } from 'zod/mini';
import { FIELD_KEYS } from '../field-errors.ts';
import { COUNTRY_IDS } from '../reference/countries.ts';

/**
 * The catalogue's list query (spec 3 §2, §7, §9 and issue 11's exact names): a category, a
 * free-text search, filters, a sort and a page. Written once: the API parses with it and the web
 * builds its controls from the same lists.
 */

export const CATALOGUE_CATEGORIES = ['fungicide', 'herbicide', 'nematicide', 'variety'] as const;
export type CatalogueCategory = (typeof CATALOGUE_CATEGORIES)[number];
export type PesticideCategory = Exclude<CatalogueCategory, 'variety'>;

/** Spec 3 §9: the page is 50 items; `offset` is the page number, from 1 as in the spec's data. */
export const CATALOGUE_PAGE_SIZE = 50;
export interface GmrRange {
  min: number;
  max: number;
  step: number;
}
/** Spec 3 §9: the GMR slider of the variety filters, Brazil's and Paraguay's groups 6.0 to 9.8. */
export const GMR_RANGE: GmrRange = { min: 6, max: 9.8, step: 0.1 };
/**
 * The USA's maturity groups run from 000 to X (GRIN's cultivars hold 0 to 9; Iowa sows 1 to 3.5),
 * so the spec's 6.0 would hide every Corn Belt variety: a US account's slider runs 0 to 10.
 */
export const US_GMR_RANGE: GmrRange = { min: 0, max: 10, step: 0.1 };

/** The GMR slider of an account's country (the spec's range but for the USA). */
export function gmrRangeOf(countryId: number | undefined): GmrRange {
  return countryId === COUNTRY_IDS.usa ? US_GMR_RANGE : GMR_RANGE;
}

const PESTICIDE_SORTS = ['name_asc', 'name_desc', 'company_asc', 'company_desc'] as const;
const VARIETY_SORTS = [...PESTICIDE_SORTS, 'gmr_asc', 'gmr_desc'] as const;
export type CatalogueSort = (typeof VARIETY_SORTS)[number];

export function sortsOf(category: CatalogueCategory): readonly CatalogueSort[] {
  return category === 'variety' ? VARIETY_SORTS : PESTICIDE_SORTS;
}

/** Spec 3 §3: the susceptibility legend, from no information to resistant. */
export const REACTIONS = ['SI', 'S', 'MS', 'I', 'MR', 'R'] as const;

/**
 * Text as the catalogue compares it: without accents, case or repeated spaces, so
 * "PIRACLOSTROBINA", "piraclostrobina" and "Piraclostróbina" are one word.
 */
export function searchableText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const optionalText = z.optional(z.string().check(z.trim(), z.maxLength(120)));
const positiveInt = z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647));
// Any country's range: the slider of the account's country keeps within its own.
const gmr = z.coerce.number().check(z.gte(US_GMR_RANGE.min), z.lte(US_GMR_RANGE.max));

export const catalogueQuerySchema = z
  .strictObject({
    version: z.optional(z.literal('v2')),
    category: z.optional(z.enum(CATALOGUE_CATEGORIES)),
    country: z.optional(positiveInt),
    state_id: z.optional(positiveInt),
    city: z.optional(z.string()),
    crop: z.optional(positiveInt),
    search: optionalText,
    company: optionalText,
    target: optionalText,
    chemical_group: optionalText,
    active_ingredient: optionalText,
    gmr_min: z.optional(gmr),
    gmr_max: z.optional(gmr),
    sowing_month: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(12))),
    resistant_to: z.optional(optionalText),
    sort: z.optional(z.enum(VARIETY_SORTS)),
    limit: z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(CATALOGUE_PAGE_SIZE))),
    offset: z.optional(positiveInt),
  })
  .check(
    z.refine((query) => !query.sort?.startsWith('gmr') || query.category === 'variety', {
      message: FIELD_KEYS.invalid,
      path: ['sort'],
    }),
    z.refine(
      (query) =>
        query.gmr_min === undefined ||
        query.gmr_max === undefined ||
        query.gmr_min <= query.gmr_max,
      { message: FIELD_KEYS.invalid, path: ['gmr_max'] },
    ),
  );
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

export const catalogueFiltersQuerySchema = z.strictObject({
  version: z.optional(z.literal('v2')),
  country: z.optional(positiveInt),
  state_id: z.optional(positiveInt),
  city: z.optional(z.string()),
  crop: z.optional(positiveInt),
});
