import { applicationLogQuerySchema, errorBodySchema, farmIdParamsSchema } from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { PDF, XLSX, commonErrorResponses, fileAnswer } from '../../http/schemas.ts';
import type { ApplicationLogService } from './application-log.service.ts';

const errors = { ...commonErrorResponses, 401: errorBodySchema, 403: errorBodySchema };

/** A farm's application log for a season (issue 30 item 6). */
export function applicationLogRoutes(logs: ApplicationLogService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/farms/:id/application-log',
      {
        config: { access: { permission: 'EXECUCAO_LISTAR', planRoute: 'execucao' } },
        schema: {
          tags: ['programs'],
          operationId: 'exportApplicationLog',
          summary:
            'The farm’s application log for a season-crop as a PDF, a spreadsheet or CSV, in the user’s language and units: every applied spraying per plot with its date and times, area treated, products with dose, unit and batch, operator, equipment, spray volume, nozzle and the weather at application',
          params: farmIdParamsSchema,
          querystring: applicationLogQuerySchema,
          response: {
            200: fileAnswer('The application log: PDF, spreadsheet (xlsx) or CSV', [
              PDF,
              XLSX,
              'text/csv',
            ]),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const file = await logs.file(sessionOf(request), request.params.id, request.query);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition('attachment', file.fileName))
          .header('cache-control', 'private, no-store')
          .send(file.bytes);
      },
    );
  };
}
