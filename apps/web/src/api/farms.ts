import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  citySchema,
  enumeratedSchema,
  farmNotificationsSchema,
  farmSchema,
  farmStatsSchema,
  plotSchema,
  stateSchema,
  type CityAnswer,
  type Farm,
  type FarmBody,
  type FarmNotifications,
  type FarmNotificationsBody,
  type FarmStats,
  type FarmUpdateBody,
  type Plot,
  type StateAnswer,
} from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';

export type { CityAnswer, Farm, FarmNotifications, FarmStats, Plot, StateAnswer };

/** A notification type of GET /api/notification-types (weather, quotations, applications). */
export interface NotificationType {
  id: number;
  code: string;
  message_key: string;
}

/**
 * Query keys. Everything of one farm starts with `['farm', id]` (DESIGN §2): a farm switch drops
 * the previous farm's queries with one prefix, so nothing of it is ever shown again. The list of
 * farms is the account's (dropped with the session); states, cities and notification types are
 * reference data.
 */
export const farmKeys = {
  list: ['farms'] as const,
  farm: (farmId: number) => ['farm', farmId] as const,
  detail: (farmId: number) => ['farm', farmId, 'detail'] as const,
  stats: (farmId: number) => ['farm', farmId, 'stats'] as const,
  notifications: (farmId: number) => ['farm', farmId, 'notifications'] as const,
  plots: (farmId: number, enabledOnly: boolean) =>
    ['farm', farmId, 'plots', enabledOnly ? 'enabled' : 'all'] as const,
};

/** Whether a cached query holds data of the farm `farmId` (its key starts with ['farm', id]). */
export function isQueryOfFarm(queryKey: readonly unknown[], farmId: number): boolean {
  return queryKey[0] === 'farm' && queryKey[1] === farmId;
}

const placeKeys = {
  states: (countryId: number) => ['reference', 'states', countryId] as const,
  cities: (stateId: number) => ['reference', 'cities', stateId] as const,
  notificationTypes: ['reference', 'notification-types'] as const,
};

// States, cities and notification types change with a deployment, not while someone looks.
const REFERENCE_STALE_TIME = 60 * 60 * 1000;

// ---- farms -----------------------------------------------------------------------------------

/** GET /api/farms: the farms the session sees, enabled first, then newest first. */
export function useFarms(enabled = true) {
  return useQuery({
    queryKey: farmKeys.list,
    queryFn: ({ signal }) =>
      apiFetch<Farm[]>('/api/farms', { signal, schema: z.array(farmSchema) }),
    enabled,
  });
}

/** GET /api/farms/{id}: one farm, as it is now (a 409 asks for it again). */
export function fetchFarm(farmId: number, signal?: AbortSignal): Promise<Farm> {
  return apiFetch(`/api/farms/${farmId}`, { signal, schema: farmSchema });
}

export function createFarm(body: FarmBody): Promise<Farm> {
  return apiFetch('/api/fazendas', { method: 'POST', json: body, schema: farmSchema });
}

/** PUT /api/fazendas/{id} with the `updated_at` it was read with: 409 when it changed since. */
export function updateFarm(farmId: number, body: FarmUpdateBody): Promise<Farm> {
  return apiFetch(`/api/fazendas/${farmId}`, { method: 'PUT', json: body, schema: farmSchema });
}

export function deleteFarm(farmId: number): Promise<void> {
  return apiFetch(`/api/fazendas/${farmId}`, { method: 'DELETE' });
}

export function setFarmEnabled(
  farmId: number,
  body: { enabled: boolean; updated_at: string },
): Promise<Farm> {
  return apiFetch(`/api/farms/${farmId}/enable-disable`, {
    method: 'PUT',
    json: body,
    schema: farmSchema,
  });
}

/** GET /api/fazendas/{id}/stats: area, plots, enabled plots, active sowings, next application. */
export function useFarmStats(farmId: number | null) {
  return useQuery({
    queryKey: farmKeys.stats(farmId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<FarmStats>(`/api/fazendas/${farmId}/stats`, { signal, schema: farmStatsSchema }),
    enabled: farmId !== null,
  });
}

/** What the signed-in member hears about a farm. */
export function useFarmNotifications(farmId: number) {
  return useQuery({
    queryKey: farmKeys.notifications(farmId),
    queryFn: ({ signal }) =>
      apiFetch<FarmNotifications>(`/api/farms/${farmId}/notifications`, {
        signal,
        schema: farmNotificationsSchema,
      }),
  });
}

export function saveFarmNotifications(
  farmId: number,
  body: FarmNotificationsBody,
): Promise<FarmNotifications> {
  return apiFetch(`/api/farms/${farmId}/notifications`, {
    method: 'PUT',
    json: body,
    schema: farmNotificationsSchema,
  });
}

// ---- plots -----------------------------------------------------------------------------------

/** GET /api/talhoes/{farmId}: the farm's plots, newest first (only the enabled ones: the menu's). */
export function plotsQuery(farmId: number, enabledOnly: boolean) {
  return queryOptions({
    queryKey: farmKeys.plots(farmId, enabledOnly),
    queryFn: ({ signal }) =>
      apiFetch<Plot[]>(`/api/talhoes/${farmId}${enabledOnly ? '?enabled=1' : ''}`, {
        signal,
        schema: z.array(plotSchema),
      }),
  });
}

export function usePlots(farmId: number | null, { enabledOnly = false, enabled = true } = {}) {
  return useQuery({ ...plotsQuery(farmId ?? 0, enabledOnly), enabled: enabled && farmId !== null });
}

// ---- reference: places and notification types -------------------------------------------------

export function useStates(countryId: number | null) {
  return useQuery({
    queryKey: placeKeys.states(countryId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<StateAnswer[]>(`/api/estados/${countryId}`, {
        signal,
        schema: z.array(stateSchema),
      }),
    enabled: countryId !== null,
    staleTime: REFERENCE_STALE_TIME,
  });
}

export function useCities(stateId: number | null) {
  return useQuery({
    queryKey: placeKeys.cities(stateId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<CityAnswer[]>(`/api/municipios/${stateId}`, {
        signal,
        schema: z.array(citySchema),
      }),
    enabled: stateId !== null,
    staleTime: REFERENCE_STALE_TIME,
  });
}

export function useNotificationTypes() {
  return useQuery({
    queryKey: placeKeys.notificationTypes,
    queryFn: ({ signal }) =>
      apiFetch<NotificationType[]>('/api/notification-types', {
        signal,
        schema: z.array(enumeratedSchema),
      }),
    staleTime: REFERENCE_STALE_TIME,
  });
}
