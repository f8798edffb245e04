import {
  errorBodySchema,
  growthStageDaySchema,
  idParamsSchema,
  stageObservationBodySchema,
  stageObservationSchema as observationSchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { StagesService } from './stages.service.ts';

const errors = { ...commonErrorResponses, 401: errorBodySchema, 403: errorBodySchema };
const tags = ['sowings'];
const access = (permission: 'SEMEADURA_LISTAR' | 'SEMEADURA_EDITAR') =>
  ({ access: { permission, planRoute: 'sowings' } }) as const;
const params = idParamsSchema;

/** A sowing's growth stages (issue 12 item 3). */
export function stagesRoutes(stages: StagesService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/semeaduras/:id/growth-stages',
      {
        config: access('SEMEADURA_LISTAR'),
        schema: {
          tags,
          operationId: 'listSowingGrowthStages',
          summary:
            'The stage timeline AGRONOMY §2 estimates from emergence and cycle (empty without them)',
          params,
          response: {
            200: z.array(growthStageDaySchema),
            ...errors,
          },
        },
      },
      async (request) => stages.timeline(sessionOf(request), request.params.id),
    );
    app.get(
      '/semeaduras/:id/estadio',
      {
        config: access('SEMEADURA_LISTAR'),
        schema: {
          tags,
          operationId: 'listSowingStageObservations',
          summary: 'The stages seen in the field, oldest first; the latest wins over the estimate',
          params,
          response: { 200: z.array(observationSchema), ...errors },
        },
      },
      async (request) => stages.observations(sessionOf(request), request.params.id),
    );
    app.post(
      '/semeaduras/:id/estadio',
      {
        config: access('SEMEADURA_EDITAR'),
        schema: {
          tags,
          operationId: 'observeSowingStage',
          summary: 'Records a stage seen in the field',
          params,
          body: stageObservationBodySchema,
          response: { 201: observationSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return stages.observe(sessionOf(request), request.params.id, request.body);
      },
    );
  };
}
