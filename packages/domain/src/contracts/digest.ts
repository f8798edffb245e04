import { z } from 'zod/mini';
import { plannedDayWindowSchema } from './spray-windows.ts';
import { RAIN_LEVELS, WEATHER_CONDITIONS } from './weather.ts';

/**
 * The weekly digest as `GET /api/report/weekly-digest?token=` answers it (spec 3 §3 Weekly digest
 * record; issue 14 item 6). Quantities are canonical (mm, °C, sc/ha): the page converts them to
 * the language's units.
 */

const day = z.string();

const digestWeatherDaySchema = z.object({
  week: z.enum(['last', 'this']),
  measurement_date: day,
  /** ISO weekday: 1 Monday … 7 Sunday. */
  day_week: z.int(),
  /** Observed at the farm when recorded, else the provider's; null when nobody knows the day. */
  rain_mm: z.nullable(z.number()),
  rain_status: z.nullable(z.enum(RAIN_LEVELS)),
  /** The sky (WMO code); null for days the forecast does not cover. */
  weather_status: z.nullable(z.enum(WEATHER_CONDITIONS)),
  temp_min_c: z.nullable(z.number()),
  temp_max_c: z.nullable(z.number()),
});

const digestProductSchema = z.object({
  pesticide_id: z.int(),
  name: z.string(),
  dose: z.number(),
});

const digestExecutionSchema = z.object({
  spraying_id: z.int(),
  program_id: z.int(),
  sowing_id: z.int(),
  plot_id: z.int(),
  plot_name: z.string(),
  /** The planned (ideal) day and the day it was applied (null until then). */
  ideal_date: day,
  realized_date: z.nullable(day),
  /** An upcoming spray's window from the forecast (issue 30 item 2); absent without a forecast. */
  spray_window: z.optional(plannedDayWindowSchema),
  application: z.object({
    /** The spray's number in its program (1-based). */
    number: z.int(),
    white_mold: z.boolean(),
    products: z.array(digestProductSchema),
  }),
});

const digestHarvestSchema = z.object({
  sowing_id: z.int(),
  plot_id: z.int(),
  plot_name: z.string(),
  harvest_date: day,
  /** sc/ha; null for a crop loss. */
  productivity: z.nullable(z.number()),
  lost: z.boolean(),
});

const digestFarmSchema = z.object({
  id: z.int(),
  name: z.string(),
  time_zone: z.string(),
  weather: z.object({
    lastWeek: z.array(digestWeatherDaySchema),
    thisWeek: z.array(digestWeatherDaySchema),
    /** False while no weather source answers (the days are then empty). */
    available: z.boolean(),
    /** The offline weather default: the page labels it. */
    simulated: z.boolean(),
  }),
  fields: z.object({
    lastWeek: z.array(digestExecutionSchema),
    thisWeek: z.array(digestExecutionSchema),
  }),
  harvest: z.array(digestHarvestSchema),
  /** Planned sprays not applied yet, due from today to 15 days ahead. */
  upcoming: z.array(digestExecutionSchema),
});

export const weeklyDigestSchema = z.object({
  /** The ISO week of the digest (`2026-W48`). */
  week: z.string(),
  /** The day the weeks are counted from (the first farm's time zone). */
  today: day,
  user: z.object({ name: z.string(), language: z.enum(['pt', 'en', 'es']) }),
  upcoming_days: z.int(),
  expires_at: z.string(),
  farms: z.array(digestFarmSchema),
});
z.globalRegistry.add(weeklyDigestSchema, { id: 'WeeklyDigest' });

/** GET /api/report/weekly-digest: the e-mailed link's token is the access (no session). */
export const weeklyDigestQuerySchema = z.object({
  token: z.optional(z.string().check(z.maxLength(4096), z.describe('the e-mailed link’s token'))),
});

export const digestLinkSchema = z.object({
  url: z.string(),
  token: z.string(),
  expires_at: z.string(),
});

export type DigestWeatherDay = z.infer<typeof digestWeatherDaySchema>;
export type DigestExecution = z.infer<typeof digestExecutionSchema>;
export type DigestHarvest = z.infer<typeof digestHarvestSchema>;
export type DigestFarm = z.infer<typeof digestFarmSchema>;
export type WeeklyDigest = z.infer<typeof weeklyDigestSchema>;
export type DigestLink = z.infer<typeof digestLinkSchema>;

/** GET/POST /api/notifications/unsubscribe: the link of a recurring e-mail (issue 29 item 9). */
export const unsubscribeQuerySchema = z.object({
  token: z.optional(
    z.string().check(z.maxLength(4096), z.describe('the e-mail’s unsubscribe token')),
  ),
  lang: z.optional(
    z.string().check(z.maxLength(8), z.describe('the e-mail’s language, for an error page')),
  ),
});
