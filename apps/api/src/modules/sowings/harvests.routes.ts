import {
  errorBodySchema,
  harvestBatchBodySchema,
  harvestBodySchema,
  harvestParamsSchema,
  harvestSchema,
  harvestableSowingSchema,
  idParamsSchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { HarvestsService } from './harvests.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['harvests'];
const access = (
  permission: 'COLHEITA_LISTAR' | 'COLHEITA_CADASTRAR' | 'COLHEITA_EDITAR' | 'COLHEITA_EXCLUIR',
) => ({ access: { permission, planRoute: 'sowings' } }) as const;
const sowingParams = idParamsSchema;
const harvestParams = harvestParamsSchema;

/** Harvests (spec 2 §3 Harvest; issue 12 item 4). */
export function harvestsRoutes(harvests: HarvestsService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/semeaduras/:id/colheita',
      {
        config: access('COLHEITA_LISTAR'),
        schema: {
          tags,
          operationId: 'listHarvests',
          summary: 'A sowing’s harvests, oldest first',
          params: sowingParams,
          response: { 200: z.array(harvestSchema), ...errors },
        },
      },
      async (request) => harvests.list(sessionOf(request), request.params.id),
    );
    app.post(
      '/semeaduras/:id/colheita',
      {
        config: access('COLHEITA_CADASTRAR'),
        schema: {
          tags,
          operationId: 'addHarvest',
          summary:
            'A harvest: a date and sc/ha, or a crop loss (400 exception.harvest.date_before_sowing / date_in_future)',
          params: sowingParams,
          body: harvestBodySchema,
          response: { 201: harvestSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return harvests.add(sessionOf(request), request.params.id, request.body);
      },
    );
    app.put(
      '/semeaduras/:id/colheita/:harvest_id',
      {
        config: access('COLHEITA_EDITAR'),
        schema: {
          tags,
          operationId: 'updateHarvest',
          summary: 'Changes one of a sowing’s harvests',
          params: harvestParams,
          body: harvestBodySchema,
          response: { 200: harvestSchema, ...errors },
        },
      },
      async (request) =>
        harvests.update(
          sessionOf(request),
          request.params.id,
          request.params.harvest_id,
          request.body,
        ),
    );
    app.delete(
      '/semeaduras/:id/colheita/:harvest_id',
      {
        config: access('COLHEITA_EXCLUIR'),
        schema: {
          tags,
          operationId: 'removeHarvest',
          summary: 'Removes one of a sowing’s harvests',
          params: harvestParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await harvests.remove(sessionOf(request), request.params.id, request.params.harvest_id);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/harvests/many',
      {
        config: access('COLHEITA_CADASTRAR'),
        schema: {
          tags,
          operationId: 'addHarvests',
          summary:
            'One harvest for each of several sowings, all or nothing (400 exception.sowing_not_found)',
          body: harvestBatchBodySchema,
          response: { 201: z.array(harvestSchema), ...errors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return harvests.addMany(sessionOf(request), request.body.harvests);
      },
    );
    app.get(
      '/farms/:id/sowingsReadyToHarvest',
      {
        config: access('COLHEITA_LISTAR'),
        schema: {
          tags,
          operationId: 'listSowingsReadyToHarvest',
          summary: 'The farm’s sowings whose cycle has run, not harvested yet',
          params: idParamsSchema,
          response: { 200: z.array(harvestableSowingSchema), ...errors },
        },
      },
      async (request) => harvests.readyToHarvest(sessionOf(request), request.params.id),
    );
  };
}
