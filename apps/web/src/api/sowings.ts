import { useQueries, useQuery } from '@tanstack/react-query';
import {
  SOWING_STATUSES,
  farmVarietySchema,
  type FarmVariety,
  type HarvestBody,
  type SowingBody,
} from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';
import { varietyKeys } from './varieties';

export type { HarvestBody, SowingBody };

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** A sowing's latest harvest, as `colheita` answers it. */
export const sowingHarvestSchema = z.object({
  id: z.int(),
  data_colheita: day,
  produtividade: z.nullable(z.number()),
  perda: z.boolean(),
  dessecacao: z.boolean(),
});

/** A sowing as GET/POST/PUT /api/semeaduras answer it (the API's sowing.presenter.ts). */
export const sowingSchema = z.object({
  id: z.int(),
  talhao_id: z.int(),
  fazenda_id: z.int(),
  cultivar_id: z.nullable(z.int()),
  semente_id: z.nullable(z.int()),
  crop_id: z.int(),
  season_crop_id: z.int(),
  area: z.number(),
  data_semeadura: z.nullable(day),
  data_emergencia: z.nullable(day),
  estimated_cycle: z.nullable(z.int()),
  germinative_power: z.nullable(z.number()),
  seed_vigor: z.nullable(z.number()),
  line_spacing: z.nullable(z.number()),
  population_lines: z.nullable(z.number()),
  operating_speed: z.nullable(z.number()),
  status: z.enum(SOWING_STATUSES),
  estadio_atual: z.nullable(z.object({ id: z.int(), message_key: z.string(), code: z.string() })),
  colheita: z.nullable(sowingHarvestSchema),
  active: z.optional(z.boolean()),
});
export type Sowing = z.infer<typeof sowingSchema>;

/** A farm's sowings are the farm's: under ['farm', id] they leave with a farm switch. */
export const sowingKeys = {
  all: (farmId: number) => ['farm', farmId, 'sowings'] as const,
};

/** GET /api/semeaduras?fazenda_id=: the farm's sowings. */
export function useSowings(farmId: number) {
  return useQuery({
    queryKey: sowingKeys.all(farmId),
    queryFn: ({ signal }) =>
      apiFetch<Sowing[]>(`/api/semeaduras?${new URLSearchParams({ fazenda_id: String(farmId) })}`, {
        signal,
        schema: z.array(sowingSchema),
      }),
  });
}

/** POST /api/semeaduras: 400 exception.sowing.area_exceeds_remaining, exception.validation_error… */
export function createSowing(body: SowingBody): Promise<Sowing> {
  return apiFetch('/api/semeaduras', { method: 'POST', json: body, schema: sowingSchema });
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
    queries: seasonCropIds.map((seasonCropId) => ({
      queryKey: varietyKeys.list(farmId, seasonCropId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiFetch<FarmVariety[]>(
          `/api/cultivares?${new URLSearchParams({
            fazenda_id: String(farmId),
            season_crop_id: String(seasonCropId),
          })}`,
          { signal, schema: z.array(farmVarietySchema) },
        ),
    })),
  });
  const names = new Map<number, string>();
  for (const result of results) for (const row of result.data ?? []) names.set(row.id, row.name);
  return names;
}
