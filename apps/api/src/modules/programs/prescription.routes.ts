import {
  errorBodySchema,
  prescriptionParamsSchema,
  prescriptionQuerySchema,
  responsibleProfessionalBodySchema,
  responsibleProfessionalSchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { PDF, XLSX, commonErrorResponses, fileAnswer } from '../../http/schemas.ts';
import type { PrescriptionService } from './prescription.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
};

/** The spray prescription of a program's spraying, as a file (issue 13 item 9; spec 2 §7 Other). */
export function prescriptionRoutes(prescriptions: PrescriptionService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/prescription/:program_id/export',
      {
        config: { access: { permission: 'PLANEJAMENTO_LISTAR', planRoute: 'execucao' } },
        schema: {
          tags: ['programs'],
          operationId: 'exportPrescription',
          summary:
            'The spray prescription of one spraying (default: the next to apply, or the last when all are applied) as a PDF or a spreadsheet, in the user’s language and units: farm, plots and area, sowing, variety, expected stage, date window, products with dose per area, total for the area and tank-mix order; 409 exception.prescription.no_sprayings for a program without sprayings',
          params: prescriptionParamsSchema,
          querystring: prescriptionQuerySchema,
          response: {
            200: fileAnswer(
              'The prescription file: PDF (format=pdf) or spreadsheet (format=xlsx)',
              [PDF, XLSX],
            ),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const file = await prescriptions.file(
          sessionOf(request),
          request.params.program_id,
          request.query,
        );
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition('attachment', file.fileName))
          .header('cache-control', 'private, no-store')
          .send(file.bytes);
      },
    );
    app.get(
      '/responsible-professional',
      {
        config: { access: { permission: 'PLANEJAMENTO_LISTAR', planRoute: 'execucao' } },
        schema: {
          tags: ['programs'],
          operationId: 'getResponsibleProfessional',
          summary:
            'The account’s responsible professional printed on its prescriptions: name and professional registration (CREA/CFTA in Brazil), null when not entered',
          response: { 200: responsibleProfessionalSchema, ...errors },
        },
      },
      async (request) => prescriptions.responsibleProfessional(sessionOf(request)),
    );
    app.put(
      '/responsible-professional',
      {
        config: { access: { permission: 'PLANEJAMENTO_EDITAR', planRoute: 'execucao' } },
        schema: {
          tags: ['programs'],
          operationId: 'setResponsibleProfessional',
          summary:
            'Sets the account’s responsible professional (name up to 120 characters, registration up to 60; blank leaves the prescription’s line empty)',
          body: responsibleProfessionalBodySchema,
          response: { 200: responsibleProfessionalSchema, ...errors },
        },
      },
      async (request) => prescriptions.setResponsibleProfessional(sessionOf(request), request.body),
    );
  };
}
