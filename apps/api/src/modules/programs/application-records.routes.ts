import {
  applicationRecordBodySchema,
  applicationRecordSchema,
  errorBodySchema,
  sprayingParamsSchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { ApplicationRecordsService } from './application-records.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
};

/** The application record of an applied spraying (issue 30 item 5). */
export function applicationRecordsRoutes(records: ApplicationRecordsService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/programs/:program_id/sprayings/:ordinal/record',
      {
        config: { access: { permission: 'EXECUCAO_LISTAR', planRoute: 'execucao' } },
        schema: {
          tags: ['programs'],
          operationId: 'getApplicationRecord',
          summary:
            'The application record of an applied spraying (operator, equipment, spray volume L/ha, nozzle, start and end times, weather at application, each product’s batch); empty fields until saved; 409 exception.spraying.not_applied',
          params: sprayingParamsSchema,
          response: { 200: applicationRecordSchema, ...errors },
        },
      },
      async (request) =>
        records.get(sessionOf(request), request.params.program_id, request.params.ordinal),
    );
    app.put(
      '/programs/:program_id/sprayings/:ordinal/record',
      {
        config: { access: { permission: 'EXECUCAO_EDITAR', planRoute: 'execucao' } },
        schema: {
          tags: ['programs'],
          operationId: 'saveApplicationRecord',
          summary:
            'Saves the application record of an applied spraying: a field left out keeps its value, null clears it; without typed weather the start time reads the weather provider’s values of that hour; 409 exception.spraying.not_applied, 409 exception.sowing.other_season',
          params: sprayingParamsSchema,
          body: applicationRecordBodySchema,
          response: { 200: applicationRecordSchema, ...errors },
        },
      },
      async (request) =>
        records.save(
          sessionOf(request),
          request.params.program_id,
          request.params.ordinal,
          request.body,
        ),
    );
  };
}
