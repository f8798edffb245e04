import { z } from 'zod/mini';
import { LANGUAGES } from '../locale.ts';
import { queryIdSchema } from './common.ts';
import { SOWING_STATUSES } from './sowings.ts';

/**
 * The answers of the reports (issue 14 item 5; docs/reports.md): GET /api/reports/programa and
 * /api/reports/season-report. Quantities are canonical, as stored: hectares, sc/ha, mm, doses per
 * hectare in the product's unit, money in the farm country's currency (`currency`); the page
 * converts at the edge, the PDF in its language.
 */

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** GET /api/reports/…: the farm and the season-crop a report is about, as JSON or PDF. */
export const reportQuerySchema = z.object({
  farm_id: queryIdSchema.check(z.describe('the farm')),
  season_crop_id: queryIdSchema.check(z.describe('the season-crop (GET /api/season-crops)')),
  /** json (the page's data, default) or pdf (the file). */
  format: z._default(z.enum(['json', 'pdf']), 'json'),
  /** The PDF's language; default the user's. */
  language: z.optional(z.enum(LANGUAGES)),
});

const stageSchema = z.object({
  id: z.int(),
  code: z.string(),
  message_key: z.string(),
});

const reportHead = {
  farm: z.object({
    id: z.int(),
    name: z.string(),
    /** "City – UF". */
    place: z.string(),
    time_zone: z.string(),
  }),
  season_crop: z.object({
    id: z.int(),
    season_name: z.string(),
    crop_id: z.int(),
    start_period: day,
    end_period: day,
  }),
  /** The farm country's currency (ISO 4217) of every cost. */
  currency: z.string(),
  /** The farm's day the report was made on. */
  today: day,
  generated_at: z.string(),
};

const sowingFacts = {
  sowing_id: z.int(),
  plot: z.object({ id: z.int(), name: z.string() }),
  /** Hectares sown. */
  area: z.number(),
  variety: z.nullable(z.string()),
  sowing_date: z.nullable(day),
  emergence_date: z.nullable(day),
  cycle_days: z.nullable(z.int()),
};

// ---- the farm spraying report ----------------------------------------------------------------

const sprayProductSchema = z.object({
  pesticide_id: z.int(),
  name: z.string(),
  /** Per hectare, in the product's unit. */
  dose: z.number(),
  /** The product's unit, L or kg (from its formulation); null: not informed. */
  unit: z.nullable(z.enum(['L', 'kg'])),
  /** Per unit of product. */
  price: z.number(),
});

const spraySchema = z.object({
  ordinal: z.int(),
  /** The ideal date (the program's planned date). */
  planned_date: day,
  /** The day it was sprayed; null while planned. */
  applied_date: z.nullable(day),
  white_mold: z.boolean(),
  /** The stage the timeline expects on the ideal date; null without emergence and cycle. */
  planned_stage: z.nullable(stageSchema),
  /** The stage on the day sprayed: the latest observation by then, else the estimate. */
  applied_stage: z.nullable(stageSchema),
  /** Days between the ideal and the realised date (positive: late). */
  delay_days: z.nullable(z.int()),
  products: z.array(sprayProductSchema),
  cost_per_ha: z.number(),
  /** cost_per_ha × the sowing's area. */
  cost_total: z.number(),
  /** The engine's score of this spray; null while the program has no scores. */
  spray_score: z.nullable(z.number()),
});

const programRowSchema = z.object({
  ...sowingFacts,
  program: z.object({
    id: z.int(),
    name: z.string(),
    main_disease_id: z.nullable(z.int()),
    program_score: z.nullable(z.number()),
    white_mold_program_score: z.nullable(z.number()),
    /** Why there are no scores: emergence_and_cycle or main_disease. */
    evaluation_missing: z.nullable(z.string()),
    cost_per_ha: z.number(),
    cost_total: z.nullable(z.number()),
    is_paused_by_climate: z.boolean(),
  }),
  sprays_planned: z.int(),
  sprays_applied: z.int(),
  sprays: z.array(spraySchema),
});

