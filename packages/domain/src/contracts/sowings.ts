import { z } from 'zod/mini';
import { FIELD_KEYS } from '../field-errors.ts';
import { SEED_CLASSES, SEEDER_SYSTEMS } from '../reference/enumerations.ts';
import { isoDateSchema, queryIdSchema, recordIdSchema } from './common.ts';

/**
 * A sowing as the API takes it (spec 2 §3 Sowing, §7 save payload; issue 12). Quantities are
 * canonical metric: hectares, centimetres between lines, plants per metre of line, km/h; the web
 * converts from the English units at the edge (units.ts). The limits are the spec's; a value
 * outside them is a field error (400 exception.validation_error) naming the field.
 */

/** The spec's limits of the seeding parameters, in canonical units. */
const SOWING_LIMITS = {
  /** Plants per metre of line. */
  populationLines: { max: 25 },
  /** Centimetres between lines. */
  lineSpacing: { max: 150 },
  /** km/h: the English web's 15 mph. */
  operatingSpeed: { max: 25 },
  /** Days from emergence to the last stage. */
  estimatedCycle: { max: 365 },
} as const;

const oneOf = (ids: readonly number[]) =>
  z.int().check(z.refine((id) => ids.includes(id), { message: FIELD_KEYS.invalid }));
const positiveUpTo = (max: number) => z.number().check(z.positive(), z.lte(max));
const percent = z.number().check(z.gte(0), z.lte(100));
const optionalText = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(200))));

export const sowingBodySchema = z.strictObject({
  fazenda_id: recordIdSchema,
  talhao_id: recordIdSchema,
  /** The farm's variety (POST /api/cultivares) for the sowing's season-crop. */
  cultivar_id: recordIdSchema,
  /** Hectares sown; at most the plot's remaining area in the season. */
  area: z.number().check(z.positive(), z.lte(1_000_000)),
  /** Null while the sowing is planned. */
  data_semeadura: z.optional(z.nullable(isoDateSchema)),
  data_emergencia: z.optional(z.nullable(isoDateSchema)),
  /** Seed bought, in kilograms, and where it came from. */
  quantidade: z.optional(z.nullable(z.number().check(z.positive(), z.lte(100_000_000)))),
  origem: optionalText,
  seeder_system_id: z.optional(z.nullable(oneOf(SEEDER_SYSTEMS.map((row) => row.id)))),
  seed_class_id: z.optional(z.nullable(oneOf(SEED_CLASSES.map((row) => row.id)))),
  estimated_cycle: z.optional(
    z.nullable(z.int().check(z.positive(), z.lte(SOWING_LIMITS.estimatedCycle.max))),
  ),
  germinative_power: z.optional(z.nullable(percent)),
  seed_vigor: z.optional(z.nullable(percent)),
  line_spacing: z.optional(z.nullable(positiveUpTo(SOWING_LIMITS.lineSpacing.max))),
  population_lines: z.optional(z.nullable(positiveUpTo(SOWING_LIMITS.populationLines.max))),
  operating_speed: z.optional(z.nullable(positiveUpTo(SOWING_LIMITS.operatingSpeed.max))),
  seed_treatment: optionalText,
  inoculant: optionalText,
});
export type SowingBody = z.infer<typeof sowingBodySchema>;

/** Where a sowing is in its life (issue 12): from its dates and its harvests. */
export const SOWING_STATUSES = [
  'planned',
  'sown',
  'ready_to_harvest',
  'harvested',
  'lost',
] as const;
export type SowingStatus = (typeof SOWING_STATUSES)[number];

/** A harvest: a date and productivity in sc/ha, or a crop loss (`perda`) without productivity. */
export const harvestBodySchema = z
  .strictObject({
    data_colheita: isoDateSchema,
    produtividade: z.optional(z.nullable(z.number().check(z.positive(), z.lte(1_000)))),
    perda: z.optional(z.boolean()),
    dessecacao: z.optional(z.boolean()),
  })
  .check(
    z.refine((body) => body.perda === true || (body.produtividade ?? null) !== null, {
      message: FIELD_KEYS.required,
      path: ['produtividade'],
    }),
  );
export type HarvestBody = z.infer<typeof harvestBodySchema>;

/** An irrigation of a sowing: from `start` to `end`, `blade_mm` of water. */
export const irrigationBodySchema = z.strictObject({
  semeadura_id: recordIdSchema,
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  blade_mm: z.number().check(z.gte(0), z.lte(1_000)),
});
export type IrrigationBody = z.infer<typeof irrigationBodySchema>;

