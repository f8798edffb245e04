import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiFetch } from './http';
import { sowingKeys } from './sowings';

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/**
 * One stage of a sowing's timeline as GET /api/semeaduras/{id}/growth-stages answers it
 * (AGRONOMY §2: each stage's first day, estimated from emergence and cycle).
 */
export const growthStageSchema = z.object({
  stage_id: z.int(),
  code: z.string(),
  name: z.string(),
  /** The stage's name in the reference namespace (growth_stage.soybean.r1). */
  message_key: z.optional(z.string()),
  start_date: day,
});
export type GrowthStageDay = z.infer<typeof growthStageSchema>;

/**
 * Under the farm's sowings: a change to the sowings (a new emergence date, a cycle) drops the
 * timelines with them, and a farm switch leaves them behind.
 */
export const growthStageKeys = {
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
        schema: z.array(growthStageSchema),
      }),
    enabled: sowingId !== null,
  });
}
