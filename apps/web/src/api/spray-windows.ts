import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  sprayWindowDaySchema,
  sprayWindowSettingsSchema,
  type SprayWindowDay,
  type SprayWindowSettings,
  type SprayWindowSettingsBody,
} from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';
import { programKeys } from './programs';

export type { SprayWindowDay, SprayWindowHour, SprayWindowSettings } from '@lavoura/domain';

/**
 * GET /api/programs/{id}/spray-windows: the forecast hours of the program's sprayings planned in
 * the next seven days. Under the farm's programs, so applying, pausing or moving a spraying
 * (which invalidates them) asks again; the forecast itself changes once an hour.
 */
export function useSprayWindows(farmId: number, programId: number, enabled = true) {
  return useQuery({ ...sprayWindowsQuery(farmId, programId), enabled });
}

export function sprayWindowsQuery(farmId: number, programId: number) {
  return queryOptions({
    queryKey: [...programKeys.all(farmId), 'spray-windows', programId] as const,
    queryFn: ({ signal }) =>
      apiFetch<SprayWindowDay[]>(`/api/programs/${programId}/spray-windows?days=7`, {
        signal,
        schema: z.array(sprayWindowDaySchema),
      }),
    staleTime: 10 * 60_000,
  });
}

const settingsKey = ['account', 'spray-window-settings'] as const;

/** GET /api/spray-window-settings: the thresholds the account's windows are rated by. */
export function useSprayWindowSettings(enabled = true) {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) =>
      apiFetch<SprayWindowSettings>('/api/spray-window-settings', {
        signal,
        schema: sprayWindowSettingsSchema,
      }),
    enabled,
  });
}

/** PUT /api/spray-window-settings; every program's windows are asked again after it. */
export function useSaveSprayWindowSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SprayWindowSettingsBody) =>
      apiFetch<SprayWindowSettings>('/api/spray-window-settings', {
        method: 'PUT',
        json: body,
        schema: sprayWindowSettingsSchema,
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(settingsKey, answer);
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey.includes('spray-windows'),
      });
    },
  });
}
