import { z } from 'zod/mini';
import { FIELD_KEYS } from '../field-errors.ts';
import { SEED_CLASSES, SEEDER_SYSTEMS } from '../reference/enumerations.ts';
import { isoDateSchema, recordIdSchema } from './common.ts';

/**
 * A sowing as the API takes it (spec 2 §3 Sowing, §7 save payload; issue 12). Quantities are
 * canonical metric: hectares, centimetres between lines, plants per metre of line, km/h; the web
 * converts from the English units at the edge (units.ts). The limits are the spec's; a value
 * outside them is a field error (400 exception.validation_error) naming the field.
 */

/** The spec's limits of the seeding parameters, in canonical units. */
export const SOWING_LIMITS = {
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
