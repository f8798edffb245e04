import { useQuery } from '@tanstack/react-query';
import { isNdviWindow, ndviAnswerSchema, type NdviAnswer, type NdviBody } from '@lavoura/domain';
import { apiFetch } from './http';

export type { NdviAnswer } from '@lavoura/domain';

/** A plot's NDVI scenes of a window, keyed under its farm like every farm query. */
const ndviKeys = {
  list: (farmId: number, plotId: number, from: string, to: string) =>
    ['farm', farmId, 'plot', plotId, 'ndvi', from, to] as const,
};

/**
 * POST /api/ndvi {plot_id, dates: [from, to]}: the plot's scenes, newest first, with the image
 * bounds, the colour scale and whether they are simulated. Not asked for an invalid window.
 */
export function useNdvi(farmId: number, plotId: number, from: string, to: string) {
  return useQuery({
    queryKey: ndviKeys.list(farmId, plotId, from, to),
    queryFn: ({ signal }) =>
      apiFetch<NdviAnswer>('/api/ndvi', {
        method: 'POST',
        signal,
        json: { plot_id: plotId, dates: [from, to] } satisfies NdviBody,
        schema: ndviAnswerSchema,
      }),
    enabled: isNdviWindow(from, to),
    // Scenes of past days do not change: no refetch on every focus.
    staleTime: 10 * 60_000,
  });
}
