import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  farmSeedSchema,
  farmVarietySchema,
  type FarmSeed,
  type FarmVariety,
  type VarietySolicitationBody,
} from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';

export type { FarmSeed, FarmVariety, VarietySolicitationBody };

/** A farm's varieties and seeds are the farm's: under ['farm', id] they leave with a farm switch. */
export const varietyKeys = {
  all: (farmId: number) => ['farm', farmId, 'varieties'] as const,
  list: (farmId: number, seasonCropId: number) =>
    ['farm', farmId, 'varieties', 'list', seasonCropId] as const,
  seeds: (farmId: number, seasonCropId: number, search: string) =>
    ['farm', farmId, 'varieties', 'seeds', seasonCropId, search] as const,
};

/** GET /api/cultivares: the varieties the farm has in a season-crop, by name. */
export function useFarmVarieties(farmId: number, seasonCropId: number | null) {
  return useQuery({
    ...farmVarietiesQuery(farmId, seasonCropId ?? 0),
    enabled: seasonCropId !== null,
  });
}

/** GET /api/cultivares?fazenda_id=&season_crop_id=: the farm's varieties of a season-crop. */
export function farmVarietiesQuery(farmId: number, seasonCropId: number) {
  return queryOptions({
    queryKey: varietyKeys.list(farmId, seasonCropId),
    queryFn: ({ signal }) =>
      apiFetch<FarmVariety[]>(
        `/api/cultivares?${new URLSearchParams({
          fazenda_id: String(farmId),
          season_crop_id: String(seasonCropId),
        })}`,
        { signal, schema: z.array(farmVarietySchema) },
      ),
  });
}

/**
 * GET /api/sementes/fazenda/{id}: the catalogue's varieties of the season-crop's crop the farm may
 * add, each with its farm-variety id when added and whether it is indicated where the farm is.
 */
export function useFarmSeeds(farmId: number, seasonCropId: number, cropId: number, search: string) {
  const params = new URLSearchParams({
    season_crop_id: String(seasonCropId),
    crop_id: String(cropId),
  });
  if (search) params.set('search', search);
  return useQuery({
    queryKey: varietyKeys.seeds(farmId, seasonCropId, search),
    queryFn: ({ signal }) =>
      apiFetch<FarmSeed[]>(`/api/sementes/fazenda/${farmId}?${params}`, {
        signal,
        schema: z.array(farmSeedSchema),
      }),
    // Typing a search keeps the previous answer on screen until the new one comes.
    placeholderData: keepPreviousData,
  });
}

/** POST /api/cultivares: 409 exception.variety.already_added / not_indicated_for_region. */
export function addFarmVariety(farmId: number, seasonCropId: number, seedId: number) {
  return apiFetch<FarmVariety>('/api/cultivares', {
    method: 'POST',
    json: { fazenda_id: farmId, season_crop_id: seasonCropId, seed_id: seedId },
    schema: farmVarietySchema,
  });
}

/** DELETE /api/cultivares/{id}/fazenda/{farmId}: 409 exception.variety.in_use. */
export async function removeFarmVariety(id: number, farmId: number): Promise<void> {
  await apiFetch(`/api/cultivares/${id}/fazenda/${farmId}`, { method: 'DELETE' });
}

/** POST /api/cultivares/{id}/clonar: the copies made (a farm that has it already is skipped). */
export function copyFarmVariety(id: number, farmIds: readonly number[]) {
  return apiFetch<FarmVariety[]>(`/api/cultivares/${id}/clonar`, {
    method: 'POST',
    json: { fazendas: farmIds },
    schema: z.array(farmVarietySchema),
  });
}

/** POST /api/notification/variety-solicitation: a variety the catalogue lacks, sent to support. */
export async function requestVariety(body: VarietySolicitationBody): Promise<void> {
  await apiFetch('/api/notification/variety-solicitation', {
    method: 'POST',
    json: body,
    schema: z.literal(true),
  });
}
