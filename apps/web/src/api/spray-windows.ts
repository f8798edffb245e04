import { useQuery } from '@tanstack/react-query';
import { sprayWindowDaySchema, type SprayWindowDay } from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';
import { programKeys } from './programs';

export type { SprayWindowDay, SprayWindowHour } from '@lavoura/domain';

/**
 * GET /api/programs/{id}/spray-windows: the forecast hours of the program's sprayings planned in
 * the next seven days. Under the farm's programs, so applying, pausing or moving a spraying
 * (which invalidates them) asks again; the forecast itself changes once an hour.
 */
export function useSprayWindows(farmId: number, programId: number, enabled = true) {
  return useQuery({
    queryKey: [...programKeys.all(farmId), 'spray-windows', programId] as const,
    queryFn: ({ signal }) =>
      apiFetch<SprayWindowDay[]>(`/api/programs/${programId}/spray-windows?days=7`, {
        signal,
        schema: z.array(sprayWindowDaySchema),
      }),
    enabled,
    staleTime: 10 * 60_000,
  });
}
