import {
  adjuvantSchema,
  defensiveLastValueSchema,
  defensiveSchema,
  defensivesQuerySchema,
  errorBodySchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { DefensivesService } from './defensives.service.ts';

const errors = { ...commonErrorResponses, 401: errorBodySchema, 403: errorBodySchema };
const tags = ['defensives'];
const access = { permission: 'DEFENSIVO_LISTAR', planRoute: 'programas' } as const;
/** The catalogue's fungicides as spray programs use them (spec 2 §7 Defensives). */
export function defensivesRoutes(defensives: DefensivesService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/defensives',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'listDefensives',
          summary:
            'The fungicides of the farm’s country and the crop, their registration per disease (999999: none) and the account’s last price and dose',
          querystring: defensivesQuerySchema,
          response: { 200: z.array(defensiveSchema), ...errors },
        },
      },
      async (request) =>
        defensives.list(sessionOf(request), request.query.farm_id, request.query.crop_id),
    );
    app.get(
      '/defensives/last-values',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'listDefensiveLastValues',
          summary: 'The account’s last price and dose per product, the most used first',
          response: {
            200: z.array(defensiveLastValueSchema),
            ...errors,
          },
        },
      },
      async (request) => defensives.lastValues(sessionOf(request)),
    );
    app.get(
      '/adjuvantes',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'listAdjuvants',
          summary: 'Adjuvants of the data set: none yet (AGROFIT does not register them)',
          response: { 200: z.array(adjuvantSchema), ...errors },
        },
      },
      async () => defensives.adjuvants(),
    );
  };
}
