import { z } from 'zod/mini';
import { FIELD_KEYS } from '../field-errors.ts';
import { LANGUAGES } from '../locale.ts';
import { queryIdSchema } from './common.ts';

/**
 * The application record of an applied spraying (issue 30 item 5): what the law and buyers ask a
 * grower to keep. Everything optional; metric (spray volume in L/ha, wind in km/h, °C): the web
 * converts at the edge. Times are the farm's local `HH:mm`.
 */

const TEXT_MAX = 120;
const text = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(TEXT_MAX))));
const time = z.optional(
  z.nullable(
    z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: FIELD_KEYS.invalid })),
  ),
);
const reading = (min: number, max: number) => z.nullable(z.number().check(z.gte(min), z.lte(max)));

const applicationWeatherSchema = z.object({
  wind_kmh: reading(0, 150),
  temperature_c: reading(-20, 60),
  humidity_pct: reading(0, 100),
  /** Read from the weather provider's hourly values at the start time, or typed by the user. */
  source: z.enum(['forecast', 'typed']),
});

/** The most products a spraying may carry a batch for (a tank mix is a handful). */
const MAX_BATCHES = 20;

/**
 * PUT /api/programs/{program_id}/sprayings/{ordinal}/record. Weather left out (or null) with a
 * start time is read from the provider's hourly values of that hour; typed readings are kept.
 */
export const applicationRecordBodySchema = z
  .strictObject({
    operator: text,
    equipment: text,
    spray_volume_l_ha: z.optional(z.nullable(z.number().check(z.gt(0), z.lte(2000)))),
    nozzle: text,
    start_time: time,
    end_time: time,
    weather: z.optional(z.nullable(applicationWeatherSchema)),
    batches: z.optional(
      z
        .array(
          z.object({
            pesticide_id: z.int().check(z.positive()),
            batch: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
          }),
        )
        .check(z.maxLength(MAX_BATCHES)),
    ),
  })
  .check(
    z.refine((body) => !body.start_time || !body.end_time || body.end_time >= body.start_time, {
      message: FIELD_KEYS.invalid,
      path: ['end_time'],
    }),
  );
export type ApplicationRecordBody = z.infer<typeof applicationRecordBodySchema>;

export const applicationRecordSchema = z.object({
  spraying_id: z.int(),
  aplicacao: z.int(),
  /** The day it was applied. */
  applied_at: z.string(),
  operator: z.nullable(z.string()),
  equipment: z.nullable(z.string()),
  spray_volume_l_ha: z.nullable(z.number()),
  nozzle: z.nullable(z.string()),
  start_time: z.nullable(z.string()),
  end_time: z.nullable(z.string()),
  weather: z.nullable(applicationWeatherSchema),
  /** The spraying's products, each with its batch (null: not entered). */
  products: z.array(
    z.object({ pesticide_id: z.int(), name: z.string(), batch: z.nullable(z.string()) }),
  ),
  /** Null until the record is first saved. */
  updated_at: z.nullable(z.string()),
});
z.globalRegistry.add(applicationRecordSchema, { id: 'ApplicationRecord' });
export type ApplicationRecord = z.infer<typeof applicationRecordSchema>;

const APPLICATION_LOG_FORMATS = ['pdf', 'xlsx', 'csv'] as const;

/** GET /api/farms/{id}/application-log: a season-crop's log as a file, in a language. */
export const applicationLogQuerySchema = z.object({
  season_crop_id: queryIdSchema,
  format: z._default(z.enum(APPLICATION_LOG_FORMATS), 'pdf'),
  /** Another language than the user's. */
  language: z.optional(z.enum(LANGUAGES)),
});
export type ApplicationLogQuery = z.infer<typeof applicationLogQuerySchema>;
