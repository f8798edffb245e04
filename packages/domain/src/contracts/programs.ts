import { z } from 'zod/mini';
import { FIELD_KEYS } from '../field-errors.ts';
import { COUNTRIES } from '../reference/countries.ts';
import { CROPS } from '../reference/crops.ts';
import { PAUSED_CLIMATE_REASONS, SEVERITY_LEVELS } from '../reference/enumerations.ts';
import { isoDateSchema, recordIdSchema } from './common.ts';

/**
 * A spray program and its applications as the API takes them (spec 2 §3 Program, Planned
 * application; issue 13 "Exact names"). A program is planned for a farm's variety (`cultivar_id`)
 * or attached to a sowing (`semeadura_id`): exactly one of the two. More than two secondary
 * diseases is its own refusal (400 exception.program.too_many_diseases), not a field error.
 */
export const programBodySchema = z
  .strictObject({
    cultivar_id: z.optional(z.nullable(recordIdSchema)),
    semeadura_id: z.optional(z.nullable(recordIdSchema)),
    nome: z.optional(z.string().check(z.trim(), z.maxLength(120))),
    doenca_principal_id: recordIdSchema,
    doencas_secundarias_ids: z.optional(z.array(recordIdSchema).check(z.maxLength(20))),
    severidade: z.optional(
      z.nullable(
        z.int().check(
          z.refine((id) => SEVERITY_LEVELS.some((level) => level.id === id), {
            message: FIELD_KEYS.invalid,
          }),
        ),
      ),
    ),
    mofo_branco: z.optional(z.boolean()),
    /** White-mold sprays asked of the suggestion (n_MB), 1–3; absent: two (S16). */
    white_mold_total_sprayings: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(3)))),
    /** Regular sprays asked of the suggestion, up to the crop's maximum; absent: the maximum. */
    total_aplicacoes_sugeridas: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(7)))),
    racional: z.optional(z.boolean()),
    /** A planning program's expected emergence; an execution takes its sowing's. */
    data_prevista: z.optional(z.nullable(isoDateSchema)),
    /** A planning program's cycle in days (emergence to the last stage). */
    ciclo_dias: z.optional(z.nullable(z.int().check(z.positive(), z.lte(365)))),
  })
  .check(
    z.refine(
      (body) => ((body.cultivar_id ?? null) !== null) !== ((body.semeadura_id ?? null) !== null),
      {
        message: FIELD_KEYS.invalid,
        path: ['cultivar_id'],
      },
    ),
  );
export type ProgramBody = z.infer<typeof programBodySchema>;

/** One product of an application: dose per hectare in the product's unit, price per unit. */
export const applicationProductSchema = z.strictObject({
  defensivo_id: recordIdSchema,
  dose: z.number().check(z.positive(), z.lte(100_000)),
  preco: z.number().check(z.gte(0), z.lte(100_000_000)),
});

/** A planned or executed application (one record): its day, white-mold flag and products. */
export const applicationBodySchema = z.strictObject({
  data: isoDateSchema,
  mofo_branco: z.optional(z.boolean()),
  produtos: z.array(applicationProductSchema).check(z.minLength(1), z.maxLength(10)),
});
export type ApplicationBody = z.infer<typeof applicationBodySchema>;

/**
 * A sowing's spraying (POST/PUT /api/programas/{id}/execucoes): an application, and the day it was
 * sprayed when it is recorded as applied.
 */
export const executionBodySchema = z.strictObject({
  ...applicationBodySchema.shape,
  data_realizada: z.optional(isoDateSchema),
});
export type ExecutionBody = z.infer<typeof executionBodySchema>;

/** POST /api/programs/{id}/sprayings/{ordinal}/apply: the day it was sprayed (default today). */
export const applySprayingBodySchema = z.strictObject({
  applied_at: z.optional(isoDateSchema),
});

/** The longest description of a pause, in characters (the form counts down to it). */
export const PAUSE_DESCRIPTION_MAX = 500;

/** POST /api/programs/{id}/pause: the reason ('other' needs a description) and the day. */
export const pauseBodySchema = z
  .strictObject({
    reason_id: z.int().check(
      z.refine((id) => PAUSED_CLIMATE_REASONS.some((reason) => reason.id === id), {
        message: FIELD_KEYS.invalid,
      }),
    ),
    description: z.optional(
      z.nullable(z.string().check(z.trim(), z.maxLength(PAUSE_DESCRIPTION_MAX))),
    ),
    paused_at: z.optional(isoDateSchema),
  })
  .check(
    z.refine(
      (body) =>
        !PAUSED_CLIMATE_REASONS.find((reason) => reason.id === body.reason_id)
          ?.requires_description || Boolean(body.description?.trim()),
      { message: FIELD_KEYS.required, path: ['description'] },
    ),
  );
export type PauseBody = z.infer<typeof pauseBodySchema>;

/** POST /api/programs/{id}/resume: the day (default today). */
export const resumeBodySchema = z.strictObject({ resumed_at: z.optional(isoDateSchema) });

/**
 * POST /api/defensives/suggest (spec 2 §7 Defensives): the engine's products for sprays 1..N of a
 * program not yet written. `season_crop` is taken for the original client's sake and not used: the
 * catalogue's efficacies do not change with the season.
 */
export const defensivesSuggestionBodySchema = z.strictObject({
  spraying_number: z.int().check(z.gte(1), z.lte(7)),
  country_id: z.int().check(
    z.refine((id) => COUNTRIES.some((country) => country.id === id), {
      message: FIELD_KEYS.invalid,
    }),
  ),
  crop_id: z
    .int()
    .check(z.refine((id) => CROPS.some((crop) => crop.id === id), { message: FIELD_KEYS.invalid })),
  major_disease_id: recordIdSchema,
  second_major_disease_id: z.optional(z.nullable(recordIdSchema)),
  main_defensive_id: z.optional(z.nullable(recordIdSchema)),
  season_crop: z.optional(z.nullable(recordIdSchema)),
});
export type DefensivesSuggestionBody = z.infer<typeof defensivesSuggestionBodySchema>;
