import {
  catalogueVarietyBodySchema,
  errorBodySchema,
  farmSeedSchema,
  farmSeedsQuerySchema,
  farmVarietiesParamsSchema,
  farmVarietiesQuerySchema,
  farmVarietyBodySchema,
  farmVarietyCloneBodySchema,
  farmVarietyParamsSchema,
  farmVarietySchema,
  idParamsSchema,
  varietySolicitationBodySchema,
  type PermissionCode,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { VarietiesService } from './varieties.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['varieties'];
const rule = (permission: PermissionCode) =>
  ({ access: { permission, planRoute: 'cultivares' } }) as const;

/** A farm's varieties (spec 2 §7 Seeds and varieties; issue 11 item 2). */
export function varietiesRoutes(varieties: VarietiesService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/sementes/fazenda/:farm_id',
      {
        config: rule('CULTIVAR_LISTAR'),
        schema: {
          tags,
          operationId: 'listFarmSeeds',
          summary:
            'The catalogue’s varieties of the season-crop’s crop sold in the farm’s country, each with its farm-variety id when added and whether it is recommended there',
          params: farmVarietiesParamsSchema,
          querystring: farmSeedsQuerySchema,
          response: { 200: z.array(farmSeedSchema), ...errors },
        },
      },
      async (request) =>
        varieties.seedsOfFarm(sessionOf(request), request.params.farm_id, request.query),
    );
    app.get(
      '/cultivares',
      {
        config: rule('CULTIVAR_LISTAR'),
        schema: {
          tags,
          operationId: 'listFarmVarieties',
          summary: 'The varieties a farm has in a season-crop',
          querystring: farmVarietiesQuerySchema,
          response: { 200: z.array(farmVarietySchema), ...errors },
        },
      },
      async (request) => varieties.list(sessionOf(request), request.query),
    );
    app.post(
      '/cultivares',
      {
        config: rule('CULTIVAR_CADASTRAR'),
        schema: {
          tags,
          operationId: 'addFarmVariety',
          summary:
            'Adds a catalogue variety to a farm for a season-crop (409 exception.variety.already_added, exception.variety.not_indicated_for_region)',
          body: farmVarietyBodySchema,
          response: { 201: farmVarietySchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return varieties.add(sessionOf(request), request.body);
      },
    );
    app.post(
      '/varieties',
      {
        config: rule('CULTIVAR_CADASTRAR'),
        schema: {
          tags,
          operationId: 'addCatalogueVariety',
          summary: 'The catalogue’s “add to my farm”: POST /cultivares with the seed as seedId',
          body: catalogueVarietyBodySchema,
          response: { 201: farmVarietySchema, ...errors },
        },
      },
      async (request, reply) => {
        const { seedId, ...place } = request.body;
        reply.code(201);
        return varieties.add(sessionOf(request), { ...place, seed_id: seedId });
      },
    );
    app.delete(
      '/cultivares/:id/fazenda/:farm_id',
      {
        config: rule('CULTIVAR_EXCLUIR'),
        schema: {
          tags,
          operationId: 'removeFarmVariety',
          summary:
            'Removes a farm’s variety (the farm-variety id); 409 exception.variety.in_use while a sowing uses it',
          params: farmVarietyParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await varieties.remove(sessionOf(request), request.params.id, request.params.farm_id);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/cultivares/:id/clonar',
      {
        config: rule('CULTIVAR_CADASTRAR'),
        schema: {
          tags,
          operationId: 'copyFarmVariety',
          summary:
            'Copies a farm’s variety to other farms for the same season-crop; answers the copies made (a farm that has it already is skipped)',
          params: idParamsSchema,
          body: farmVarietyCloneBodySchema,
          response: { 200: z.array(farmVarietySchema), ...errors },
        },
      },
      async (request) =>
        varieties.clone(sessionOf(request), request.params.id, request.body.fazendas),
    );
    app.post(
      '/notification/variety-solicitation',
      {
        config: rule('CULTIVAR_LISTAR'),
        schema: {
          tags,
          operationId: 'requestVariety',
          summary: 'Asks for a variety the catalogue lacks: stored and e-mailed to support',
          body: varietySolicitationBodySchema,
          response: { 200: z.literal(true), ...errors },
        },
      },
      async (request) => varieties.requestVariety(sessionOf(request), request.body),
    );
  };
}
