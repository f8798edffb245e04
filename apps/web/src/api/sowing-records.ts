import { useQuery } from '@tanstack/react-query';
import { SOWING_STATUSES, type HarvestBody, type IrrigationBody } from '@lavoura/domain';
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

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** What the page reads of GET /api/semeaduras/{id} (the API's sowing.presenter.ts). */
export const sowingDetailSchema = z.object({
  id: z.int(),
  talhao_id: z.int(),
  fazenda_id: z.int(),
  cultivar_id: z.nullable(z.int()),
  crop_id: z.int(),
  season_crop_id: z.int(),
  area: z.number(),
  data_semeadura: z.nullable(day),
  data_emergencia: z.nullable(day),
  estimated_cycle: z.nullable(z.int()),
  status: z.enum(SOWING_STATUSES),
  estadio_atual: z.nullable(z.object({ id: z.int(), message_key: z.string(), code: z.string() })),
  /** False: a sowing of another season, read-only. */
  active: z.optional(z.boolean()),
});
export type SowingDetail = z.infer<typeof sowingDetailSchema>;

export const timelineStageSchema = z.object({
  stage_id: z.int(),
  code: z.string(),
  message_key: z.optional(z.string()),
  start_date: day,
});
export type TimelineStage = z.infer<typeof timelineStageSchema>;

export const stageObservationSchema = z.object({
  id: z.int(),
  estadio_id: z.int(),
  code: z.string(),
  message_key: z.string(),
  observed_at: z.string(),
});
export type StageObservation = z.infer<typeof stageObservationSchema>;

export const harvestSchema = z.object({
  id: z.int(),
  data_colheita: day,
  produtividade: z.nullable(z.number()),
  perda: z.boolean(),
  dessecacao: z.boolean(),
});
export type Harvest = z.infer<typeof harvestSchema>;

export const irrigationSchema = z.object({
  id: z.int(),
  semeadura_id: z.int(),
  start: z.string(),
  end: z.string(),
  blade_mm: z.number(),
});
export type Irrigation = z.infer<typeof irrigationSchema>;

/** GET /api/semeaduras/{id}: 404 for a sowing the session does not see (or deleted). */
export function useSowingDetail(farmId: number, sowingId: number) {
  return useQuery({
    queryKey: sowingRecordKeys.detail(farmId, sowingId),
    queryFn: ({ signal }) =>
      apiFetch<SowingDetail>(`/api/semeaduras/${sowingId}`, {
        signal,
        schema: sowingDetailSchema,
      }),
  });
}

/** GET /api/semeaduras/{id}/growth-stages: the estimated timeline (empty without emergence or cycle). */
export function useGrowthStages(farmId: number, sowingId: number) {
  return useQuery({
    queryKey: sowingRecordKeys.stages(farmId, sowingId),
    queryFn: ({ signal }) =>
      apiFetch<TimelineStage[]>(`/api/semeaduras/${sowingId}/growth-stages`, {
        signal,
        schema: z.array(timelineStageSchema),
      }),
  });
}

/** GET /api/semeaduras/{id}/estadio: the stages seen in the field, as the API orders them. */
export function useStageObservations(farmId: number, sowingId: number) {
  return useQuery({
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
  return useQuery({
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
  return useQuery({
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
