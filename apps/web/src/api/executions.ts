import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  applicationRecordSchema,
  pauseReasonSchema,
  programSchema,
  responsibleProfessionalSchema,
  type ApplicationRecord,
  type ApplicationRecordBody,
  type ExecutionBody,
  type PauseReason,
  type PrescriptionFormat,
  type ProgramAnswer,
  type ResponsibleProfessional,
  type ResponsibleProfessionalBody,
} from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';
import { programKeys } from './programs';

export type { PauseReason };

/**
 * A sowing's program as the execution page reads it: a program with its open pause if any, and
 * where its cycle comes from (a plan imported into a sowing without a cycle: the variety's or the
 * reference 120 days, which the page says).
 */
export type ExecutionProgram = ProgramAnswer;

/** A spraying of a sowing's program; with `data_realizada` it is recorded as applied. */
export type { ExecutionBody };

/** The sowing's program is the farm's: under ['farm', id, 'programs'] it leaves with a farm switch. */
export const executionKeys = {
  ofSowing: (farmId: number, sowingId: number) =>
    [...programKeys.all(farmId), 'sowing', sowingId] as const,
  pauseReasons: ['reference', 'paused-climate-reasons'] as const,
};

/** GET /api/programas?semeadura_id=: the sowing's program (the newest), or null without one. */
export function useSowingProgram(farmId: number, sowingId: number) {
  return useQuery(sowingProgramQuery(farmId, sowingId));
}

export function sowingProgramQuery(farmId: number, sowingId: number) {
  return queryOptions({
    queryKey: executionKeys.ofSowing(farmId, sowingId),
    queryFn: async ({ signal }) => {
      const programs = await apiFetch<ExecutionProgram[]>(
        `/api/programas?${new URLSearchParams({ semeadura_id: String(sowingId) })}`,
        { signal, schema: z.array(programSchema) },
      );
      return programs[0] ?? null;
    },
  });
}

/**
 * GET /api/programas/{id}?include=curvas: the program with the chart's curves and its pause;
 * `placeholder` (the list's answer) is shown meanwhile.
 */
export function useExecutionProgram(
  farmId: number,
  programId: number,
  placeholder?: ExecutionProgram,
) {
  return useQuery({ ...executionProgramQuery(farmId, programId), placeholderData: placeholder });
}

export function executionProgramQuery(farmId: number, programId: number) {
  return queryOptions({
    queryKey: programKeys.one(farmId, programId),
    queryFn: ({ signal }) =>
      apiFetch<ExecutionProgram>(`/api/programas/${programId}?include=curvas`, {
        signal,
        schema: programSchema,
      }),
  });
}

/** GET /api/paused-climate-reasons: drought, hail, lodging, frost, other (names in `reference`). */
export function usePauseReasons() {
  return useQuery({
    queryKey: executionKeys.pauseReasons,
    queryFn: ({ signal }) =>
      apiFetch<PauseReason[]>('/api/paused-climate-reasons', {
        signal,
        schema: z.array(pauseReasonSchema),
      }),
    staleTime: 60 * 60 * 1000,
  });
}

const programAnswer = { schema: programSchema };

/**
 * POST /api/programas/{id}/execucoes: a spraying at the end of the sowing's program, with the
 * rules of a planned application (400 exception.spray.*), 409 exception.program.paused,
 * exception.program.not_execution, exception.sowing.other_season.
 */
export function addExecution(programId: number, body: ExecutionBody) {
  return apiFetch<ExecutionProgram>(`/api/programas/${programId}/execucoes`, {
    method: 'POST',
    json: body,
    ...programAnswer,
  });
}

/**
 * PUT /api/programas/{program_id}/execucoes/{execution_id}: its planned day and products, and with
 * `data_realizada` the day an applied one was sprayed (400 exception.validation_error for a pending
 * one, exception.spray.date_before_sowing; 409 exception.program.paused).
 */
export function updateExecution(programId: number, executionId: number, body: ExecutionBody) {
  return apiFetch<ExecutionProgram>(`/api/programas/${programId}/execucoes/${executionId}`, {
    method: 'PUT',
    json: body,
    ...programAnswer,
  });
}

