import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  growthStageDaySchema,
  harvestSchema,
  irrigationSchema,
  sowingSchema,
  stageObservationSchema,
  type GrowthStageDay,
  type HarvestBody,
  type HarvestRecord,
  type IrrigationAnswer,
  type IrrigationBody,
  type SowingAnswer,
} from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';

export type { HarvestBody, IrrigationBody };

/**
 * One sowing's page (/sowings/{id}): the sowing, its growth stages, harvests and irrigations
 * (spec 2 §3 Sowing, Harvest, Irrigation; issue 12 items 3–5, 8). Keyed under the farm's sowings
 * (`['farm', farmId, 'sowings', …]`): a farm switch drops them, and invalidating the farm's
 * sowings (a harvest changes a sowing's status) refreshes the page too.
 */
export const sowingRecordKeys = {
  detail: (farmId: number, sowingId: number) =>
    ['farm', farmId, 'sowings', 'detail', sowingId] as const,
  stages: (farmId: number, sowingId: number) =>
    ['farm', farmId, 'sowings', 'detail', sowingId, 'growth-stages'] as const,
  observations: (farmId: number, sowingId: number) =>
    ['farm', farmId, 'sowings', 'detail', sowingId, 'observations'] as const,
  harvests: (farmId: number, sowingId: number) =>
    ['farm', farmId, 'sowings', 'detail', sowingId, 'harvests'] as const,
  irrigations: (farmId: number, sowingId: number) =>
    ['farm', farmId, 'sowings', 'detail', sowingId, 'irrigations'] as const,
};

/** The page's answers are the API's contract (packages/domain contracts/sowings.ts). */
export type SowingDetail = SowingAnswer;
export type TimelineStage = GrowthStageDay;
export type StageObservation = z.infer<typeof stageObservationSchema>;
export type Harvest = HarvestRecord;
export type Irrigation = IrrigationAnswer;

/** GET /api/semeaduras/{id}: 404 for a sowing the session does not see (or deleted). */
export function useSowingDetail(farmId: number, sowingId: number) {
  return useQuery(sowingDetailQuery(farmId, sowingId));
}

export function sowingDetailQuery(farmId: number, sowingId: number) {
  return queryOptions({
    queryKey: sowingRecordKeys.detail(farmId, sowingId),
    queryFn: ({ signal }) =>
      apiFetch<SowingDetail>(`/api/semeaduras/${sowingId}`, {
        signal,
        schema: sowingSchema,
      }),
  });
}

/** GET /api/semeaduras/{id}/growth-stages: the estimated timeline (empty without emergence or cycle). */
export function useGrowthStages(farmId: number, sowingId: number) {
  return useQuery(growthStagesQuery(farmId, sowingId));
}

export function growthStagesQuery(farmId: number, sowingId: number) {
  return queryOptions({
    queryKey: sowingRecordKeys.stages(farmId, sowingId),
    queryFn: ({ signal }) =>
      apiFetch<TimelineStage[]>(`/api/semeaduras/${sowingId}/growth-stages`, {
        signal,
        schema: z.array(growthStageDaySchema),
      }),
  });
}

/** GET /api/semeaduras/{id}/estadio: the stages seen in the field, as the API orders them. */
export function useStageObservations(farmId: number, sowingId: number) {
  return useQuery(stageObservationsQuery(farmId, sowingId));
}

export function stageObservationsQuery(farmId: number, sowingId: number) {
  return queryOptions({
    queryKey: sowingRecordKeys.observations(farmId, sowingId),
    queryFn: ({ signal }) =>
      apiFetch<StageObservation[]>(`/api/semeaduras/${sowingId}/estadio`, {
        signal,
        schema: z.array(stageObservationSchema),
      }),
  });
}

/** POST /api/semeaduras/{id}/estadio: a stage seen in the field; the latest one wins. */
export function observeStage(
  sowingId: number,
  body: { estadio_id: number; observed_at: string },
): Promise<StageObservation> {
  return apiFetch(`/api/semeaduras/${sowingId}/estadio`, {
    method: 'POST',
    json: body,
    schema: stageObservationSchema,
  });
}

/** GET /api/semeaduras/{id}/colheita: every harvest of the sowing. */
export function useHarvests(farmId: number, sowingId: number) {
  return useQuery(harvestsQuery(farmId, sowingId));
}

export function harvestsQuery(farmId: number, sowingId: number) {
  return queryOptions({
    queryKey: sowingRecordKeys.harvests(farmId, sowingId),
    queryFn: ({ signal }) =>
      apiFetch<Harvest[]>(`/api/semeaduras/${sowingId}/colheita`, {
        signal,
        schema: z.array(harvestSchema),
      }),
  });
}

/** POST /api/semeaduras/{id}/colheita (400 exception.harvest.date_before_sowing / date_in_future). */
export function addHarvest(sowingId: number, body: HarvestBody): Promise<Harvest> {
  return apiFetch(`/api/semeaduras/${sowingId}/colheita`, {
    method: 'POST',
    json: body,
    schema: harvestSchema,
  });
}

/** PUT /api/semeaduras/{id}/colheita/{harvestId}: the same refusals as adding. */
export function updateHarvest(
  sowingId: number,
  harvestId: number,
  body: HarvestBody,
): Promise<Harvest> {
  return apiFetch(`/api/semeaduras/${sowingId}/colheita/${harvestId}`, {
    method: 'PUT',
    json: body,
    schema: harvestSchema,
  });
}

export async function deleteHarvest(sowingId: number, harvestId: number): Promise<void> {
  await apiFetch(`/api/semeaduras/${sowingId}/colheita/${harvestId}`, { method: 'DELETE' });
}

/** GET /api/irrigacoes?semeadura_id=: the sowing's irrigations in time order. */
export function useIrrigations(farmId: number, sowingId: number) {
  return useQuery(irrigationsQuery(farmId, sowingId));
}

export function irrigationsQuery(farmId: number, sowingId: number) {
  return queryOptions({
    queryKey: sowingRecordKeys.irrigations(farmId, sowingId),
    queryFn: ({ signal }) =>
      apiFetch<Irrigation[]>(
        `/api/irrigacoes?${new URLSearchParams({ semeadura_id: String(sowingId) })}`,
        { signal, schema: z.array(irrigationSchema) },
      ),
  });
}

/** POST /api/irrigacoes (400 exception.irrigation.start_after_end / zero_amount). */
export function addIrrigation(body: IrrigationBody): Promise<Irrigation> {
  return apiFetch('/api/irrigacoes', { method: 'POST', json: body, schema: irrigationSchema });
}

export function updateIrrigation(id: number, body: IrrigationBody): Promise<Irrigation> {
  return apiFetch(`/api/irrigacoes/${id}`, { method: 'PUT', json: body, schema: irrigationSchema });
}

export async function deleteIrrigation(id: number): Promise<void> {
  await apiFetch(`/api/irrigacoes/${id}`, { method: 'DELETE' });
}
