import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  defensiveSchema,
  programSchema,
  suggestionSchema,
  type ApplicationAnswer,
  type ApplicationBody,
  type ApplicationEvaluation,
  type CloneProgramBody,
  type DefensiveAnswer,
  type EvaluationMissing,
  type EvaluationWarning,
  type ProductEfficacyAnswer,
  type ProgramAnswer,
  type ProgramBody,
  type ProgramEvaluationAnswer,
  type SuggestionAnswer,
  type TargetEfficacyAnswer,
} from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';

export type { ApplicationBody, ProgramBody };

/** The program's answers are the API's contract (packages/domain contracts/programs.ts). */
export type Program = ProgramAnswer;
export type Application = ApplicationAnswer;
export type ProgramEvaluation = ProgramEvaluationAnswer;
export type ProductEfficacy = ProductEfficacyAnswer;
export type TargetEfficacy = TargetEfficacyAnswer;
export type Suggestion = SuggestionAnswer;
export type { ApplicationEvaluation, CloneProgramBody, EvaluationMissing, EvaluationWarning };

export type Defensive = DefensiveAnswer;

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
  return useQuery({ ...defensivesQuery(farmId, cropId ?? 0), enabled: cropId !== null });
}

export function defensivesQuery(farmId: number, cropId: number) {
  return queryOptions({
    queryKey: programKeys.defensives(farmId, cropId),
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
function programBodyOf(program: Program, name: string): ProgramBody {
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
