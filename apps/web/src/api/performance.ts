import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  performanceSchema,
  type PerformanceAnswer,
  type PerformanceGroupAnswer,
} from '@lavoura/domain';
import { apiFetch } from './http';

export type { PerformanceAnswer, PerformanceGroupAnswer };

/** A farm's performance is the farm's: under ['farm', id] it leaves the cache with a farm switch. */
const performanceKeys = {
  season: (farmId: number, seasonCropId: number) =>
    ['farm', farmId, 'performance', seasonCropId] as const,
};

function performanceQuery(farmId: number, seasonCropId: number) {
  return queryOptions({
    queryKey: performanceKeys.season(farmId, seasonCropId),
    queryFn: ({ signal }) =>
      apiFetch<PerformanceAnswer>(
        `/api/performance?${new URLSearchParams({
          farm_id: String(farmId),
          season_crop_id: String(seasonCropId),
        })}`,
        { signal, schema: performanceSchema },
      ),
  });
}

/** GET /api/performance: the farm's season in metric units (the page converts). */
export function usePerformance(farmId: number, seasonCropId: number | null) {
  return useQuery({
    ...performanceQuery(farmId, seasonCropId ?? 0),
    enabled: seasonCropId !== null,
  });
}
