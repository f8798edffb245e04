import {
  errorBodySchema,
  programaReportSchema,
  reportQuerySchema as querystring,
  seasonReportSchema,
} from '@lavoura/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { PDF, commonErrorResponses, jsonOrFileAnswer } from '../../http/schemas.ts';
import type { ReportFile, ReportsService } from './reports.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
};
const tags = ['reports'];

const sendFile = (reply: FastifyReply, file: ReportFile) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.bytes);

/**
 * The farm spraying report and the season report (issue 14 item 5; docs/reports.md), as JSON for
 * their pages and as PDF. Plan level 4 (`reports/programa`, `reports/season-report`); the
 * spraying report needs RELATORIO_FAZENDA_PULVERIZACAO, the season report RELATORIO_SEMEADURA.
 */
export function reportsRoutes(reports: ReportsService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/reports/programa',
      {
        config: {
          access: { permission: 'RELATORIO_FAZENDA_PULVERIZACAO', planRoute: 'reports/programa' },
        },
        schema: {
          tags,
          operationId: 'getSprayingReport',
          summary:
            'The farm spraying report of a season: per sowing its program, sprays planned and applied with ideal and realised dates and growth stages, products and doses, costs and scores, plus the pesticides used; format=pdf answers the PDF. 404 exception.report.no_plots (farm without plots), exception.report.no_sowings (no sowing, or none with a program, in the season)',
          querystring,
          response: {
            200: jsonOrFileAnswer(
              programaReportSchema,
              'The report; with format=pdf the PDF file instead',
              [PDF],
            ),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const { format, language, ...query } = request.query;
        if (format === 'pdf')
          return sendFile(reply, await reports.pdf(session, 'programa', query, language));
        return reports.programa(session, query);
      },
    );
    app.get(
      '/reports/season-report',
      {
        config: {
          access: { permission: 'RELATORIO_SEMEADURA', planRoute: 'reports/season-report' },
        },
        schema: {
          tags,
          operationId: 'getSeasonReport',
          summary:
            'The season report of a farm: per sowing its harvests, irrigation and growth-stage observations, and the rainfall of the season by week and month; format=pdf answers the PDF. 404 exception.report.no_plots, exception.report.no_sowings, exception.report.no_harvest_stage (no sowing harvested nor at the harvest stage: soybean R8, wheat 11.4), exception.report.no_harvested_sowings (some at the harvest stage, none harvested)',
          querystring,
          response: {
            200: jsonOrFileAnswer(
              seasonReportSchema,
              'The report; with format=pdf the PDF file instead',
              [PDF],
            ),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const { format, language, ...query } = request.query;
        if (format === 'pdf')
          return sendFile(reply, await reports.pdf(session, 'season', query, language));
        return reports.season(session, query);
      },
    );
  };
}
