import { errorBodySchema } from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { DefensivesService } from './defensives.service.ts';

const errors = { ...commonErrorResponses, 401: errorBodySchema, 403: errorBodySchema };
const tags = ['defensives'];
const access = { permission: 'DEFENSIVO_LISTAR', planRoute: 'programas' } as const;
const queryId = z.coerce.number().int().positive().max(2_147_483_647);

const defensiveSchema = z.object({
  id: z.int(),
  nome: z.string(),
  /** L or kg: the doses are per hectare of it; null: not informed. */
  unidade: z.enum(['L', 'kg']).nullable(),
  origem: z.enum(['catalogue', 'account']),
  tipo: z.literal('fungicide'),
  pais_id: z.int(),
  is_white_mold: z.boolean(),
  doses: z.array(
    z.object({
      target_id: z.int(),
      has_register: z.boolean().nullable(),
      dose_recomendada: z.number().nullable(),
      dose_recomendada_max: z.number().nullable(),
      intervalo_seguranca_dias: z.int().nullable(),
    }),
  ),
  lastPrice: z.number().nullable(),
  lastDose: z.number().nullable(),
});

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
          querystring: z.strictObject({
            farm_id: queryId,
            crop_id: queryId,
            /** The program asking; programs arrive with [programs]. */
            program_id: queryId.optional(),
          }),
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
            200: z.array(
              z.object({
                defensivo_id: z.int(),
                preco: z.number().nullable(),
                dose: z.number().nullable(),
                ranking: z.int(),
              }),
            ),
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
          response: { 200: z.array(z.object({ id: z.int(), nome: z.string() })), ...errors },
        },
      },
      async () => defensives.adjuvants(),
    );
  };
}
