import { z } from 'zod/mini';
import { queryIdSchema } from './common.ts';

/**
 * GET /api/performance?farm_id=&season_crop_id= (spec 3 §2 Performance; issue 14 item 4): a
 * farm's season in metric units (sc/ha, ha, sacks of 60 kg, days) and the farm's currency; the
 * page converts to the language's units (units.ts). Rules: performance/performance.ts.
 */

/** GET /api/performance: the farm and the season-crop. */
export const performanceQuerySchema = z.object({
  farm_id: queryIdSchema.check(z.describe('the farm’s id')),
  season_crop_id: queryIdSchema.check(z.describe('the season-crop (GET /api/season-crops)')),
});
export type PerformanceQuery = z.infer<typeof performanceQuerySchema>;

const rankedSchema = z.nullable(
  z.object({
    /** The plot's or farm variety's id; null for the sowings without a variety. */
    id: z.nullable(z.int()),
    name: z.nullable(z.string()),
    /** sc/ha */
    productivity: z.number(),
  }),
);

const figures = {
  sowings: z.int(),
  harvested_sowings: z.int(),
  /** ha sown */
  area: z.number(),
  /** ha of the harvested sowings */
  harvested_area: z.number(),
  /** Area-weighted sc/ha of the harvested sowings; null without a harvest. */
  average_productivity: z.nullable(z.number()),
  /** Sacks (60 kg): Σ sc/ha × ha. */
  production: z.number(),
  /** Applied sprays. */
  sprays: z.int(),
  sprays_per_sowing: z.nullable(z.number()),
  /** Area-weighted product cost of the applied sprays per ha, in `currency`. */
  product_cost_per_ha: z.nullable(z.number()),
  /** Mean days from sowing to harvest. */
  average_cycle: z.nullable(z.number()),
};

const performanceGroupSchema = z.object({
  id: z.nullable(z.int()),
  name: z.nullable(z.string()),
  ...figures,
});
export type PerformanceGroupAnswer = z.infer<typeof performanceGroupSchema>;

export const performanceSchema = z.object({
  farm_id: z.int(),
  season_crop_id: z.int(),
  crop_id: z.int(),
  /** The farm's country's currency (BRL, USD, PYG), as the programs' prices. */
  currency: z.nullable(z.string()),
  /** Whether the farm has any harvest in any season: which of the two empty messages to show. */
  has_harvests: z.boolean(),
  /** The season-crops in which the farm has harvests, newest first. */
  seasons_with_harvests: z.array(z.int()),
  summary: z.object({
    ...figures,
    /** Farm varieties sown. */
    varieties: z.int(),
    highest_plot: rankedSchema,
    lowest_plot: rankedSchema,
    highest_variety: rankedSchema,
    lowest_variety: rankedSchema,
  }),
  by_plot: z.array(performanceGroupSchema),
  by_variety: z.array(performanceGroupSchema),
});
export type PerformanceAnswer = z.infer<typeof performanceSchema>;
