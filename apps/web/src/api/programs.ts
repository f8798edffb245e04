import { queryOptions, useQuery } from '@tanstack/react-query';
import { EMPTY_SPRAY_REASONS, type ApplicationBody, type ProgramBody } from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';

export type { ApplicationBody, ProgramBody };

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** A product of an application, with its catalogue name (the API's program.presenter.ts). */
export const applicationProductSchema = z.object({
  defensivo_id: z.int(),
  nome: z.string(),
  /** Per hectare, in the product's unit. */
  dose: z.number(),
  /** Per unit of product, in the farm's currency. */
  preco: z.number(),
});

/** A rule the engine flagged, with its sources (packages/domain/src/programs/warnings.ts). */
export const evaluationWarningSchema = z.object({
  code: z.string(),
  fontes: z.array(z.string()),
  doenca_id: z.nullable(z.int()),
  defensivo_id: z.nullable(z.int()),
  valor: z.nullable(z.number()),
  limite: z.nullable(z.number()),
});
export type EvaluationWarning = z.infer<typeof evaluationWarningSchema>;

/** One product's part against one target: E (percent) with its tag and source, dose factor, e. */
export const productEfficacySchema = z.object({
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
export type ProductEfficacy = z.infer<typeof productEfficacySchema>;

/** Per application and target: the efficacies (fractions 0–0.95) and their explanation. */
export const targetEfficacySchema = z.object({
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
export type TargetEfficacy = z.infer<typeof targetEfficacySchema>;

/** An application's scores (0–100) and efficacies, as the engine answers them. */
export const applicationEvaluationSchema = z.object({
  spray_score: z.number(),
  white_mold_score: z.nullable(z.number()),
  /** The estimated growth stage code on the spray's day. */
  estadio: z.nullable(z.string()),
  estadio_nao_recomendado: z.boolean(),
  eficacias: z.array(targetEfficacySchema),
  avisos: z.array(evaluationWarningSchema),
});
export type ApplicationEvaluation = z.infer<typeof applicationEvaluationSchema>;

/** The chart's data (`?include=curvas`): day t = 0..C from data_emergencia. */
export const evaluationCurvesSchema = z.object({
  estadios: z.array(z.object({ code: z.string(), date: day })),
  doencas: z.array(
    z.object({
      doenca_id: z.int(),
      /** R_d(t), 0–1. */
      risco: z.array(z.number()),
      /** P_d(t), 0–0.95. */
      protecao: z.array(z.number()),
    }),
  ),
});
export type EvaluationCurves = z.infer<typeof evaluationCurvesSchema>;

/** A program's scores (0–100) and what they are computed on (AGRONOMY §6). */
export const programEvaluationSchema = z.object({
  program_score: z.number(),
  white_mold_program_score: z.nullable(z.number()),
  data_emergencia: day,
  ciclo_dias: z.int(),
  /** The severity level's code (high, medium_high, medium, medium_low, low). */
  severidade: z.string(),
  /** The program names no severity: computed at medium. */
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
export type ProgramEvaluation = z.infer<typeof programEvaluationSchema>;

/** Why a program has no scores: what the grower has to fill in. */
export const EVALUATION_MISSING = ['emergence_and_cycle', 'main_disease'] as const;
export type EvaluationMissing = (typeof EVALUATION_MISSING)[number];

/** A planned application; executed once it has `data_realizada`. */
export const applicationSchema = z.object({
  id: z.int(),
  /** 1-based position in the program. */
  aplicacao: z.int(),
  data_aplicacao_planejada: day,
  data_realizada: z.nullable(day),
  mofo_branco: z.boolean(),
  produtos: z.array(applicationProductSchema),
  /** Σ dose × price of its products, per hectare. */
  custo_ha: z.number(),
  /** The engine's scores and explanation; null: the program cannot be scored yet. */
  avaliacao: z.optional(z.nullable(applicationEvaluationSchema)),
});
export type Application = z.infer<typeof applicationSchema>;

/** A program as GET/POST/PUT /api/programas answer it (spec 2 §3 Program). */
export const programSchema = z.object({
  id: z.int(),
  nome: z.string(),
  fazenda_id: z.int(),
  cultivar_id: z.nullable(z.int()),
  semeadura_id: z.nullable(z.int()),
  season_crop_id: z.int(),
  crop_id: z.int(),
  doenca_principal_id: z.nullable(z.int()),
  doencas_secundarias_ids: z.array(z.int()),
  severidade: z.nullable(z.int()),
  mofo_branco: z.boolean(),
  /** White-mold sprays asked of the suggestion; null: two (or no white mold). */
  white_mold_total_sprayings: z.optional(z.nullable(z.int())),
  /** Regular sprays asked of the suggestion; null: as many as the risk needs, up to the limit. */
  total_aplicacoes_sugeridas: z.optional(z.nullable(z.int())),
  racional: z.boolean(),
  data_prevista: z.nullable(day),
  ciclo_dias: z.nullable(z.int()),
  is_paused_by_climate: z.boolean(),
  planejamentos: z.array(applicationSchema),
  /** Σ of the applications' cost per hectare, in the farm's currency. */
  custo_ha: z.number(),
  /** Cost per hectare × the variety's sown area on the farm; null: nothing sown yet. */
  custo_total: z.nullable(z.number()),
  area: z.nullable(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
  /** The engine's scores and their explanation; null: see `avaliacao_indisponivel`. */
  avaliacao: z.optional(z.nullable(programEvaluationSchema)),
  /** Why there is no `avaliacao`. */
  avaliacao_indisponivel: z.optional(z.nullable(z.enum(EVALUATION_MISSING))),
});
export type Program = z.infer<typeof programSchema>;

/** A fungicide as GET /api/defensives answers it, with the account's last price and dose. */
export const defensiveSchema = z.object({
  id: z.int(),
  nome: z.string(),
  /** The product's unit (L, kg…); null: the data set does not say. */
  unidade: z.nullable(z.string()),
  /** "account": a product the account entered itself. */
  origem: z.optional(z.enum(['catalogue', 'account'])),
  is_white_mold: z.boolean(),
  lastPrice: z.nullable(z.number()),
  lastDose: z.nullable(z.number()),
});
export type Defensive = z.infer<typeof defensiveSchema>;

/** A farm's programs are the farm's: under ['farm', id] they leave with a farm switch. */
export const programKeys = {
  all: (farmId: number) => ['farm', farmId, 'programs'] as const,
  ofVariety: (farmId: number, farmVarietyId: number) =>
    ['farm', farmId, 'programs', 'variety', farmVarietyId] as const,
  one: (farmId: number, programId: number) =>
    ['farm', farmId, 'programs', 'one', programId] as const,
  defensives: (farmId: number, cropId: number) =>
    ['farm', farmId, 'programs', 'defensives', cropId] as const,
};

/** GET /api/programas?cultivar_id=: the plans of one farm variety, newest first. */
export function useVarietyPrograms(farmId: number, farmVarietyId: number) {
  return useQuery({
    queryKey: programKeys.ofVariety(farmId, farmVarietyId),
    queryFn: ({ signal }) =>
      apiFetch<Program[]>(`/api/programas?cultivar_id=${farmVarietyId}`, {
        signal,
        schema: z.array(programSchema),
      }),
  });
}

/** GET /api/programas/{id}?include=curvas: with the risk and protection per day for the chart. */
export function useProgram(farmId: number, programId: number) {
  return useQuery({
    queryKey: programKeys.one(farmId, programId),
    queryFn: ({ signal }) =>
      apiFetch<Program>(`/api/programas/${programId}?include=curvas`, {
        signal,
        schema: programSchema,
      }),
  });
}

/** GET /api/defensives: the fungicides of the farm's country and the crop (none asked without). */
export function useDefensives(farmId: number, cropId: number | null) {
  return useQuery({
    queryKey: programKeys.defensives(farmId, cropId ?? 0),
    enabled: cropId !== null,
    queryFn: ({ signal }) =>
      apiFetch<Defensive[]>(
        `/api/defensives?${new URLSearchParams({ farm_id: String(farmId), crop_id: String(cropId) })}`,
        { signal, schema: z.array(defensiveSchema) },
      ),
    staleTime: 5 * 60 * 1000,
  });
}

/** POST /api/programas: 400 exception.program.too_many_diseases. */
export function createProgram(body: ProgramBody) {
  return apiFetch<Program>('/api/programas', { method: 'POST', json: body, schema: programSchema });
}

/** PUT /api/programas/{id}: the same body, for the same variety. */
export function updateProgram(programId: number, body: ProgramBody) {
  return apiFetch<Program>(`/api/programas/${programId}`, {
    method: 'PUT',
    json: body,
    schema: programSchema,
  });
}

/** DELETE /api/programas/{id}: 409 exception.program.has_sprays. */
export async function deleteProgram(programId: number): Promise<void> {
  await apiFetch(`/api/programas/${programId}`, { method: 'DELETE' });
}

/**
 * POST /api/programas/{id}/planejamentos, the program answered: 400 exception.spray.
 * duplicated_defensive, date_before_last, date_before_sowing, white_mold_limit,
 * exception.program.max_sprays, exception.validation_error.
 */
export function addApplication(programId: number, body: ApplicationBody) {
  return apiFetch<Program>(`/api/programas/${programId}/planejamentos`, {
    method: 'POST',
    json: body,
    schema: programSchema,
  });
}

/** PUT /api/programas/{program_id}/planejamentos/{id}: the rules of a new one. */
export function updateApplication(programId: number, applicationId: number, body: ApplicationBody) {
  return apiFetch<Program>(`/api/programas/${programId}/planejamentos/${applicationId}`, {
    method: 'PUT',
    json: body,
    schema: programSchema,
  });
}

/** DELETE /api/programas/{program_id}/planejamentos/{id}: 409 exception.spray.only_last_removable. */
export function deleteApplication(programId: number, applicationId: number) {
  return apiFetch<Program>(`/api/programas/${programId}/planejamentos/${applicationId}`, {
    method: 'DELETE',
    schema: programSchema,
  });
}

/** The body that makes a program again: its settings, for the same variety. */
export function programBodyOf(program: Program, name: string): ProgramBody {
  return {
    cultivar_id: program.cultivar_id,
    nome: name,
    doenca_principal_id: program.doenca_principal_id!,
    doencas_secundarias_ids: program.doencas_secundarias_ids,
    severidade: program.severidade,
    mofo_branco: program.mofo_branco,
    white_mold_total_sprayings: program.white_mold_total_sprayings ?? null,
    total_aplicacoes_sugeridas: program.total_aplicacoes_sugeridas ?? null,
    racional: program.racional,
    data_prevista: program.data_prevista,
    ciclo_dias: program.ciclo_dias,
  };
}

/**
 * Duplicates a planning program on the client (the API's /clonar copies to other varieties): a new
 * program with the same settings, then each application in order. A failure part-way leaves the
 * copy with the applications made so far, and is thrown.
 */
export async function duplicateProgram(program: Program, name: string): Promise<Program> {
  let copy = await createProgram(programBodyOf(program, name));
  for (const application of program.planejamentos) {
    copy = await addApplication(copy.id, {
      data: application.data_aplicacao_planejada,
      mofo_branco: application.mofo_branco,
      produtos: application.produtos.map(({ defensivo_id, dose, preco }) => ({
        defensivo_id,
        dose,
        preco,
      })),
    });
  }
  return copy;
}

/** GET /api/programas/{id}/planejamentos/sugerir: the engine's plan, not saved (AGRONOMY §7). */
export const suggestionSchema = z.object({
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
          /** null: no label dose nor a dose of the account's own is known, for the grower to fill. */
          dose: z.nullable(z.number()),
          preco: z.nullable(z.number()),
        }),
      ),
      /** Why the application has no product (the engine's reason); null when it has one. */
      motivo_sem_produto: z.nullable(z.enum(EMPTY_SPRAY_REASONS)),
      valor: z.number(),
    }),
  ),
  /** Null while a dose is to fill: the score waits for it. */
  program_score: z.nullable(z.number()),
  white_mold_program_score: z.nullable(z.number()),
  doses_a_preencher: z.int(),
  removidas_racional: z.int(),
  /** The program's warnings: an empty_spray of white mold names its reason. */
  avisos: z.array(
    z.object({
      code: z.string(),
      doenca_id: z.nullable(z.int()),
      motivo: z.nullable(z.enum(EMPTY_SPRAY_REASONS)),
    }),
  ),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export function useSuggestion(farmId: number, programId: number) {
  return useQuery({
    queryKey: [...programKeys.one(farmId, programId), 'suggestion'] as const,
    queryFn: ({ signal }) =>
      apiFetch<Suggestion>(`/api/programas/${programId}/planejamentos/sugerir`, {
        signal,
        schema: suggestionSchema,
      }),
  });
}

/**
 * useProgram's query (the same key and call, `include=curvas`), for a page that shows several
 * programs at once with useQueries (the comparison).
 */
export function programQuery(farmId: number, programId: number) {
  return queryOptions({
    queryKey: programKeys.one(farmId, programId),
    queryFn: ({ signal }) =>
      apiFetch<Program>(`/api/programas/${programId}?include=curvas`, {
        signal,
        schema: programSchema,
      }),
  });
}

/**
 * GET /api/programas?fazenda_id=&basic_list=1: a farm's plans and executions, newest first, with
 * their scores (without each application's explanation).
 */
export function useFarmPrograms(farmId: number) {
  return useQuery({
    queryKey: [...programKeys.all(farmId), 'farm'] as const,
    queryFn: ({ signal }) =>
      apiFetch<Program[]>(
        `/api/programas?${new URLSearchParams({ fazenda_id: String(farmId), basic_list: '1' })}`,
        { signal, schema: z.array(programSchema) },
      ),
  });
}

/** The body of POST /api/programas/{id}/clonar: farm varieties (ids) of the farm `farm_id`. */
export interface CloneProgramBody {
  cultivares: number[];
  farm_id: number;
}

/**
 * POST /api/programas/{id}/clonar: a copy of the program (settings and applications) for each farm
 * variety, all or nothing; the copies answered. 400 exception.validation_error without varieties
 * or with one of another crop or farm, 404 exception.not_found for a variety or farm not seen.
 */
export function cloneProgram(programId: number, body: CloneProgramBody) {
  return apiFetch<Program[]>(`/api/programas/${programId}/clonar`, {
    method: 'POST',
    json: body,
    schema: z.array(programSchema),
  });
}
