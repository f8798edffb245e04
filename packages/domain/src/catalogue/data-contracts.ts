import { z } from 'zod/mini';

/**
 * The rows of the bundled catalogue data set (apps/api/src/db/reference-data/catalogue), as the
 * loader and the data test read them. A fact the source lacks is null, never guessed.
 */

const text = z.string().check(z.minLength(1));
const nullableText = z.nullable(text);
const cropCode = z.enum(['soybean', 'wheat']);
const countryCode = z.enum(['BR', 'PY', 'US']);

const activeIngredientRowSchema = z.object({
  name: text,
  chemical_group: nullableText,
  concentration: z.nullable(z.number().check(z.positive())),
  unit: nullableText,
  /** FRAC, HRAC or IRAC group, e.g. "FRAC 11"; null where the source does not say. */
  mode_of_action: z.nullable(z.string().check(z.regex(/^(FRAC|HRAC|IRAC) [0-9A-Z.]+$/))),
});

export const pesticideRowSchema = z.object({
  /** Stable across data versions: an account's choices point at the row this key names. */
  key: z.string().check(z.regex(/^[a-z0-9-]+:[A-Za-z0-9._-]+$/)),
  country: countryCode,
  name: text,
  /** Further trade names under the same registration. */
  other_names: z.optional(z.array(text)),
  categories: z.array(z.enum(['fungicide', 'herbicide', 'nematicide'])).check(z.minLength(1)),
  classes: z.array(text),
  company: nullableText,
  registration_number: nullableText,
  formulation: nullableText,
  crops: z.array(cropCode).check(z.minLength(1)),
  toxicological_class: nullableText,
  environmental_class: nullableText,
  actives: z.array(activeIngredientRowSchema).check(z.minLength(1)),
  targets: z.array(z.object({ scientific_name: text, common_names: z.array(text) })),
  /**
   * Our diseases the product is registered against; null when the source does not say which
   * targets are registered. `inferred`: the source registers the product for the crop and for the
   * pathogen, but the pathogen has other hosts among the product's crops, so the pair itself is
   * not informed.
   */
  diseases: z.nullable(
    z.array(
      z.object({
        disease_id: z.int(),
        code: text,
        crop: cropCode,
        inferred: z.optional(z.boolean()),
        /**
         * The label's dose range for this crop and target, in the product's unit per hectare
         * (`productUnitOf` its formulation); absent: the label data does not give it.
         */
        dose_min: z.optional(z.number().check(z.positive())),
        dose_max: z.optional(z.number().check(z.positive())),
        /** Days from the last spray to harvest (pre-harvest interval); absent: not informed. */
        safety_interval_days: z.optional(z.int().check(z.gte(0))),
      }),
    ),
  ),
  white_mold: z.boolean(),
});
export type PesticideRow = z.infer<typeof pesticideRowSchema>;

const dayOfYear = z.object({
  day: z.int().check(z.gte(1), z.lte(31)),
  month: z.int().check(z.gte(1), z.lte(12)),
});

export const varietyRowSchema = z.object({
  key: z.string().check(z.regex(/^[a-z0-9-]+:[A-Za-z0-9._-]+$/)),
  source_id: text,
  name: text,
  company: nullableText,
  crop: cropCode,
  countries: z.array(countryCode).check(z.minLength(1)),
  gmr: z.nullable(z.number().check(z.gte(0), z.lte(10))),
  growth_habit: z.nullable(z.enum(['determinate', 'semi_determinate', 'indeterminate'])),
  cycle_class: z.nullable(
    z.enum(['ultra_early', 'super_early', 'early', 'medium', 'late', 'long']),
  ),
  min_cycle: z.nullable(z.int().check(z.positive())),
  max_cycle: z.nullable(z.int().check(z.positive())),
  rust_tolerant: z.nullable(z.boolean()),
  /** Thousand plants per hectare. */
  min_population: z.nullable(z.number().check(z.positive())),
  max_population: z.nullable(z.number().check(z.positive())),
  start_sowing: z.nullable(dayOfYear),
  end_sowing: z.nullable(dayOfYear),
  gmo: z.nullable(z.boolean()),
  /** State codes (Brazilian UF, US USPS) the variety is recommended for; null = not informed. */
  region_states: z.nullable(z.array(text)),
  registration_number: nullableText,
  reactions: z.array(z.object({ target: text, reaction: z.enum(['S', 'MS', 'I', 'MR', 'R']) })),
});
export type VarietyRow = z.infer<typeof varietyRowSchema>;

/** Efficacy tags of AGRONOMY.md: read in a source, derived by our script, or assumed. */
export const EFFICACY_TAGS = ['S', 'D', 'A'] as const;
export type EfficacyTag = (typeof EFFICACY_TAGS)[number];

/**
 * The notes an efficacy row can carry (how the source's trial was sprayed, what the value bounds),
 * as keys: the screen shows each in the page's language (catalog `detail.efficacy_note.<key>`).
 */
export const EFFICACY_NOTES = [
  's15_derived',
  'qoi_alone_upper_limit',
  'two_sprays_10_days_apart',
  'two_sprays',
  'four_sprays',
  'one_spray_two_sprays_59_9',
  'one_spray_two_sprays_64_3',
] as const;
export type EfficacyNote = (typeof EFFICACY_NOTES)[number];
