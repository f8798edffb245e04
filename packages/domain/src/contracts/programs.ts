import { z } from 'zod/mini';
import { FIELD_KEYS } from '../field-errors.ts';
import { LANGUAGES } from '../locale.ts';
import { COUNTRIES } from '../reference/countries.ts';
import { CROPS } from '../reference/crops.ts';
import { PAUSED_CLIMATE_REASONS, SEVERITY_LEVELS } from '../reference/enumerations.ts';
import { CYCLE_SOURCES } from '../programs/program-cycle.ts';
import type { Severity } from '../programs/types.ts';
import { EMPTY_SPRAY_REASONS, HARVEST_BASES } from '../programs/warnings.ts';
import { isoDateSchema, queryIdSchema, recordIdSchema } from './common.ts';

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
const applicationProductSchema = z.strictObject({
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

/** POST /api/programas/{id}/semeadura: the sowing a plan is imported into. */
export const importProgramBodySchema = z.strictObject({ semeadura_id: queryIdSchema });

/** POST /api/programas/{id}/clonar: farm varieties (ids) of the farm `farm_id`. */
export const cloneProgramBodySchema = z.strictObject({
  cultivares: z.array(queryIdSchema).check(z.minLength(1), z.maxLength(50)),
  farm_id: z.optional(queryIdSchema),
});
export type CloneProgramBody = z.infer<typeof cloneProgramBodySchema>;

// ---- the answers --------------------------------------------------------------------------------

/** A date-only day as the API answers it. */
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** GET /api/programas: the programs of a farm variety, a sowing or a farm. */
export const programsQuerySchema = z.object({
  cultivar_id: z.optional(queryIdSchema),
  semeadura_id: z.optional(queryIdSchema),
  fazenda_id: z.optional(queryIdSchema),
  /** 1: each program's scores without each application's explanation (the list page). */
  basic_list: z.optional(z.enum(['0', '1'])),
  /** The programs of the seasons touching this period (YYYY-MM-DD, either end may be open). */
  start_period: z.optional(day),
  end_period: z.optional(day),
  /**
   * Taken for the original client's sake: the scores are computed on every answer from the
   * program as it is, never stored, so they are always up to date.
   */
  updated_score: z.optional(z.enum(['0', '1', 'true', 'false'])),
});

/** GET /api/programas/{id}: `include=curvas` adds the chart's data. */
export const programQuerySchema = z.object({ include: z.optional(z.enum(['curvas'])) });

/** A rule the engine flagged, with its sources (packages/domain/src/programs/warnings.ts). */
const evaluationWarningSchema = z.object({
  code: z.string(),
  fontes: z.array(z.string()),
  doenca_id: z.nullable(z.int()),
  defensivo_id: z.nullable(z.int()),
  valor: z.nullable(z.number()),
  limite: z.nullable(z.number()),
  /** rotation: the FRAC groups repeated; season_cap: the class over its cap (sdhi, qoi, dmi). */
  grupos: z.optional(z.array(z.string())),
  /**
   * The products involved with their FRAC codes (rotation, season_cap; the product of a safety
   * check); `anterior`: a product of R1's previous spray.
   */
  produtos: z.optional(
    z.array(
      z.object({
        defensivo_id: z.int(),
        nome: z.string(),
        frac: z.array(z.string()),
        anterior: z.boolean(),
      }),
    ),
  ),
  /**
   * safety_interval, harvest_in_safety_interval: the harvest the interval is compared with (a
   * recorded one, or R8 / Feekes 11.4 observed or estimated); `valor` the days missing, `limite`
   * the interval.
   */
  colheita: z.optional(z.object({ data: day, origem: z.enum(HARVEST_BASES) })),
  /** harvest_in_safety_interval: the position of the applied spray whose interval it falls in. */
  aplicacao: z.optional(z.int()),
});
export type EvaluationWarning = z.infer<typeof evaluationWarningSchema>;

/** One product's part against one disease: its E with tag and source, dose factor, e. */
const productEfficacySchema = z.object({
  defensivo_id: z.int(),
  /** E at the registered dose, percent; null: not informed. */
  eficacia_percentual: z.nullable(z.number()),
  /** S read in a source, D derived from trial data, A assumption; null: no value. */
  tag: z.nullable(z.enum(['S', 'D', 'A'])),
  fonte: z.nullable(z.string()),
  sem_registro: z.boolean(),
  nao_informado: z.boolean(),
  /** f(ρ), 0–1; 1 with `dose_assumida` (the source gives no registered dose). */
  fator_dose: z.number(),
  dose_assumida: z.boolean(),
  /** e = E/100 · f(ρ), 0–1. */
  eficacia: z.number(),
});
export type ProductEfficacyAnswer = z.infer<typeof productEfficacySchema>;

/** Per spray and target: the efficacies of spec 2 §3 with their explanation (AGRONOMY §5). */
const targetEfficacySchema = z.object({
  alvo_id: z.int(),
  eficacia_potencial: z.number(),
  eficacia_ajustada: z.number(),
  sem_registro: z.boolean(),
  /** U: days of full risk without protection in the 14 before the spray. */
  dias_expostos: z.int(),
  /** τ. */
  fator_epoca: z.number(),
  no_intervalo_recomendado: z.boolean(),
  produtos: z.array(productEfficacySchema),
});
export type TargetEfficacyAnswer = z.infer<typeof targetEfficacySchema>;

/** An application's scores (0–100) and efficacies, as the engine answers them. */
const applicationEvaluationSchema = z.object({
  spray_score: z.number(),
  white_mold_score: z.nullable(z.number()),
  /** The estimated growth stage code on the spray's day. */
  estadio: z.nullable(z.string()),
  estadio_nao_recomendado: z.boolean(),
  eficacias: z.array(targetEfficacySchema),
  avisos: z.array(evaluationWarningSchema),
});
export type ApplicationEvaluation = z.infer<typeof applicationEvaluationSchema>;

/** The chart's data (`include=curvas`): day t = 0..C from data_emergencia. */
const evaluationCurvesSchema = z.object({
  estadios: z.array(z.object({ code: z.string(), date: z.string() })),
  doencas: z.array(
    z.object({
      doenca_id: z.int(),
      /** R_d(t): the risk window weight scaled by severity, 0–1. */
      risco: z.array(z.number()),
      /** P_d(t): the program's protection, 0–0.95. */
      protecao: z.array(z.number()),
    }),
  ),
});

/** A program's scores (0–100) and what they are computed on (AGRONOMY §6). */
const programEvaluationSchema = z.object({
  program_score: z.number(),
  white_mold_program_score: z.nullable(z.number()),
  /** What the scores are computed on. */
  data_emergencia: z.string(),
  ciclo_dias: z.int(),
  severidade: z.enum(SEVERITY_LEVELS.map((level) => level.code) as [Severity, ...Severity[]]),
  /** The program names no severity: computed at medium (m = 1). */
  severidade_assumida: z.boolean(),
  maximo_aplicacoes: z.int(),
  doencas: z.array(
    z.object({
      doenca_id: z.int(),
      papel: z.enum(['main', 'secondary', 'white_mold']),
      peso: z.number(),
      /** T, the protection that counts as full, 0–1. */
      alvo: z.number(),
      score: z.number(),
      fontes: z.array(z.string()),
    }),
  ),
  avisos: z.array(evaluationWarningSchema),
  curvas: z.optional(evaluationCurvesSchema),
});
z.globalRegistry.add(programEvaluationSchema, { id: 'ProgramEvaluation' });
export type ProgramEvaluationAnswer = z.infer<typeof programEvaluationSchema>;

/** Why a program has no scores yet: what the grower has to fill in. */
const EVALUATION_MISSING = ['emergence_and_cycle', 'main_disease'] as const;
export type EvaluationMissing = (typeof EVALUATION_MISSING)[number];

/** A product of an application, with its catalogue name. */
const applicationProductAnswerSchema = z.object({
  defensivo_id: z.int(),
  nome: z.string(),
  /** The product's unit, L or kg (from its formulation); null: not informed. */
  unidade: z.nullable(z.enum(['L', 'kg'])),
  /** Per hectare, in the product's unit. */
  dose: z.number(),
  /** Per unit of product, in the farm's currency. */
  preco: z.number(),
});

/** A planned application, executed once it has `data_realizada` (one record: DESIGN.md §2). */
const applicationSchema = z.object({
  id: z.int(),
  /** 1-based position in the program. */
  aplicacao: z.int(),
  data_aplicacao_planejada: day,
  data_realizada: z.nullable(day),
  mofo_branco: z.boolean(),
  produtos: z.array(applicationProductAnswerSchema),
  /** Σ dose × price of its products, per hectare. */
  custo_ha: z.number(),
  /** Its scores and efficacies with their explanation; null while the program has none. */
  avaliacao: z.nullable(applicationEvaluationSchema),
});
z.globalRegistry.add(applicationSchema, { id: 'Application' });
export type ApplicationAnswer = z.infer<typeof applicationSchema>;

/** The open pause of a program: its reason (GET /api/paused-climate-reasons), description, day. */
const programPauseSchema = z.object({
  reason_id: z.int(),
  description: z.nullable(z.string()),
  paused_at: day,
});

/** A program as the API answers it (spec 2 §3 Program; issue 13 item 5). */
export const programSchema = z.object({
  id: z.int(),
  nome: z.string(),
  fazenda_id: z.int(),
  /** The farm variety it is planned for (planning), or the sowing's. */
  cultivar_id: z.nullable(z.int()),
  /** The sowing it is attached to (execution). */
  semeadura_id: z.nullable(z.int()),
  season_crop_id: z.int(),
  crop_id: z.int(),
  doenca_principal_id: z.nullable(z.int()),
  doencas_secundarias_ids: z.array(z.int()),
  severidade: z.nullable(z.int()),
  mofo_branco: z.boolean(),
  /** White-mold sprays asked of the suggestion; null: the default two (or no white mold). */
  white_mold_total_sprayings: z.nullable(z.int()),
  /** Regular sprays asked of the suggestion; null: the crop's and country's maximum. */
  total_aplicacoes_sugeridas: z.nullable(z.int()),
  racional: z.boolean(),
  imported_from_planning_id: z.nullable(z.int()),
  /** Emergence and cycle the program is computed on: the sowing's, or the planning's expected. */
  data_prevista: z.nullable(day),
  ciclo_dias: z.nullable(z.int()),
  /**
   * Where a sowing's program's cycle comes from: the sowing's; for a plan imported into a sowing
   * without one, the variety's, else the reference 120 days. Null for a plan (its own).
   */
  ciclo_origem: z.nullable(z.enum(CYCLE_SOURCES)),
  is_paused_by_climate: z.boolean(),
  /** The open pause, null when the program is not paused. */
  pausa: z.nullable(programPauseSchema),
  planejamentos: z.array(applicationSchema),
  /** Σ of the applications' cost per hectare. */
  custo_ha: z.number(),
  /** Cost per hectare × the area: the sowing's, or the variety's sowings' on the farm; null: none. */
  custo_total: z.nullable(z.number()),
  /** The hectares `custo_total` counts. */
  area: z.nullable(z.number()),
  /** The engine's scores and their explanation (AGRONOMY.md), or null with the reason. */
  avaliacao: z.nullable(programEvaluationSchema),
  avaliacao_indisponivel: z.nullable(z.enum(EVALUATION_MISSING)),
  created_at: z.string(),
  updated_at: z.string(),
});
z.globalRegistry.add(programSchema, { id: 'Program' });
export type ProgramAnswer = z.infer<typeof programSchema>;

/** A warning of a suggestion: the engine's, with why an empty spray has no product. */
const suggestionWarningSchema = z.object({
  code: z.string(),
  fontes: z.array(z.string()),
  doenca_id: z.nullable(z.int()),
  defensivo_id: z.nullable(z.int()),
  /** empty_spray: why no product was possible; null for the other warnings. */
  motivo: z.nullable(z.enum(EMPTY_SPRAY_REASONS)),
});

/** GET /api/programas/{id}/planejamentos/sugerir: the engine's plan (AGRONOMY §7), unsaved. */
export const suggestionSchema = z.object({
  /** A and B of §7: the days the combined risk is at least 0.5; null when it never is. */
  inicio_risco: z.nullable(z.string()),
  fim_risco: z.nullable(z.string()),
  aplicacoes: z.array(
    z.object({
      aplicacao: z.int(),
      data: z.string(),
      mofo_branco: z.boolean(),
      produtos: z.array(
        z.object({
          defensivo_id: z.int(),
          nome: z.string(),
          /**
           * The label's dose, else the account's last dose; null: neither is known, the grower
           * fills it (the product is registered for the main disease).
           */
          dose: z.nullable(z.number()),
          /** The account's last price of the product; null: never used. */
          preco: z.nullable(z.number()),
        }),
      ),
      /** Why the application has no product; null when it has one (EmptySprayReason). */
      motivo_sem_produto: z.nullable(z.enum(EMPTY_SPRAY_REASONS)),
      /** V = Σ ω_d · min(1, pot_d/T). */
      valor: z.number(),
      /** Potential efficacy per target. */
      eficacias: z.array(z.object({ alvo_id: z.int(), eficacia_potencial: z.number() })),
      /** Candidates that scored higher but a rotation rule or a season cap blocked. */
      bloqueados: z.array(
        z.object({
          defensivo_ids: z.array(z.int()),
          regra: z.enum(['rotation', 'season_cap']),
          grupos: z.array(z.string()),
        }),
      ),
      avisos: z.array(suggestionWarningSchema),
    }),
  ),
  /** Null while a product's dose is to fill (`doses_a_preencher` > 0): the score waits for it. */
  program_score: z.nullable(z.number()),
  white_mold_program_score: z.nullable(z.number()),
  /** Products of the suggested applications whose dose the grower has to fill. */
  doses_a_preencher: z.int(),
  /** Sprays the rational setting removed (§7.5). */
  removidas_racional: z.int(),
  avisos: z.array(suggestionWarningSchema),
});
export type SuggestionAnswer = z.infer<typeof suggestionSchema>;

/** POST /api/defensives/suggest: the positions 1..N with their products, efficacies and diseases. */
export const defensivesSuggestionSchema = z.object({
  positions: z.array(
    z.object({
      position: z.int(),
      /** Empty when no product is left for the position (or the grower's cannot be dosed). */
      defensives: z.array(
        z.object({
          defensive_id: z.int(),
          name: z.string(),
          /** null: no label dose nor a dose of the account's own is known, for the grower to fill. */
          dose: z.nullable(z.number()),
          /** The account's last price of the product; null: never used. */
          price: z.nullable(z.number()),
        }),
      ),
      /** The mixture's potential efficacy (0–0.95) per disease, AGRONOMY §5. */
      efficacies: z.array(z.object({ disease_id: z.int(), efficacy: z.number() })),
      /** The diseases the position was chosen for. */
      diseases: z.array(z.int()),
      /** V = Σ ω_d · min(1, pot_d/T); 0 for an empty position. */
      value: z.number(),
    }),
  ),
});
export type DefensivesSuggestionAnswer = z.infer<typeof defensivesSuggestionSchema>;

// ---- the params of the program routes --------------------------------------------------------

/** /programas/:program_id/planejamentos/:id: an application of a program. */
export const applicationParamsSchema = z.object({ program_id: queryIdSchema, id: queryIdSchema });

/** /programs/:program_id/sprayings/:ordinal: a spraying by its 1-based position. */
export const sprayingParamsSchema = z.object({
  program_id: queryIdSchema,
  ordinal: z.coerce.number().check(z.int(), z.positive(), z.lte(100)),
});

/** /programas/:program_id/execucoes/:execution_id: a spraying of a sowing's program. */
export const executionParamsSchema = z.object({
  program_id: queryIdSchema,
  execution_id: queryIdSchema,
});

// ---- the fungicides a program uses ------------------------------------------------------------

/** GET /api/defensives: the fungicides of the farm's country and the crop. */
export const defensivesQuerySchema = z.strictObject({
  farm_id: queryIdSchema,
  crop_id: queryIdSchema,
  /** The program asking; programs arrive with [programs]. */
  program_id: z.optional(queryIdSchema),
});

/** A fungicide as GET /api/defensives answers it, with the account's last price and dose. */
export const defensiveSchema = z.object({
  id: z.int(),
  nome: z.string(),
  /** L or kg: the doses are per hectare of it; null: not informed. */
  unidade: z.nullable(z.enum(['L', 'kg'])),
  /** "account": a product the account entered itself. */
  origem: z.enum(['catalogue', 'account']),
  tipo: z.literal('fungicide'),
  pais_id: z.int(),
  is_white_mold: z.boolean(),
  doses: z.array(
    z.object({
      target_id: z.int(),
      has_register: z.nullable(z.boolean()),
      dose_recomendada: z.nullable(z.number()),
      dose_recomendada_max: z.nullable(z.number()),
      intervalo_seguranca_dias: z.nullable(z.int()),
    }),
  ),
  lastPrice: z.nullable(z.number()),
  lastDose: z.nullable(z.number()),
});
export type DefensiveAnswer = z.infer<typeof defensiveSchema>;

/** GET /api/defensives/last-values: the account's last price and dose per product. */
export const defensiveLastValueSchema = z.object({
  defensivo_id: z.int(),
  preco: z.nullable(z.number()),
  dose: z.nullable(z.number()),
  ranking: z.int(),
});

/** GET /api/adjuvantes. */
export const adjuvantSchema = z.object({ id: z.int(), nome: z.string() });

// ---- the spray prescription (GET /api/prescription/{program_id}/export) -----------------------

const PRESCRIPTION_FORMATS = ['pdf', 'xlsx'] as const;
export type PrescriptionFormat = (typeof PRESCRIPTION_FORMATS)[number];

export const prescriptionParamsSchema = z.object({ program_id: queryIdSchema });

/** The file's format, the spraying (default: the next to apply) and its language. */
export const prescriptionQuerySchema = z.object({
  format: z._default(z.enum(PRESCRIPTION_FORMATS), 'pdf'),
  /** The spraying's 1-based position in the program. */
  spraying: z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(100))),
  /** Another language than the user's. */
  language: z.optional(z.enum(LANGUAGES)),
});
export type PrescriptionQuery = z.infer<typeof prescriptionQuerySchema>;

// ---- the responsible professional (GET/PUT /api/responsible-professional) ---------------------

/** A name or registration as typed; blank is "none" (the prescription prints an empty line). */
const professionalText = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/**
 * The account's responsible professional, printed on every prescription it exports (issue 30
 * item 6): the agronomist's name and professional registration (CREA/CFTA in Brazil, a state
 * licence in the USA, a registration of the Colegio de Ingenieros Agrónomos in Paraguay).
 */
export const responsibleProfessionalBodySchema = z.object({
  name: professionalText(120),
  registration: professionalText(60),
});
export type ResponsibleProfessionalBody = z.infer<typeof responsibleProfessionalBodySchema>;

export const responsibleProfessionalSchema = z.object({
  name: z.nullable(z.string()),
  registration: z.nullable(z.string()),
});
export type ResponsibleProfessional = z.infer<typeof responsibleProfessionalSchema>;
