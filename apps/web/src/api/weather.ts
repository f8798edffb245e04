import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  farmPrecipitationSchema,
  farmWeatherSchema,
  observedRainSchema,
  type FarmPrecipitation,
  type FarmWeather,
  type ObservedRain,
  type PrecipitationBody,
} from '@lavoura/domain';
import { apiFetch } from './http';

export type { FarmPrecipitation, FarmWeather, WeatherDay } from '@lavoura/domain';

/**
 * A farm's weather (GET /api/farms/{id}/weather) and rainfall (GET/POST
 * /api/fazendas/{id}/precipitation). Keyed under the farm (`['farm', farmId, …]`) like every farm
 * query, so a farm switch drops them. The forecast changes once an hour on the server.
 */
const weatherKeys = {
  forecast: (farmId: number) => ['farm', farmId, 'weather'] as const,
  precipitation: (farmId: number) => ['farm', farmId, 'precipitation'] as const,
};

export function useFarmWeather(farmId: number | null) {
  return useQuery({
    queryKey: weatherKeys.forecast(farmId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<FarmWeather>(`/api/farms/${farmId}/weather`, { signal, schema: farmWeatherSchema }),
    enabled: farmId !== null,
    staleTime: 10 * 60_000,
  });
}

/** The last 30 days of rain: the provider's history and what was measured at the farm. */
export function useFarmPrecipitation(farmId: number | null) {
  return useQuery({
    queryKey: weatherKeys.precipitation(farmId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<FarmPrecipitation>(`/api/fazendas/${farmId}/precipitation`, {
        signal,
        schema: farmPrecipitationSchema,
      }),
    enabled: farmId !== null,
  });
}

/** Records the rain measured on a day (mm; the same day again replaces it), then reloads the history. */
export function useRecordRain(farmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrecipitationBody) =>
      apiFetch<ObservedRain>(`/api/fazendas/${farmId}/precipitation`, {
        method: 'POST',
        json: body,
        schema: observedRainSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: weatherKeys.precipitation(farmId) }),
  });
}
