import { z } from 'zod/mini';
import { FIELD_KEYS } from '../field-errors.ts';
import { isNdviWindow } from '../ndvi/ndvi-scale.ts';
import { isoDateSchema, queryIdSchema, recordIdSchema } from './common.ts';

/**
 * NDVI of a plot (spec 3 §3 NDVI image record, §7 NDVI; issue 14 item 3): `POST /api/ndvi` with
 * the plot and a window of dates answers the satellite scenes of that window.
 */
export const ndviBodySchema = z.strictObject({
  plot_id: recordIdSchema,
  /** [from, to], YYYY-MM-DD, from ≤ to, at most NDVI_MAX_WINDOW_DAYS days. */
  dates: z
    .tuple([isoDateSchema, isoDateSchema])
    .check(z.refine(([from, to]) => isNdviWindow(from, to), { message: FIELD_KEYS.invalid })),
});
export type NdviBody = z.infer<typeof ndviBodySchema>;

/** One scene: the spec's NDVI image record, field for field. */
const ndviImageRecordSchema = z.object({
  /** The plot's id. */
  field_id: z.int(),
  /** The satellite source (the provider's collection, e.g. `sentinel-2-l2a`). */
  type: z.string(),
  /** The day the scene was taken, YYYY-MM-DD. */
  date: z.string(),
  /** `ndvi`: the index image of the plot (PNG, transparent outside the outline); may be empty. */
  images: z.object({ ndvi: z.string() }),
  /** Cloud cover of the scene, percent. */
  cloudCovering: z.number(),
});

const scaleSchema = z.object({
  min: z.number(),
  max: z.number(),
  stops: z.array(z.object({ value: z.number(), color: z.string() })),
});

/**
 * The answer: the spec's list of records in `items`, newest first, with what the page needs
 * around it: `simulated` (true when the offline default made the scenes: the page labels them),
 * the provider, the image's bounds ([[south, west], [north, east]]) and its colour scale.
 */
export const ndviAnswerSchema = z.object({
  simulated: z.boolean(),
  provider: z.string(),
  bounds: z.tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])]),
  scale: scaleSchema,
  items: z.array(ndviImageRecordSchema),
});
export type NdviAnswer = z.infer<typeof ndviAnswerSchema>;

/**
 * GET /api/ndvi/images/{plot_id}/{date}.png: a plot's image of one day (the `images.ndvi` of a
 * scene); `v`, the plot's version, makes a new URL when the plot changes.
 */
export const ndviImageParamsSchema = z.object({ plot_id: queryIdSchema, date: isoDateSchema });
export const ndviImageQuerySchema = z.object({
  v: z.optional(z.string().check(z.maxLength(40))),
});
