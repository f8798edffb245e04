import {
  emergenceQuerySchema,
  emergenceSuggestionSchema,
  errorBodySchema,
  idParamsSchema,
  listedSowingSchema,
  sowingBodySchema,
  sowingSchema,
  sowingsQuerySchema,
  type PermissionCode,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { SowingsService } from './sowings.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['sowings'];
const rule = (permission: PermissionCode) =>
  ({ access: { permission, planRoute: 'sowings' } }) as const;

/** Sowings (spec 2 §3 Sowing, §7 Sowings; issue 12 items 1–2). */
export function sowingsRoutes(sowings: SowingsService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/semeaduras',
      {
        config: rule('SEMEADURA_LISTAR'),
        schema: {
          tags,
          operationId: 'listSowings',
          summary:
            'The farm’s sowings of its country’s current seasons, or of a season-crop, or whose sowing or emergence date or season-crop period falls in a period; each with its status, current stage, latest harvest and program counts, and what include= asks for',
          querystring: sowingsQuerySchema,
          response: { 200: z.array(listedSowingSchema), ...errors },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const { key, version } = await sowings.listVersion(session, request.query);
        await reply.versionedAnswer(key, version, () => sowings.list(session, request.query));
        return reply;
      },
    );
    app.post(
      '/semeaduras',
      {
        config: rule('SEMEADURA_CADASTRAR'),
        schema: {
          tags,
          operationId: 'createSowing',
          summary:
            'Registers a sowing (400 exception.farm_not_found, plot_not_found, exception.sowing.area_exceeds_remaining, emergence_before_sowing, emergence_outside_season, exception.variety.not_added; 409 exception.plot.has_unharvested_sowing, exception.farm.disabled, exception.plot.disabled)',
          body: sowingBodySchema,
          response: { 201: sowingSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return sowings.create(sessionOf(request), request.body);
      },
    );
    app.get(
      '/semeaduras/:id',
      {
        config: rule('SEMEADURA_LISTAR'),
        schema: {
          tags,
          operationId: 'getSowing',
          summary: 'One sowing of a farm the session sees, as the list answers it',
          params: idParamsSchema,
          response: { 200: sowingSchema, ...errors },
        },
      },
      async (request) => sowings.get(sessionOf(request), request.params.id),
    );
    app.get(
      '/sementes/data-emergencia/:id',
      {
        config: rule('SEMEADURA_CADASTRAR'),
        schema: {
          tags,
          operationId: 'suggestEmergenceDate',
          summary:
            'The emergence date suggested for a farm variety sown on data_semeadura: the median days to emergence of the account’s earlier sowings of that variety, or nulls without any',
          params: idParamsSchema,
          querystring: emergenceQuerySchema,
          response: { 200: emergenceSuggestionSchema, ...errors },
        },
      },
      async (request) =>
        sowings.emergenceSuggestion(
          sessionOf(request),
          request.params.id,
          request.query.data_semeadura,
        ),
    );
    app.put(
      '/semeaduras/:id',
      {
        config: rule('SEMEADURA_EDITAR'),
        schema: {
          tags,
          operationId: 'updateSowing',
          summary:
            'Changes a sowing with the rules of a new one (409 exception.sowing.other_season for another season, exception.sowing.date_locked once harvested)',
          params: idParamsSchema,
          body: sowingBodySchema,
          response: { 200: sowingSchema, ...errors },
        },
      },
      async (request) => sowings.update(sessionOf(request), request.params.id, request.body),
    );
    app.delete(
      '/semeaduras/:id',
      {
        config: rule('SEMEADURA_EXCLUIR'),
        schema: {
          tags,
          operationId: 'deleteSowing',
          summary:
            'Deletes a sowing (soft); 409 exception.sowing.has_harvest once harvested, exception.sowing.other_season for another season',
          params: idParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await sowings.remove(sessionOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
