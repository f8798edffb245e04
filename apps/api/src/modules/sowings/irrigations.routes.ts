import {
  errorBodySchema,
  idParamsSchema,
  irrigationBodySchema,
  irrigationSchema,
  irrigationsQuerySchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { IrrigationsService } from './irrigations.service.ts';

const errors = { ...commonErrorResponses, 401: errorBodySchema, 403: errorBodySchema };
const tags = ['irrigation'];
const access = (permission: 'SEMEADURA_LISTAR' | 'SEMEADURA_EDITAR') =>
  ({ access: { permission, planRoute: 'sowings' } }) as const;
const params = idParamsSchema;

/** Irrigation entries of a sowing (spec 2 §7 Irrigation; issue 12 item 5). */
export function irrigationsRoutes(irrigations: IrrigationsService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/irrigacoes',
      {
        config: access('SEMEADURA_LISTAR'),
        schema: {
          tags,
          operationId: 'listIrrigations',
          summary: 'A sowing’s irrigations, in time order',
          querystring: irrigationsQuerySchema,
          response: { 200: z.array(irrigationSchema), ...errors },
        },
      },
      async (request) => irrigations.list(sessionOf(request), request.query.semeadura_id),
    );
    app.post(
      '/irrigacoes',
      {
        config: access('SEMEADURA_EDITAR'),
        schema: {
          tags,
          operationId: 'addIrrigation',
          summary:
            'An irrigation (400 exception.sowing_not_found, exception.irrigation.start_after_end, exception.irrigation.zero_amount)',
          body: irrigationBodySchema,
          response: { 201: irrigationSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return irrigations.add(sessionOf(request), request.body);
      },
    );
    app.put(
      '/irrigacoes/:id',
      {
        config: access('SEMEADURA_EDITAR'),
        schema: {
          tags,
          operationId: 'updateIrrigation',
          summary: 'Changes an irrigation',
          params,
          body: irrigationBodySchema,
          response: { 200: irrigationSchema, ...errors },
        },
      },
      async (request) => irrigations.update(sessionOf(request), request.params.id, request.body),
    );
    app.delete(
      '/irrigacoes/:id',
      {
        config: access('SEMEADURA_EDITAR'),
        schema: {
          tags,
          operationId: 'removeIrrigation',
          summary: 'Removes an irrigation',
          params,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await irrigations.remove(sessionOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
