import { useQuery } from '@tanstack/react-query';
import { plotSchema, remainingAreaSchema, type Plot, type RemainingArea } from '@lavoura/domain';
import { apiFetch } from './http';

export type { RemainingArea };

/**
 * One plot's page (/field): the plot and what of it is free this season. Keyed under its farm
 * (`['farm', farmId, 'plot', plotId, …]`) like every farm query, so a farm switch drops them.
 */
const plotKeys = {
  detail: (farmId: number, plotId: number) => ['farm', farmId, 'plot', plotId] as const,
  remaining: (farmId: number, plotId: number) =>
    ['farm', farmId, 'plot', plotId, 'remaining-area'] as const,
};

/** GET /api/talhoes/{plotId}/fazenda/{farmId}: 404 for a plot not of that farm or not seen. */
export function usePlot(farmId: number | null, plotId: number | null) {
  return useQuery({
    queryKey: plotKeys.detail(farmId ?? 0, plotId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<Plot>(`/api/talhoes/${plotId}/fazenda/${farmId}`, { signal, schema: plotSchema }),
    enabled: farmId !== null && plotId !== null,
  });
}

/** GET /api/talhoes/{plotId}/remaining-area: its area, the area sown this season, the rest (ha). */
export function useRemainingArea(farmId: number | null, plotId: number | null) {
  return useQuery({
    queryKey: plotKeys.remaining(farmId ?? 0, plotId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<RemainingArea>(`/api/talhoes/${plotId}/remaining-area`, {
        signal,
        schema: remainingAreaSchema,
      }),
    enabled: farmId !== null && plotId !== null,
  });
}
