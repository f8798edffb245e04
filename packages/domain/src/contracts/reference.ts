import { z } from 'zod';

/**
 * Answers of the reference-data calls: the contract the API serialises and the web app reads.
 * Every item carries its stable id and the message key the web app translates.
 */
const messageKey = z.string().describe('translation key, e.g. crop.soybean (namespace reference)');
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('YYYY-MM-DD');

export const enumeratedSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  message_key: messageKey,
});

export const cropSchema = enumeratedSchema;

export const countrySchema = z.object({
  id: z.number().int(),
  acronym: z.string(),
  name: z.string(),
  message_key: messageKey,
  latitude: z.number(),
  longitude: z.number(),
  time_zone: z.string(),
});

export const seasonCropSchema = z.object({
  id: z.number().int(),
  season_id: z.number().int(),
  season_name: z.string(),
  crop_id: z.number().int(),
  country_id: z.number().int(),
  start_period: isoDate,
  end_period: isoDate,
  season_active: z.boolean(),
  status: z.enum(['current', 'previous', 'inactive']),
  message_key: messageKey,
});

export const diseaseSchema = z.object({
  id: z.number().int(),
  crop_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  message_key: messageKey,
});

export const growthStageSchema = z.object({
  id: z.number().int(),
  crop_id: z.number().int(),
  code: z.string(),
  order: z.number().int(),
  message_key: messageKey,
});

export const pauseReasonSchema = enumeratedSchema.extend({ requires_description: z.boolean() });
export const jobTitleSchema = enumeratedSchema.extend({ internal: z.boolean() });

export const profileSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  message_key: messageKey,
  all_farms: z.boolean(),
  internal: z.boolean(),
});

export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  priority_level: z.number().int().min(0).max(4),
  message_key: messageKey,
});

export const stateSchema = z.object({
  id: z.number().int(),
  country_id: z.number().int(),
  code: z.string().describe('ISO 3166-2 subdivision code without the country, e.g. PR, IA'),
  official_code: z
    .string()
    .nullable()
    .describe(
      'the statistics office’s code: IBGE UF code (Brazil, 2 digits), FIPS state code (USA, 2 digits); null where none is loaded (Paraguay)',
    ),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export const citySchema = z.object({
  id: z.number().int(),
  state_id: z.number().int(),
  code: z
    .string()
    .nullable()
    .describe(
      'the official code: IBGE municipality (Brazil, 7 digits), county FIPS (USA, 5 digits; a US city is its county); null where none is loaded (Paraguay)',
    ),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export type Crop = z.infer<typeof cropSchema>;
export type Country = z.infer<typeof countrySchema>;
export type SeasonCrop = z.infer<typeof seasonCropSchema>;
export type Disease = z.infer<typeof diseaseSchema>;
export type GrowthStageAnswer = z.infer<typeof growthStageSchema>;
export type Plan = z.infer<typeof planSchema>;
export type Profile = z.infer<typeof profileSchema>;
export type StateAnswer = z.infer<typeof stateSchema>;
export type CityAnswer = z.infer<typeof citySchema>;
