import { z } from 'zod/mini';
import { queryIdSchema } from './common.ts';

/**
 * Answers of the reference-data calls: the contract the API serialises and the web app reads.
 * Every item carries its stable id and the message key the web app translates.
 */
const messageKey = z
  .string()
  .check(z.describe('translation key, e.g. crop.soybean (namespace reference)'));
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/), z.describe('YYYY-MM-DD'));

export const enumeratedSchema = z.object({
  id: z.int(),
  code: z.string(),
  message_key: messageKey,
});

export const cropSchema = enumeratedSchema;

export const countrySchema = z.object({
  id: z.int(),
  acronym: z.string(),
  name: z.string(),
  message_key: messageKey,
  latitude: z.number(),
  longitude: z.number(),
  time_zone: z.string(),
});

export const seasonCropSchema = z.object({
  id: z.int(),
  season_id: z.int(),
  season_name: z.string(),
  crop_id: z.int(),
  country_id: z.int(),
  start_period: isoDate,
  end_period: isoDate,
  season_active: z.boolean(),
  status: z.enum(['current', 'previous', 'inactive']),
  message_key: messageKey,
});

export const diseaseSchema = z.object({
  id: z.int(),
  crop_id: z.int(),
  code: z.string(),
  name: z.string(),
  message_key: messageKey,
});

export const pauseReasonSchema = z.extend(enumeratedSchema, { requires_description: z.boolean() });
/** GET /api/job-titles: internal ones are the company staff's. */
export const jobTitleSchema = z.extend(enumeratedSchema, { internal: z.boolean() });

export const profileSchema = z.object({
  id: z.int(),
  uid: z.string(),
  message_key: messageKey,
  all_farms: z.boolean(),
  internal: z.boolean(),
});

export const planSchema = z.object({
  id: z.int(),
  name: z.string(),
  priority_level: z.int().check(z.minimum(0), z.maximum(4)),
  message_key: messageKey,
});

export const stateSchema = z.object({
  id: z.int(),
  country_id: z.int(),
  code: z
    .string()
    .check(z.describe('ISO 3166-2 subdivision code without the country, e.g. PR, IA')),
  official_code: z
    .nullable(z.string())
    .check(
      z.describe(
        'the statistics office’s code: IBGE UF code (Brazil, 2 digits), FIPS state code (USA, 2 digits); null where none is loaded (Paraguay)',
      ),
    ),
  name: z.string(),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
});

export const citySchema = z.object({
  id: z.int(),
  state_id: z.int(),
  code: z
    .nullable(z.string())
    .check(
      z.describe(
        'the official code: IBGE municipality (Brazil, 7 digits), county FIPS (USA, 5 digits; a US city is its county); null where none is loaded (Paraguay)',
      ),
    ),
  name: z.string(),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
});

// ---- the reference routes' params and query strings ------------------------------------------

/** GET /api/season-crops: of a country (or of a farm's country, which needs its session), a crop. */
export const seasonCropsQuerySchema = z.object({
  country_id: z.optional(queryIdSchema),
  crop_id: z.optional(queryIdSchema),
  farm_id: z.optional(queryIdSchema),
});

/** GET /api/diseases: all, or those of a season-crop's crop. */
export const diseasesQuerySchema = z.object({ seasonCrop: z.optional(queryIdSchema) });

/** GET /api/estados/{country_id} */
export const statesParamsSchema = z.object({ country_id: queryIdSchema });

/** GET /api/municipios/{state_id} */
export const citiesParamsSchema = z.object({ state_id: queryIdSchema });

export type Crop = z.infer<typeof cropSchema>;
export type Country = z.infer<typeof countrySchema>;
export type SeasonCrop = z.infer<typeof seasonCropSchema>;
export type Disease = z.infer<typeof diseaseSchema>;
export type Plan = z.infer<typeof planSchema>;
export type Profile = z.infer<typeof profileSchema>;
export type StateAnswer = z.infer<typeof stateSchema>;
export type CityAnswer = z.infer<typeof citySchema>;
