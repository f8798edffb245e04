import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERRORS, errorBodySchema, healthSchema } from '@lavoura/domain';
import { pingDatabase, type Database } from '../../db/client.ts';
import { errorBody } from '../../http/error-handler.ts';

/** Liveness and readiness: answers 200 only while the database answers. Never in maintenance. */
export function healthRoutes(db: Database) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/healthz',
      {
        schema: {
          hide: true,
          response: { 200: healthSchema, 503: errorBodySchema },
        },
      },
      async (request, reply) => {
        try {
          await pingDatabase(db);
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          return reply
            .status(503)
            .send(errorBody(503, ERRORS.databaseUnavailable.key, 'Database unreachable'));
        }
        return { status: 'ok' as const, database: 'up' as const };
      },
    );
  };
}