/** DELETE /api/programas/{program_id}/execucoes/{execution_id}: the last one only (409). */
export function deleteExecution(programId: number, executionId: number) {
  return apiFetch<ExecutionProgram>(`/api/programas/${programId}/execucoes/${executionId}`, {
    method: 'DELETE',
    ...programAnswer,
  });
}

/** POST /api/programs/{id}/sprayings/{ordinal}/apply: applied on `appliedAt`; later sprays move. */
export function applySpraying(programId: number, ordinal: number, appliedAt: string) {
  return apiFetch<ExecutionProgram>(`/api/programs/${programId}/sprayings/${ordinal}/apply`, {
    method: 'POST',
    json: { applied_at: appliedAt },
    ...programAnswer,
  });
}

/** POST /api/programs/{id}/sprayings/{ordinal}/unapply: its plan comes back. */
export function unapplySpraying(programId: number, ordinal: number) {
  return apiFetch<ExecutionProgram>(`/api/programs/${programId}/sprayings/${ordinal}/unapply`, {
    method: 'POST',
    ...programAnswer,
  });
}

/** POST /api/programs/{id}/pause: 'other' needs a description (400); 409 when already paused. */
export function pauseProgram(
  programId: number,
  body: { reason_id: number; description: string | null; paused_at: string },
) {
  return apiFetch<ExecutionProgram>(`/api/programs/${programId}/pause`, {
    method: 'POST',
    json: body,
    ...programAnswer,
  });
}

/** POST /api/programs/{id}/resume: planned sprays from the pause on move by its length. */
export function resumeProgram(programId: number, resumedAt: string) {
  return apiFetch<ExecutionProgram>(`/api/programs/${programId}/resume`, {
    method: 'POST',
    json: { resumed_at: resumedAt },
    ...programAnswer,
  });
}

/** POST /api/programas/{planId}/importar: the plan copied into the sowing, its days moved. */
export function importPlan(planId: number, sowingId: number) {
  return apiFetch<ExecutionProgram>(`/api/programas/${planId}/importar`, {
    method: 'POST',
    json: { semeadura_id: sowingId },
    ...programAnswer,
  });
}

/** The prescription of one spraying as a file (the session cookie goes with a plain link). */
export function prescriptionUrl(programId: number, ordinal: number, format: PrescriptionFormat) {
  return `/api/prescription/${programId}/export?${new URLSearchParams({
    format,
    spraying: String(ordinal),
  })}`;
}

/** GET /api/programs/{id}/sprayings/{ordinal}/record: an applied spraying's application record. */
export function useApplicationRecord(programId: number, ordinal: number) {
  return useQuery({
    queryKey: ['program', programId, 'record', ordinal] as const,
    queryFn: ({ signal }) =>
      apiFetch<ApplicationRecord>(`/api/programs/${programId}/sprayings/${ordinal}/record`, {
        signal,
        schema: applicationRecordSchema,
      }),
    // Always read anew when the dialog opens: someone else may have written it.
    staleTime: 0,
    gcTime: 0,
  });
}

/** PUT /api/programs/{id}/sprayings/{ordinal}/record. */
export function saveApplicationRecord(
  programId: number,
  ordinal: number,
  body: ApplicationRecordBody,
) {
  return apiFetch<ApplicationRecord>(`/api/programs/${programId}/sprayings/${ordinal}/record`, {
    method: 'PUT',
    json: body,
    schema: applicationRecordSchema,
  });
}

const professionalKey = ['account', 'responsible-professional'] as const;

/** GET /api/responsible-professional: the name and registration the account's prescriptions print. */
export function useResponsibleProfessional(enabled = true) {
  return useQuery({
    queryKey: professionalKey,
    queryFn: ({ signal }) =>
      apiFetch<ResponsibleProfessional>('/api/responsible-professional', {
        signal,
        schema: responsibleProfessionalSchema,
      }),
    enabled,
  });
}

/** PUT /api/responsible-professional. */
export function useSaveResponsibleProfessional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResponsibleProfessionalBody) =>
      apiFetch<ResponsibleProfessional>('/api/responsible-professional', {
        method: 'PUT',
        json: body,
        schema: responsibleProfessionalSchema,
      }),
    onSuccess: (answer) => queryClient.setQueryData(professionalKey, answer),
  });
}
