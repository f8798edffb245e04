import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  calendarFeedSchema,
  googleCalendarStartSchema,
  googleSaveTokenAnswerSchema,
  integrationSchema,
  leafFieldsAnswerSchema,
  plotSchema,
  userIntegrationSchema,
  type GoogleSaveTokenBody,
  type Integration,
  type Plot,
  type UserIntegration,
} from '@lavoura/domain';
import { z } from 'zod/mini';
import { farmKeys } from './farms';
import { apiFetch } from './http';

export type { Integration, UserIntegration };

const integrationKeys = {
  catalogue: ['integrations', 'catalogue'] as const,
  mine: ['integrations', 'mine'] as const,
  feed: ['integrations', 'calendar-feed'] as const,
  leaf: ['integrations', 'leaf-fields'] as const,
};

/** GET /api/integrations: the three integrations; is_active: it works on this server. */
export function useIntegrations() {
  return useQuery({
    queryKey: integrationKeys.catalogue,
    queryFn: ({ signal }) =>
      apiFetch('/api/integrations', { signal, schema: z.array(integrationSchema) }),
  });
}

/** GET /api/integrations/user-integrations: the member's connected integrations. */
export function useUserIntegrations() {
  return useQuery({
    queryKey: integrationKeys.mine,
    queryFn: ({ signal }) =>
      apiFetch('/api/integrations/user-integrations', {
        signal,
        schema: z.array(userIntegrationSchema),
      }),
  });
}

/** GET /api/integrations/calendar-feed: the secret iCalendar address (created on first read). */
export function useCalendarFeed(enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: integrationKeys.feed,
    enabled,
    queryFn: async ({ signal }) => {
      const feed = await apiFetch('/api/integrations/calendar-feed', {
        signal,
        schema: calendarFeedSchema,
      });
      // Reading it may have connected the calendar.
      void queryClient.invalidateQueries({ queryKey: integrationKeys.mine });
      return feed;
    },
  });
}

/** POST /api/integrations/calendar-feed: a new address; the old one stops working. */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/integrations/calendar-feed', { method: 'POST', schema: calendarFeedSchema }),
    onSuccess: (feed) => queryClient.setQueryData(integrationKeys.feed, feed),
  });
}

/** POST /api/google-api/calendar: Google's consent URL, or configured: false. */
export function startGoogleCalendar() {
  return apiFetch('/api/google-api/calendar', {
    method: 'POST',
    schema: googleCalendarStartSchema,
  });
}

/** POST /api/google-api/save-token with the code and state Google sent back. */
export function useSaveGoogleToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GoogleSaveTokenBody) =>
      apiFetch('/api/google-api/save-token', {
        method: 'POST',
        json: body,
        schema: googleSaveTokenAnswerSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.mine }),
  });
}

/** GET /api/integrations/leaf/fields */
export function useLeafFields(enabled = true) {
  return useQuery({
    queryKey: integrationKeys.leaf,
    enabled,
    queryFn: ({ signal }) =>
      apiFetch('/api/integrations/leaf/fields', { signal, schema: leafFieldsAnswerSchema }),
  });
}

/** POST /api/fazendas/{id}/field-import: the plots of a boundaries file, created on the farm. */
export function useFieldImport(farmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File): Promise<Plot[]> => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiFetch(`/api/fazendas/${farmId}/field-import`, {
        method: 'POST',
        body: form,
        schema: z.array(plotSchema),
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: farmKeys.farm(farmId) });
      void queryClient.invalidateQueries({ queryKey: farmKeys.list });
      void queryClient.invalidateQueries({ queryKey: integrationKeys.mine });
    },
  });
}
