import { useQuery } from '@tanstack/react-query';
import { cropSchema, seasonCropSchema, type Crop, type SeasonCrop } from '@lavoura/domain';
import { apiFetch } from './http';

export type { Crop, SeasonCrop };

// Reference data changes with a deployment or a new season, not while someone is looking.
const REFERENCE_STALE_TIME = 60 * 60 * 1000;

/** GET /api/crops and GET /api/season-crops: public reference data, checked against the contract. */
export const referenceKeys = {
  crops: ['reference', 'crops'] as const,
  seasonCrops: ['reference', 'season-crops'] as const,
};

export function useCrops() {
  return useQuery({
    queryKey: referenceKeys.crops,
    queryFn: ({ signal }) => apiFetch<Crop[]>('/api/crops', { signal, schema: cropSchema.array() }),
    staleTime: REFERENCE_STALE_TIME,
  });
}

export function useSeasonCrops() {
  return useQuery({
    queryKey: referenceKeys.seasonCrops,
    queryFn: ({ signal }) =>
      apiFetch<SeasonCrop[]>('/api/season-crops', { signal, schema: seasonCropSchema.array() }),
    staleTime: REFERENCE_STALE_TIME,
  });
}
