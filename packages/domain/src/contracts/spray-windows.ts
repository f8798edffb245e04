import { z } from 'zod/mini';
import type { SprayWindowThresholdKey } from '../sprayings/spray-windows.ts';
import { FIELD_KEYS } from '../field-errors.ts';
import { isoDateSchema, queryIdSchema } from './common.ts';

/**
 * Spray windows of a program's next sprayings (issue 30 item 1): each planned day's forecast
 * hours, classified good, marginal or bad with their reasons (`sprayings/spray-windows.ts`).
 * Metric like every weather answer; the web converts at the edge.
 */

export const sprayWindowsQuerySchema = z.object({
  /** Sprayings planned from today to this many days ahead (the forecast covers seven). */
  days: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(7))),
});

export const sprayWindowsParamsSchema = z.object({ id: queryIdSchema });

const qualitySchema = z.enum(['good', 'marginal', 'bad']);

const reasonSchema = z.object({
  code: z.enum([
    'wind_calm',
    'wind_strong',
    'gusts',
    'delta_t_low',
    'delta_t_high',
    'hot',
    'rain',
    'rain_before_rainfast',
  ]),
  quality: z.enum(['marginal', 'bad']),
});

const sprayHourSchema = z.object({
  /** The hour's local start, `YYYY-MM-DDTHH:mm` in the farm's time zone. */
  start: z.string(),
  quality: qualitySchema,
  reasons: z.array(reasonSchema),
  /** True once the hour has begun: it can no longer be the window. */
  past: z.boolean(),
  wind_kmh: z.number(),
  gust_kmh: z.number(),
  temperature_c: z.number(),
  humidity_pct: z.number(),
  /** Dry-bulb minus wet-bulb temperature (°C), from temperature and humidity. */
  delta_t: z.number(),
  rain_mm: z.number(),
});

const windowSchema = z.object({ start: z.string(), end: z.string(), hours: z.int() });

/** A planned day's spray window without its hours (home, the digest, the calendar feed). */
export const plannedDayWindowSchema = z.object({
  best_window: z.nullable(windowSchema),
  nearest_good_day: z.nullable(z.object({ date: isoDateSchema, best_window: windowSchema })),
  /** From the offline provider's made-up forecast. */
  simulated: z.boolean(),
});
export type PlannedDayWindow = z.infer<typeof plannedDayWindowSchema>;

export const sprayWindowDaySchema = z.object({
  /** The spraying's id and its 1-based position in the program. */
  spraying_id: z.int(),
  aplicacao: z.int(),
  /** The planned day. */
  date: isoDateSchema,
  /** Its hours from the forecast (empty for a day the forecast does not reach). */
  hours: z.array(sprayHourSchema),
  /** The longest run of good hours still ahead on the planned day; null when there is none. */
  best_window: z.nullable(windowSchema),
  /**
   * With no good hour ahead on the planned day: the nearest day within its ±2-day tolerance that
   * has one (not before today), with that day's best window; null when none has.
   */
  nearest_good_day: z.nullable(z.object({ date: isoDateSchema, best_window: windowSchema })),
  provider: z.enum(['simulated', 'open-meteo']),
  /** The offline provider's made-up forecast: the screen says so. */
  simulated: z.optional(z.literal(true)),
});
z.globalRegistry.add(sprayWindowDaySchema, { id: 'SprayWindowDay' });
export type SprayWindowDay = z.infer<typeof sprayWindowDaySchema>;
export type SprayWindowHour = SprayWindowDay['hours'][number];

/** The bounds a threshold may be set within (the unit of its key: km/h, °C, hours, mm). */
export const SPRAY_WINDOW_THRESHOLD_BOUNDS = {
  wind_min_kmh: [0, 30],
  wind_good_max_kmh: [1, 60],
  wind_max_kmh: [1, 80],
  gust_max_kmh: [1, 100],
  delta_t_min_c: [0, 10],
  delta_t_good_max_c: [1, 20],
  delta_t_max_c: [1, 25],
  temperature_good_max_c: [10, 45],
  temperature_max_c: [10, 50],
  rainfast_hours: [0, 24],
  rain_min_mm: [0.1, 10],
} as const satisfies Record<SprayWindowThresholdKey, readonly [number, number]>;

const thresholdValue = (key: SprayWindowThresholdKey) =>
  z.optional(
    z.nullable(
      z
        .number()
        .check(
          z.gte(SPRAY_WINDOW_THRESHOLD_BOUNDS[key][0]),
          z.lte(SPRAY_WINDOW_THRESHOLD_BOUNDS[key][1]),
        ),
    ),
  );

/**
 * PUT /api/spray-window-settings: the account's own thresholds, metric; a key left out keeps its
 * value, null returns it to the default.
 */
export const sprayWindowSettingsBodySchema = z
  .strictObject(
    Object.fromEntries(
      (Object.keys(SPRAY_WINDOW_THRESHOLD_BOUNDS) as SprayWindowThresholdKey[]).map((key) => [
        key,
        thresholdValue(key),
      ]),
    ) as Record<SprayWindowThresholdKey, ReturnType<typeof thresholdValue>>,
  )
  // A change with nothing in it is a client's mistake, not a save.
  .check(z.refine((body) => Object.keys(body).length > 0, { message: FIELD_KEYS.required }));
export type SprayWindowSettingsBody = z.infer<typeof sprayWindowSettingsBodySchema>;

/** Each threshold: the account's value, the default and where the default comes from. */
export const sprayWindowSettingsSchema = z.object({
  thresholds: z.array(
    z.object({
      key: z.enum(Object.keys(SPRAY_WINDOW_THRESHOLD_BOUNDS) as [SprayWindowThresholdKey]),
      value: z.number(),
      default: z.number(),
      /** A source id (docs/agronomy.md, "Spray windows") or "assumption". */
      source: z.string(),
      basis: z.array(z.string()),
      overridden: z.boolean(),
      min: z.number(),
      max: z.number(),
    }),
  ),
});
z.globalRegistry.add(sprayWindowSettingsSchema, { id: 'SprayWindowSettings' });
export type SprayWindowSettings = z.infer<typeof sprayWindowSettingsSchema>;
