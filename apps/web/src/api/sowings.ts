import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import {
  ERRORS,
  enumeratedSchema,
  type Enumerated,
  emergenceSuggestionSchema,
  sowingSchema,
  type HarvestBody,
  type SowingAnswer,
  type SowingBody,
} from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';
import { farmVarietiesQuery } from './varieties';

export type { HarvestBody, SowingBody };

/** A sowing as GET/POST/PUT /api/semeaduras answer it: the API's contract. */
export type Sowing = SowingAnswer;

/** A farm's sowings are the farm's: under ['farm', id] they leave with a farm switch. */
export const sowingKeys = {
  all: (farmId: number) => ['farm', farmId, 'sowings'] as const,
};

/**
 * GET /api/semeaduras?fazenda_id=: the farm's sowings of its current seasons, or those touching a
 * period (a past season's, for the list's season filter).
 */
export function useSowings(
  farmId: number,
  period?: { start_period: string; end_period: string } | undefined,
) {
  return useQuery(sowingsQuery(farmId, period));
}

export function sowingsQuery(
  farmId: number,
  period?: { start_period: string; end_period: string } | undefined,
) {
  return queryOptions({
    queryKey: period
      ? ([...sowingKeys.all(farmId), 'period', period.start_period, period.end_period] as const)
      : sowingKeys.all(farmId),
    queryFn: ({ signal }) =>
      apiFetch<Sowing[]>(
        `/api/semeaduras?${new URLSearchParams({ fazenda_id: String(farmId), ...period })}`,
        { signal, schema: z.array(sowingSchema) },
      ),
  });
}

/** POST /api/semeaduras: 400 exception.sowing.area_exceeds_remaining, exception.validation_error… */
export function createSowing(body: SowingBody): Promise<Sowing> {
  return apiFetch('/api/semeaduras', { method: 'POST', json: body, schema: sowingSchema });
}

/** PUT /api/semeaduras/{id}: 409 exception.sowing.date_locked / other_season, and POST's refusals. */
export function updateSowing(id: number, body: SowingBody): Promise<Sowing> {
  return apiFetch(`/api/semeaduras/${id}`, { method: 'PUT', json: body, schema: sowingSchema });
}

/** Why the sowing date can no longer change (null: it can): a harvest or applied sprays. */
export function sowingDateLock(sowing: Sowing): 'harvest' | 'sprays' | null {
  if (sowing.colheita !== null) return 'harvest';
  if ((sowing.total_execucoes ?? 0) > 0) return 'sprays';
  return null;
}

/**
 * Why the API would refuse to delete the sowing, as its error key (null: it would not): a
 * harvest, applied sprays or a program.
 */
export function sowingDeleteRefusal(sowing: Sowing): string | null {
  if (sowing.colheita !== null) return ERRORS.sowingHasHarvest.key;
  if ((sowing.total_execucoes ?? 0) > 0) return ERRORS.sowingHasAppliedSprays.key;
  if (sowing.programa) return ERRORS.sowingUsedInProgram.key;
  return null;
}

/** DELETE /api/semeaduras/{id}: 409 exception.sowing.has_harvest / has_applied_sprays / used_in_program. */
export async function deleteSowing(id: number): Promise<void> {
  await apiFetch(`/api/semeaduras/${id}`, { method: 'DELETE' });
}

/** POST /api/semeaduras/{id}/colheita: productivity in sc/ha, or a crop loss. */
export async function recordHarvest(id: number, body: HarvestBody): Promise<void> {
  await apiFetch(`/api/semeaduras/${id}/colheita`, { method: 'POST', json: body });
}

/**
 * The names of the farm's varieties of several season-crops (the sowings' own), by farm-variety
 * id: the same queries as the varieties page, so its cache serves both.
 */
export function useVarietyNames(farmId: number, seasonCropIds: readonly number[]) {
  const results = useQueries({
    queries: seasonCropIds.map((seasonCropId) => farmVarietiesQuery(farmId, seasonCropId)),
  });
  const names = new Map<number, string>();
  for (const result of results) for (const row of result.data ?? []) names.set(row.id, row.name);
  return names;
}

// The spec's fixed lists: they change with a deployment only.
const ENUMERATION_STALE_TIME = 60 * 60 * 1000;

const sowingReferenceKeys = {
  seedClasses: ['reference', 'seed-classes'] as const,
  seederSystems: ['reference', 'seeder-systems'] as const,
};

/** GET /api/seed-class: certified, inspected, selected (names in the `reference` namespace). */
export function useSeedClasses() {
  return useQuery({
    queryKey: sowingReferenceKeys.seedClasses,
    queryFn: ({ signal }) =>
      apiFetch<Enumerated[]>('/api/seed-class', { signal, schema: z.array(enumeratedSchema) }),
    staleTime: ENUMERATION_STALE_TIME,
  });
}

/** GET /api/seeder-system: the seeder's metering system (names in the `reference` namespace). */
export function useSeederSystems() {
  return useQuery({
    queryKey: sowingReferenceKeys.seederSystems,
    queryFn: ({ signal }) =>
      apiFetch<Enumerated[]>('/api/seeder-system', { signal, schema: z.array(enumeratedSchema) }),
    staleTime: ENUMERATION_STALE_TIME,
  });
}

/** GET /api/sementes/data-emergencia/{cultivar_id}: from the account's earlier sowings of it. */
export interface EmergenceSuggestion {
  data_emergencia: string | null;
  dias: number | null;
  baseado_em: number;
}

/**
 * The emergence date the account's earlier sowings of the variety suggest for a sowing date. A
 * failure (the route not there yet: 404) is no error to show: the form then offers nothing.
 */
export function useEmergenceSuggestion(cultivarId: number | null, sowingDate: string | null) {
  return useQuery({
    queryKey: ['emergence-suggestion', cultivarId, sowingDate] as const,
    queryFn: ({ signal }) =>
      apiFetch<EmergenceSuggestion>(
        `/api/sementes/data-emergencia/${cultivarId}?${new URLSearchParams({
          data_semeadura: sowingDate!,
        })}`,
        { signal, schema: emergenceSuggestionSchema },
      ),
    enabled: cultivarId !== null && sowingDate !== null,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}
