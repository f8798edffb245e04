import { z } from 'zod';

/**
 * The answers of the reports (issue 14 item 5; docs/reports.md). Quantities are canonical, as
 * stored: hectares, sc/ha, mm, doses per hectare in the product's unit, money in the farm
 * country's currency (`currency`); the page converts at the edge, the PDF in its language.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const stageSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  message_key: z.string(),
});

const farmSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** "City – UF". */
  place: z.string(),
  time_zone: z.string(),
});

const seasonCropSchema = z.object({
  id: z.number().int(),
  season_name: z.string(),
  crop_id: z.number().int(),
  start_period: day,
  end_period: day,
});

const sowingFactsSchema = z.object({
  sowing_id: z.number().int(),
  plot: z.object({ id: z.number().int(), name: z.string() }),
  /** Hectares sown. */
  area: z.number(),
  variety: z.string().nullable(),
  sowing_date: day.nullable(),
  emergence_date: day.nullable(),
  cycle_days: z.number().int().nullable(),
});

const reportHeadSchema = {
  farm: farmSchema,
  season_crop: seasonCropSchema,
  /** The farm country's currency (ISO 4217) of every cost. */
  currency: z.string(),
  /** The farm's day the report was made on. */
  today: day,
  generated_at: z.string(),
};

// ---- the farm spraying report ----------------------------------------------------------------

const sprayProductSchema = z.object({
  pesticide_id: z.number().int(),
  name: z.string(),
  /** Per hectare, in the product's unit. */
  dose: z.number(),
  /** The product's unit, L or kg (from its formulation); null: not informed. */
  unit: z.enum(['L', 'kg']).nullable(),
  /** Per unit of product. */
  price: z.number(),
});

const spraySchema = z.object({
  ordinal: z.number().int(),
  /** The ideal date (the program's planned date). */
  planned_date: day,
  /** The day it was sprayed; null while planned. */
  applied_date: day.nullable(),
  white_mold: z.boolean(),
  /** The stage the timeline expects on the ideal date; null without emergence and cycle. */
  planned_stage: stageSchema.nullable(),
  /** The stage on the day sprayed: the latest observation by then, else the estimate. */
  applied_stage: stageSchema.nullable(),
  /** Days between the ideal and the realised date (positive: late). */
  delay_days: z.number().int().nullable(),
  products: z.array(sprayProductSchema),
  cost_per_ha: z.number(),
  /** cost_per_ha × the sowing's area. */
  cost_total: z.number(),
  /** The engine's score of this spray; null while the program has no scores. */
  spray_score: z.number().nullable(),
});

const programRowSchema = sowingFactsSchema.extend({
  program: z.object({
    id: z.number().int(),
    name: z.string(),
    main_disease_id: z.number().int().nullable(),
    program_score: z.number().nullable(),
    white_mold_program_score: z.number().nullable(),
    /** Why there are no scores: emergence_and_cycle or main_disease. */
    evaluation_missing: z.string().nullable(),
    cost_per_ha: z.number(),
    cost_total: z.number().nullable(),
    is_paused_by_climate: z.boolean(),
  }),
  sprays_planned: z.number().int(),
  sprays_applied: z.number().int(),
  sprays: z.array(spraySchema),
});

const pesticideUsedSchema = z.object({
  pesticide_id: z.number().int(),
  name: z.string(),
  /** Sprays naming it, and of those the applied ones. */
  sprays_planned: z.number().int(),
  sprays_applied: z.number().int(),
  /** Σ dose × sowing area, in the product's unit: over every spray, and over the applied ones. */
  quantity_planned: z.number(),
  quantity_applied: z.number(),
  /** Σ dose × price × area of the applied sprays. */
  cost_applied: z.number(),
});

export const programaReportSchema = z.object({
  ...reportHeadSchema,
  sowings: z.array(programRowSchema),
  totals: z.object({
    sowings: z.number().int(),
    area: z.number(),
    sprays_planned: z.number().int(),
    sprays_applied: z.number().int(),
    cost_total: z.number(),
    /** cost_total over the area. */
    cost_per_ha: z.number(),
    /** The mean program score of the programs that have one. */
    average_program_score: z.number().nullable(),
  }),
  /** The pesticides used; null without RELATORIO_DEFENSIVOS_UTILIZADOS. */
  pesticides: z.array(pesticideUsedSchema).nullable(),
});
z.globalRegistry.add(programaReportSchema, { id: 'SprayingReport' });
export type ProgramaReport = z.infer<typeof programaReportSchema>;

// ---- the season report -----------------------------------------------------------------------

const rainPeriodSchema = z.object({
  start: day,
  end: day,
  /** Rain from the weather service (the gauge when entered, else the provider's); null: none. */
  precipitation_mm: z.number().nullable(),
  /** The grower's gauge (observed rainfall entered by hand). */
  observed_mm: z.number().nullable(),
});

const seasonSowingSchema = sowingFactsSchema.extend({
  status: z.enum(['planned', 'sown', 'ready_to_harvest', 'harvested', 'lost']),
  reached_harvest_stage: z.boolean(),
  harvests: z.array(
    z.object({
      date: day,
      /** sc/ha; null for a loss. */
      productivity: z.number().nullable(),
      lost: z.boolean(),
      desiccation: z.boolean(),
    }),
  ),
  /** Mean sc/ha of its harvests that are not losses; null without one. */
  productivity: z.number().nullable(),
  irrigations: z.array(z.object({ start: z.string(), end: z.string(), blade_mm: z.number() })),
  irrigation_mm: z.number(),
  stage_observations: z.array(z.object({ date: day, stage: stageSchema })),
  /** The stage on the report's day (latest observation, else the estimate). */
  current_stage: stageSchema.nullable(),
});

export const seasonReportSchema = z.object({
  ...reportHeadSchema,
  sowings: z.array(seasonSowingSchema),
  totals: z.object({
    sowings: z.number().int(),
    area: z.number(),
    harvested: z.number().int(),
    lost: z.number().int(),
    harvested_area: z.number(),
    /** Area-weighted mean sc/ha of the harvested sowings with a productivity. */
    average_productivity: z.number().nullable(),
    best_productivity: z.number().nullable(),
    worst_productivity: z.number().nullable(),
    irrigation_mm: z.number(),
    stage_observations: z.number().int(),
  }),
  weather: z.object({
    /** The range read: the first sowing (else the season's start) to the last harvest or today. */
    from: day,
    to: day,
    /** Whether a weather source answered (else only observed rainfall is shown). */
    source: z.enum(['weather', 'observed_only']),
    /** The weather source answered with simulated data (label it). */
    simulated: z.boolean(),
    precipitation_mm: z.number().nullable(),
    observed_mm: z.number().nullable(),
    rainy_days: z.number().int(),
    by_week: z.array(rainPeriodSchema),
    by_month: z.array(rainPeriodSchema),
  }),
});
z.globalRegistry.add(seasonReportSchema, { id: 'SeasonReport' });
export type SeasonReport = z.infer<typeof seasonReportSchema>;
