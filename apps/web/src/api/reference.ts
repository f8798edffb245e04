import { useQuery } from '@tanstack/react-query';
import {
  countrySchema,
  cropSchema,
  jobTitleSchema,
  planSchema,
  profileSchema,
  seasonCropSchema,
  type Country,
  type Crop,
  type JobTitle,
  type Plan,
  type Profile,
  type SeasonCrop,
} from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';

export type { Country, Crop, JobTitle, Plan, Profile, SeasonCrop };

// Reference data changes with a deployment or a new season, not while someone is looking.
const REFERENCE_STALE_TIME = 60 * 60 * 1000;

/** GET /api/crops and GET /api/season-crops: public reference data, checked against the contract. */
const referenceKeys = {
  crops: ['reference', 'crops'] as const,
  seasonCrops: ['reference', 'season-crops'] as const,
  countries: ['reference', 'countries'] as const,
  jobTitles: ['reference', 'job-titles'] as const,
  profiles: ['reference', 'profiles'] as const,
  plans: ['reference', 'plans'] as const,
};

export function useCrops() {
  return useQuery({
    queryKey: referenceKeys.crops,
    queryFn: ({ signal }) =>
      apiFetch<Crop[]>('/api/crops', { signal, schema: z.array(cropSchema) }),
    staleTime: REFERENCE_STALE_TIME,
  });
}

export function useSeasonCrops() {
  return useQuery({
    queryKey: referenceKeys.seasonCrops,
    queryFn: ({ signal }) =>
      apiFetch<SeasonCrop[]>('/api/season-crops', { signal, schema: z.array(seasonCropSchema) }),
    staleTime: REFERENCE_STALE_TIME,
  });
}

export function useCountries() {
  return useQuery({
    queryKey: referenceKeys.countries,
    queryFn: ({ signal }) =>
      apiFetch<Country[]>('/api/countries', { signal, schema: z.array(countrySchema) }),
    staleTime: REFERENCE_STALE_TIME,
  });
}

export function useJobTitles() {
  return useQuery({
    queryKey: referenceKeys.jobTitles,
    queryFn: ({ signal }) =>
      apiFetch<JobTitle[]>('/api/job-titles', { signal, schema: z.array(jobTitleSchema) }),
    staleTime: REFERENCE_STALE_TIME,
  });
}

export function useProfiles() {
  return useQuery({
    queryKey: referenceKeys.profiles,
    queryFn: ({ signal }) =>
      apiFetch<Profile[]>('/api/profiles', { signal, schema: z.array(profileSchema) }),
    staleTime: REFERENCE_STALE_TIME,
  });
}

export function usePlans() {
  return useQuery({
    queryKey: referenceKeys.plans,
    queryFn: ({ signal }) =>
      apiFetch<Plan[]>('/api/plans', { signal, schema: z.array(planSchema) }),
    staleTime: REFERENCE_STALE_TIME,
  });
}
