import { errorBodySchema, freeUsageSchema } from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { FreeUsageService } from './free-usage.service.ts';

const errors = { ...commonErrorResponses, 401: errorBodySchema, 403: errorBodySchema };
const tags = ['plans'];

/** The free-usage limit (spec 1 §7: GET /freemium, POST /freemium/consume). */
export function freeUsageRoutes(usage: FreeUsageService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/freemium',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'getFreeUsage',
          summary:
            'Today’s free uses of the account: {limit, used, progress}; no limit above Freemium',
          response: { 200: freeUsageSchema, ...errors },
        },
      },
      async (request) => usage.get(sessionOf(request)),
    );
    app.post(
      '/freemium/consume',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'consumeFreeUse',
          summary: 'Count one free use; 403 exception.freemium.limit_exceeded at the limit',
          response: { 200: freeUsageSchema, ...errors },
        },
      },
      async (request) => usage.consume(sessionOf(request)),
    );
  };
}
