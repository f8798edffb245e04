import { z } from 'zod/mini';
import { addDays, daysBetween } from '../calendar-days.ts';
import { isoDateSchema, queryIdSchema } from './common.ts';

/**
 * Weather and rainfall of a farm (spec 3 §3 Weather, §7 Weather and precipitation; issue 14 item
 * 1). Every quantity is canonical metric: millimetres, °C, km/h, soil moisture in m³/m³; the web
 * converts at the edge (units.ts). Answers of the offline simulated provider carry
 * `simulated: true` at their top level, so the UI labels them.
 */

/** The weather providers (WEATHER_PROVIDER): the offline default and Open-Meteo. */
const WEATHER_PROVIDER_NAMES = ['simulated', 'open-meteo'] as const;
export type WeatherProviderName = (typeof WEATHER_PROVIDER_NAMES)[number];

/** The most rain a person may record for one day (mm): above any daily record in our countries. */
export const MAX_OBSERVED_RAIN_MM = 1000;

/** Spec 3 §9: a farm younger than this has no rainfall history for its last days. */
const NEW_FARM_HISTORY_GAP_DAYS = 10;

/** The period the rainfall history covers when none is asked for: the last 30 days. */
export const DEFAULT_HISTORY_DAYS = 30;

/** The longest period one history call answers. */
export const MAX_HISTORY_DAYS = 366;

/** What the sky did on a day, from the WMO weather code (Open-Meteo's `weather_code`). */
export const WEATHER_CONDITIONS = [
  'clear',
  'partly_cloudy',
  'cloudy',
  'fog',
  'drizzle',
  'rain',
  'showers',
  'thunderstorm',
  'snow',
] as const;
export type WeatherCondition = (typeof WEATHER_CONDITIONS)[number];

/** How much it rained on a day (mm): dry below 0.2, light below 5, moderate below 25, heavy. */
export const RAIN_LEVELS = ['dry', 'light', 'moderate', 'heavy'] as const;
export type RainLevel = (typeof RAIN_LEVELS)[number];

/** WMO weather interpretation code (https://open-meteo.com/en/docs, "WMO Weather interpretation codes") -> status. */
export function weatherConditionOf(code: number): WeatherCondition {
  if (code <= 1) return 'clear';
  if (code === 2) return 'partly_cloudy';
  if (code === 3) return 'cloudy';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if (code >= 61 && code <= 67) return 'rain';
  if (code >= 80 && code <= 82) return 'showers';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95) return 'thunderstorm';
  return 'cloudy';
}

export function rainLevelOf(mm: number): RainLevel {
  if (mm < 0.2) return 'dry';
  if (mm < 5) return 'light';
  if (mm < 25) return 'moderate';
  return 'heavy';
}

/**
 * The first day without rainfall history for a farm created on `createdDay` (its time zone's
 * day), seen on `today`: a farm younger than 10 days has none for its last 10 days (spec 3 §3,
 * §9), so the grower enters the rain of those days by hand. Null when the farm is older.
 */
export function historyGapFrom(createdDay: string, today: string): string | null {
  if (daysBetween(createdDay, today) >= NEW_FARM_HISTORY_GAP_DAYS) return null;
  return addDays(today, -(NEW_FARM_HISTORY_GAP_DAYS - 1));
}

/** Why observed rain may not be recorded on a day: never on a day after the farm's today. */
export function observedRainDateProblem(day: string, today: string): 'date_in_future' | null {
  return day > today ? 'date_in_future' : null;
}

// ---- payloads and answers ------------------------------------------------------------------

/** POST /api/fazendas/{id}/precipitation: the rain a person measured on a day, in mm. */
export const precipitationBodySchema = z.strictObject({
  date: isoDateSchema,
  observed: z.number().check(z.gte(0), z.lte(MAX_OBSERVED_RAIN_MM)),
});
export type PrecipitationBody = z.infer<typeof precipitationBodySchema>;

const weatherHourSchema = z.object({
  /** Local time of the farm, `YYYY-MM-DDTHH:mm`. */
  time: z.string(),
  /** Rain of the hour ending at `time`. */
  millimeters: z.number(),
  temperature: z.number(),
});

const weatherDaySchema = z.object({
  date: z.string(),
  /** Rain of the day (mm). */
  precipitation: z.number(),
  rain_status: z.enum(RAIN_LEVELS),
  weather_status: z.enum(WEATHER_CONDITIONS),
  weather_code: z.int(),
  /** °C: now (today only), the day's highest and lowest. */
  temperature: z.object({
    current: z.nullable(z.number()),
    max: z.number(),
    min: z.number(),
  }),
  /** The day's mean dew point (°C). */
  dew_point_temperature: z.number(),
  /** The day's highest wind speed at 10 m (km/h). */
  wind_speed: z.number(),
  /** Mean volumetric water content of the top soil (0–1 cm), m³/m³. */
  soil_moisture: z.nullable(z.number()),
  hourly: z.object({
    /** The day's rain summed over its hours (mm). */
    amount: z.number(),
    precipitation: z.array(weatherHourSchema),
  }),
});
export type WeatherDay = z.infer<typeof weatherDaySchema>;

/** GET /api/farms/{id}/weather and /api/fazendas/{id}/clima. */
export const farmWeatherSchema = z.object({
  farm_id: z.int(),
  provider: z.enum(WEATHER_PROVIDER_NAMES),
  /** Present (true) only when the numbers come from the offline simulation. */
  simulated: z.optional(z.literal(true)),
  time_zone: z.string(),
  /** When the provider's answer was made (ISO instant); answers are kept for the hour. */
  generated_at: z.string(),
  current: z.object({
    time: z.string(),
    temperature: z.number(),
    wind_speed: z.number(),
    precipitation: z.number(),
  }),
  /** Today first, then the next days. */
  days: z.array(weatherDaySchema),
});
export type FarmWeather = z.infer<typeof farmWeatherSchema>;

/** /farms/{id}/weather, /fazendas/{id}/clima and /fazendas/{id}/precipitation: the farm. */
export const weatherFarmParamsSchema = z.object({
  id: queryIdSchema.check(z.describe('the farm’s id')),
});

/** The rain measured at the farm on a day (mm): POST /api/fazendas/{id}/precipitation answers it. */
export const observedRainSchema = z.object({ date: z.string(), observed_mm: z.number() });
export type ObservedRain = z.infer<typeof observedRainSchema>;

/** GET /api/fazendas/{id}/precipitation. */
export const farmPrecipitationSchema = z.object({
  farmId: z.int(),
  farmName: z.string(),
  farmCreatedAt: z.string(),
  provider: z.enum(WEATHER_PROVIDER_NAMES),
  simulated: z.optional(z.literal(true)),
  time_zone: z.string(),
  from: z.string(),
  to: z.string(),
  /**
   * The first day of the period without history because the farm is new (spec 3 §9); rain of
   * those days is entered by hand. Null when the history covers the whole period.
   */
  history_unavailable_from: z.nullable(z.string()),
  /** The provider's rain per day (mm), oldest first; `id` is the day as yyyymmdd. */
  prec_mm_day: z.array(z.object({ id: z.int(), date: z.string(), cons_mm: z.number() })),
  /** The rain people measured at the farm (mm), oldest first. */
  obs_prec_mm_day: z.array(observedRainSchema),
});
export type FarmPrecipitation = z.infer<typeof farmPrecipitationSchema>;

/** The query of the history: a period of days (YYYY-MM-DD), by default the last 30 days. */
export const precipitationQuerySchema = z.object({
  from: z.optional(isoDateSchema),
  to: z.optional(isoDateSchema),
});