/**
 * One stage of a sowing's (or a program's) timeline as GET /api/semeaduras/{id}/growth-stages
 * answers it (AGRONOMY §2: each stage's first day, estimated from emergence and cycle).
 */
export const growthStageDaySchema = z.object({
  stage_id: z.int(),
  code: z.string(),
  name: z.string(),
  /** The stage's name in the reference namespace (growth_stage.soybean.r1). */
  message_key: z.string(),
  start_date: z.string(),
});
export type GrowthStageDay = z.infer<typeof growthStageDaySchema>;

/** A stage seen in the field; the latest wins over the estimate. */
export const stageObservationSchema = z.object({
  id: z.int(),
  estadio_id: z.int(),
  code: z.string(),
  message_key: z.string(),
  observed_at: z.string(),
});

/** POST /api/semeaduras/{id}/estadio: the stage seen and when. */
export const stageObservationBodySchema = z.strictObject({
  estadio_id: recordIdSchema,
  observed_at: z.iso.datetime({ offset: true }),
});

// ---- the answers ----------------------------------------------------------------------------------

/** A date-only day as the API answers it. */
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** A harvest of a sowing (POST/PUT /api/semeaduras/{id}/colheita, and `colheita` of a sowing). */
const sowingHarvestSchema = z.object({
  id: z.int(),
  data_colheita: day,
  produtividade: z.nullable(z.number()),
  perda: z.boolean(),
  dessecacao: z.boolean(),
});

/** A sowing as GET/POST/PUT /api/semeaduras answer it (spec 2 §3 Sowing; issue 12 item 1). */
export const sowingSchema = z.object({
  id: z.int(),
  talhao_id: z.int(),
  fazenda_id: z.int(),
  /** The farm's variety (POST /api/cultivares). */
  cultivar_id: z.nullable(z.int()),
  /** The catalogue's variety of that farm variety. */
  semente_id: z.nullable(z.int()),
  crop_id: z.int(),
  season_crop_id: z.int(),
  area: z.number(),
  data_semeadura: z.nullable(day),
  data_emergencia: z.nullable(day),
  quantidade: z.nullable(z.number()),
  origem: z.nullable(z.string()),
  seeder_system_id: z.nullable(z.int()),
  seed_class_id: z.nullable(z.int()),
  estimated_cycle: z.nullable(z.int()),
  germinative_power: z.nullable(z.number()),
  seed_vigor: z.nullable(z.number()),
  line_spacing: z.nullable(z.number()),
  population_lines: z.nullable(z.number()),
  operating_speed: z.nullable(z.number()),
  seed_treatment: z.nullable(z.string()),
  inoculant: z.nullable(z.string()),
  status: z.enum(SOWING_STATUSES),
  estadio_atual: z.nullable(
    z.object({
      id: z.int(),
      message_key: z.string(),
      code: z.string(),
      /** The stage's name as growers write it (R5.1, 10.5.1): its code. */
      name: z.string(),
    }),
  ),
  colheita: z.nullable(sowingHarvestSchema),
  /** The planned date of the program's first spraying not yet applied. */
  data_ideal_proxima_aplicacao: z.nullable(day),
  /** The sowing's spray program (execution), if one is attached. */
  programa: z.nullable(z.object({ id: z.int() })),
  /** Sprayings of the program: all of them, those applied, those still to apply. */
  total_aplicacoes: z.int(),
  /** Applied sprays: with any, the sowing date is locked and the sowing cannot be deleted. */
  total_execucoes: z.int(),
  total_sprayings: z.int(),
  ready_to_harvest: z.boolean(),
  plot_enabled: z.boolean(),
  /** NDVI monitoring contracted for the plot. */
  ndvi_enabled: z.boolean(),
  /** Not deleted and of the farm's current season-crop: the sowing may still be changed. */
  active: z.boolean(),
});
z.globalRegistry.add(sowingSchema, { id: 'Sowing' });
export type SowingAnswer = z.infer<typeof sowingSchema>;

/** What `include=` may add to a sowing (spec 2 §7); `status` is always answered. */
const SOWING_INCLUDES = ['semente', 'cultivar_regiao_parametros', 'colheita', 'status'] as const;
export type SowingInclude = (typeof SOWING_INCLUDES)[number];

