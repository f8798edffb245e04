import { useQuery } from '@tanstack/react-query';
import { growthStageDaySchema, type GrowthStageDay } from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';
import { sowingKeys } from './sowings';

export type { GrowthStageDay };

/**
 * Under the farm's sowings: a change to the sowings (a new emergence date, a cycle) drops the
 * timelines with them, and a farm switch leaves them behind.
 */
const growthStageKeys = {
  of: (farmId: number, sowingId: number) =>
    [...sowingKeys.all(farmId), sowingId, 'growth-stages'] as const,
};

/** GET /api/semeaduras/{id}/growth-stages: empty without an emergence date or a cycle. */
export function useGrowthStages(farmId: number, sowingId: number | null) {
  return useQuery({
    queryKey: growthStageKeys.of(farmId, sowingId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<GrowthStageDay[]>(`/api/semeaduras/${sowingId}/growth-stages`, {
        signal,
        schema: z.array(growthStageDaySchema),
      }),
    enabled: sowingId !== null,
  });
}
