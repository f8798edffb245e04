import {
  errorBodySchema,
  sprayWindowDaySchema,
  sprayWindowSettingsBodySchema,
  sprayWindowSettingsSchema,
  sprayWindowsParamsSchema,
  sprayWindowsQuerySchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { SprayWindowsService } from './spray-windows.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  502: errorBodySchema,
};

/** When to spray (issue 30 item 1): the windows of a program's next sprayings. */
export function sprayWindowsRoutes(windows: SprayWindowsService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/programs/:id/spray-windows',
      {
        config: { access: { permission: 'EXECUCAO_LISTAR', planRoute: 'execucao' } },
        schema: {
          tags: ['programs'],
          operationId: 'listSprayWindows',
          summary:
            'For each spraying not yet applied and planned in the next `days` (1–7, default 7), its planned day’s forecast hours rated good, marginal or bad with their reasons (wind, gusts, delta-T, temperature, rain within the rain-fast time), its best window ahead, and the nearest day within ±2 days with a good hour when it has none; empty for a paused program; `simulated: true` offline; 502 exception.provider_unavailable',
          params: sprayWindowsParamsSchema,
          querystring: sprayWindowsQuerySchema,
          response: { 200: z.array(sprayWindowDaySchema), ...errors },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const days = request.query.days ?? 7;
        const { key, version } = await windows.answerKey(session, request.params.id, days);
        await reply.versionedAnswer(key, version, () =>
          windows.windows(session, request.params.id, days),
        );
        return reply;
      },
    );
    app.get(
      '/spray-window-settings',
      {
        config: { access: { permission: 'EXECUCAO_LISTAR', planRoute: 'execucao' } },
        schema: {
          tags: ['programs'],
          operationId: 'getSprayWindowSettings',
          summary:
            'The thresholds the account’s spray windows are rated by (metric): each with the account’s value, the default, its source or "assumption", and the bounds it may be set within',
          response: { 200: sprayWindowSettingsSchema, ...errors },
        },
      },
      async (request) => windows.settings(sessionOf(request)),
    );
    app.put(
      '/spray-window-settings',
      {
        config: { access: { permission: 'EXECUCAO_EDITAR', planRoute: 'execucao' } },
        schema: {
          tags: ['programs'],
          operationId: 'updateSprayWindowSettings',
          summary:
            'Sets the account’s own spray-window thresholds (metric; null returns one to its default); 400 exception.spray_windows.thresholds_inconsistent when a lower limit would pass the one above it, nothing written',
          body: sprayWindowSettingsBodySchema,
          response: { 200: sprayWindowSettingsSchema, ...errors },
        },
      },
      async (request) => windows.updateSettings(sessionOf(request), request.body),
    );
  };
}
