import { z } from 'zod/mini';
import { CATALOGUE_CATEGORIES } from '../catalogue/catalogue-query.ts';
import { EFFICACY_NOTES, EFFICACY_TAGS } from '../catalogue/data-contracts.ts';
import { EFFICACY_NOT_COUNTED_REASONS } from '../programs/catalogue-product.ts';
import { informedSchema } from './account-catalogue.ts';
import { queryIdSchema } from './common.ts';

/**
 * The product catalogue as the API answers it (spec 3 §2, §3, §7; issue 11 items 3 and 4): one
 * page of a category, the category's filter choices, one item's detail. A fact the data set lacks
 * is null: the screen says "not informed", never a blank or a 0. A dose without registration is
 * the spec's 999999.
 */

const text = z.nullable(z.string());
const count = z.nullable(z.number());
const flag = z.nullable(z.boolean());
const origin = z.enum(['catalogue', 'account']);

/** /catalogs/:category/filters. */
export const catalogueCategoryParamsSchema = z.object({ category: z.enum(CATALOGUE_CATEGORIES) });

/** /catalogs/:category/:id. */
export const catalogueItemParamsSchema = z.object({
  category: z.enum(CATALOGUE_CATEGORIES),
  id: queryIdSchema,
});

const activeIngredientSchema = z.object({
  active_ingredient: z.string(),
  concentration: count,
  unit: text,
  mode_of_action: text,
});

const pesticideItemSchema = z.object({
  id: z.int(),
  pesticide_id: z.int(),
  category: z.enum(CATALOGUE_CATEGORIES),
  /** "account" for a product the account entered itself. */
  origem: origin,
  country: z.int(),
  pesticide: z.string(),
  crops: z.array(z.int()),
  agronomic_category: z.array(z.string()),
  asset_owner: text,
  registration_number: text,
  formulation: text,
  chemical_group: text,
  activeIngredients: z.array(activeIngredientSchema),
  white_mold: z.boolean(),
  /** Who of the account entered it and when; null: the catalogue's own row. */
  informado_por: z.nullable(informedSchema),
});
export type PesticideItem = z.infer<typeof pesticideItemSchema>;

const varietyItemSchema = z.object({
  id: z.int(),
  seed_id: z.int(),
  category: z.literal('variety'),
  origem: origin,
  name: z.string(),
  crop_id: z.int(),
  countries: z.array(z.int()),
  relative_maturity: count,
  asset_owner: text,
  growth_habit: text,
  cycle_class: text,
  genetically_modified_organism: flag,
  informado_por: z.nullable(informedSchema),
});
export type VarietyItem = z.infer<typeof varietyItemSchema>;

/** GET /api/catalogs: one page (≤ 50) of a category and the category's total. */
export const pesticidePageSchema = z.object({ total: z.int(), list: z.array(pesticideItemSchema) });
export const varietyPageSchema = z.object({ total: z.int(), list: z.array(varietyItemSchema) });
export const cataloguePageSchema = z.union([pesticidePageSchema, varietyPageSchema]);
export type CataloguePage<T> = { total: number; list: T[] };

const dosePerTargetSchema = z.object({
  crop_id: z.int(),
  target_id: z.int(),
  target_code: z.string(),
  target_message_key: z.string(),
  /** true registered, false not registered, null not informed. */
  has_register: flag,
  /** The product's unit (L or kg); the doses are per hectare of it. */
  doses_unit: text,
  doses_min: count,
  doses_max: count,
  /** Pre-harvest interval on the label, days; null: not informed. */
  safety_interval_days: count,
});
export type DosePerTarget = z.infer<typeof dosePerTargetSchema>;

const efficacySchema = z.object({
  country_id: z.int(),
  disease_id: z.int(),
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

/** Packaging as the data set gives it, every part optional (and kept as given). */
const packageSchema = z.nullable(
  z.looseObject({
    type: z.optional(text),
    material: z.optional(text),
    // Null inside the union: OpenAPI 3.0's `nullable` needs a `type` beside it.
    capacity: z.optional(z.union([z.nullable(z.number()), z.string()])),
    unit: z.optional(text),
  }),
);

export const pesticideDetailSchema = z.extend(pesticideItemSchema, {
  classes: z.array(z.string()),
  /** L or kg per hectare, from the formulation (docs/data-sources.md, dose units). */
  pesticide_unit: text,
  use: z.null(),
  product_action: z.null(),
  risk_of_product: z.object({
    is_corrosive: flag,
    is_flammable: flag,
    toxicological_class: text,
    environmental_class: text,
  }),
  package: packageSchema,
  instructions: z.object({ date: z.null(), leaflet_link: text }),
  targets: z.array(z.object({ scientific_name: z.string(), common_names: z.array(z.string()) })),
  doses_per_target: z.array(dosePerTargetSchema),
  efficacies: z.array(efficacySchema),
  source_id: z.string(),
});
export type PesticideDetail = z.infer<typeof pesticideDetailSchema>;

const dayOfYear = z.nullable(z.object({ day: z.int(), month: z.int() }));

export const varietyDetailSchema = z.extend(varietyItemSchema, {
  min_cycle: count,
  max_cycle: count,
  rust_tolerant: flag,
  min_population: count,
  max_population: count,
  start_sowing: dayOfYear,
  end_sowing: dayOfYear,
  region_states: z.nullable(z.array(z.string())),
  registration_number: text,
  diseases: z.array(z.object({ target: z.string(), resistance_plant: z.string() })),
  source_id: z.string(),
});
export type VarietyDetail = z.infer<typeof varietyDetailSchema>;

/** GET /api/catalogs/{category}/{id}: a pesticide's or a variety's detail. */
export const catalogueDetailSchema = z.union([pesticideDetailSchema, varietyDetailSchema]);

/** GET /api/catalogs/{category}/filters: the sorts, and the choices of each filter. */
export const catalogueFiltersSchema = z.object({
  sort_select: z.array(z.object({ value: z.string(), message_key: z.string() })),
  /** A category's own filters (kept as the service gives them). */
  extra_filter: z.looseObject({
    company: z.optional(z.array(z.string())),
    target: z.optional(z.array(z.string())),
    chemical_group: z.optional(z.array(z.string())),
    active_ingredient: z.optional(z.array(z.string())),
    crop: z.optional(z.array(z.number())),
    resistant_to: z.optional(z.array(z.string())),
    gmr: z.optional(z.object({ min: z.number(), max: z.number(), step: z.number() })),
    sowing_month: z.optional(z.object({ min: z.int(), max: z.int() })),
  }),
});
export type CatalogueFilters = z.infer<typeof catalogueFiltersSchema>;