/** The catalogue's variety of a sowing (`include=semente`). */
const sowingSeedSchema = z.object({
  id: z.int(),
  name: z.string(),
  company: z.nullable(z.string()),
  gmr: z.nullable(z.number()),
  growth_habit: z.nullable(z.string()),
  gmo: z.nullable(z.boolean()),
});

/** The variety's regional parameters (`include=cultivar_regiao_parametros`); null: not informed. */
const sowingVarietyRegionSchema = z.object({
  min_cycle: z.nullable(z.int()),
  max_cycle: z.nullable(z.int()),
  min_population: z.nullable(z.number()),
  max_population: z.nullable(z.number()),
  /** Sowing window as month * 100 + day (1015 = 15 Oct). */
  start_sowing: z.nullable(z.int()),
  end_sowing: z.nullable(z.int()),
  region_states: z.nullable(z.array(z.string())),
});

/** A sowing of the list, with what `include=` asked for. */
export const listedSowingSchema = z.extend(sowingSchema, {
  semente: z.optional(z.nullable(sowingSeedSchema)),
  cultivar_regiao_parametros: z.optional(z.nullable(sowingVarietyRegionSchema)),
  /** Every harvest, the latest first (`include=colheita`). */
  colheitas: z.optional(z.array(sowingHarvestSchema)),
});
export type ListedSowingAnswer = z.infer<typeof listedSowingSchema>;

/**
 * GET /api/semeaduras: the farm's sowings of its country's current seasons (one per crop), or of a
 * season-crop, or touching a period; `include` is a comma-separated list of SOWING_INCLUDES.
 */
export const sowingsQuerySchema = z.object({
  fazenda_id: queryIdSchema,
  season_crop_id: z.optional(queryIdSchema),
  start_period: z.optional(day),
  end_period: z.optional(day),
  include: z.optional(
    z.pipe(
      z.pipe(
        z.string().check(z.maxLength(200)),
        z.transform((value) =>
          value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean),
        ),
      ),
      z.array(z.enum(SOWING_INCLUDES)),
    ),
  ),
});

/** GET /api/sementes/data-emergencia/{id}: a sowing date to suggest the emergence for. */
export const emergenceQuerySchema = z.object({ data_semeadura: day });

/**
 * The emergence suggested for a farm variety sown on a day: the median days from sowing to
 * emergence of the account's earlier sowings of that variety. No source gives a number of days
 * for every variety and place, so without earlier sowings there is no suggestion (nulls).
 */
export const emergenceSuggestionSchema = z.object({
  data_emergencia: z.nullable(day),
  dias: z.nullable(z.int()),
  /** How many earlier sowings the suggestion comes from. */
  baseado_em: z.int(),
});
export type EmergenceSuggestion = z.infer<typeof emergenceSuggestionSchema>;

/** A harvest as the harvest routes answer it: with its sowing. */
export const harvestSchema = z.object({
  id: z.int(),
  semeadura_id: z.int(),
  data_colheita: z.string(),
  produtividade: z.nullable(z.number()),
  perda: z.boolean(),
  dessecacao: z.boolean(),
});
export type HarvestRecord = z.infer<typeof harvestSchema>;

/** /semeaduras/:id/colheita/:harvest_id. */
export const harvestParamsSchema = z.object({ id: queryIdSchema, harvest_id: queryIdSchema });

/** POST /api/harvests/many: one harvest for each of several sowings (all or nothing). */
export const harvestBatchBodySchema = z.strictObject({
  harvests: z
    .array(
      z.strictObject({
        semeadura_id: queryIdSchema,
        data_colheita: isoDateSchema,
        produtividade: z.number().check(z.positive(), z.lte(1_000)),
      }),
    )
    .check(z.minLength(1), z.maxLength(500)),
});

/** GET /api/farms/{id}/sowingsReadyToHarvest: a farm's sowings waiting for their harvest. */
export const harvestableSowingSchema = z.object({
  id: z.int(),
  talhao_id: z.int(),
  area: z.number(),
  data_semeadura: z.nullable(z.string()),
});

/** An irrigation of a sowing as the API answers it. */
export const irrigationSchema = z.object({
  id: z.int(),
  semeadura_id: z.int(),
  start: z.string(),
  end: z.string(),
  blade_mm: z.number(),
});
export type IrrigationAnswer = z.infer<typeof irrigationSchema>;

/** GET /api/irrigacoes: a sowing's irrigations. */
export const irrigationsQuerySchema = z.strictObject({ semeadura_id: queryIdSchema });