const pesticideUsedSchema = z.object({
  pesticide_id: z.int(),
  name: z.string(),
  /** Sprays naming it, and of those the applied ones. */
  sprays_planned: z.int(),
  sprays_applied: z.int(),
  /** Σ dose × sowing area, in the product's unit: over every spray, and over the applied ones. */
  quantity_planned: z.number(),
  quantity_applied: z.number(),
  /** Σ dose × price × area of the applied sprays. */
  cost_applied: z.number(),
});

export const programaReportSchema = z.object({
  ...reportHead,
  sowings: z.array(programRowSchema),
  totals: z.object({
    sowings: z.int(),
    area: z.number(),
    sprays_planned: z.int(),
    sprays_applied: z.int(),
    cost_total: z.number(),
    /** cost_total over the area. */
    cost_per_ha: z.number(),
    /** The mean program score of the programs that have one. */
    average_program_score: z.nullable(z.number()),
  }),
  /** The pesticides used; null without RELATORIO_DEFENSIVOS_UTILIZADOS. */
  pesticides: z.nullable(z.array(pesticideUsedSchema)),
});
z.globalRegistry.add(programaReportSchema, { id: 'SprayingReport' });
export type ProgramaReport = z.infer<typeof programaReportSchema>;

// ---- the season report -----------------------------------------------------------------------

const rainPeriodSchema = z.object({
  start: day,
  end: day,
  /** Rain from the weather service (the gauge when entered, else the provider's); null: none. */
  precipitation_mm: z.nullable(z.number()),
  /** The grower's gauge (observed rainfall entered by hand). */
  observed_mm: z.nullable(z.number()),
});

const seasonSowingSchema = z.object({
  ...sowingFacts,
  status: z.enum(SOWING_STATUSES),
  reached_harvest_stage: z.boolean(),
  harvests: z.array(
    z.object({
      date: day,
      /** sc/ha; null for a loss. */
      productivity: z.nullable(z.number()),
      lost: z.boolean(),
      desiccation: z.boolean(),
    }),
  ),
  /** Mean sc/ha of its harvests that are not losses; null without one. */
  productivity: z.nullable(z.number()),
  irrigations: z.array(z.object({ start: z.string(), end: z.string(), blade_mm: z.number() })),
  irrigation_mm: z.number(),
  stage_observations: z.array(z.object({ date: day, stage: stageSchema })),
  /** The stage on the report's day (latest observation, else the estimate). */
  current_stage: z.nullable(stageSchema),
});

export const seasonReportSchema = z.object({
  ...reportHead,
  sowings: z.array(seasonSowingSchema),
  totals: z.object({
    sowings: z.int(),
    area: z.number(),
    harvested: z.int(),
    lost: z.int(),
    harvested_area: z.number(),
    /** Area-weighted mean sc/ha of the harvested sowings with a productivity. */
    average_productivity: z.nullable(z.number()),
    best_productivity: z.nullable(z.number()),
    worst_productivity: z.nullable(z.number()),
    irrigation_mm: z.number(),
    stage_observations: z.int(),
  }),
  weather: z.object({
    /** The range read: the first sowing (else the season's start) to the last harvest or today. */
    from: day,
    to: day,
    /** Whether a weather source answered (else only observed rainfall is shown). */
    source: z.enum(['weather', 'observed_only']),
    /** The weather source answered with simulated data (label it). */
    simulated: z.boolean(),
    precipitation_mm: z.nullable(z.number()),
    observed_mm: z.nullable(z.number()),
    rainy_days: z.int(),
    by_week: z.array(rainPeriodSchema),
    by_month: z.array(rainPeriodSchema),
  }),
});
z.globalRegistry.add(seasonReportSchema, { id: 'SeasonReport' });
export type SeasonReport = z.infer<typeof seasonReportSchema>;
