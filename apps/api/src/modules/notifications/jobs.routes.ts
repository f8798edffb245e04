import {
  errorBodySchema,
  notificationJobsSchema,
  weeklyRunSchema,
  type WeeklyRun,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { JobsService } from './jobs.service.ts';

/** The notification jobs and deliveries in the back office (issue 14 item 6). */
export function jobsRoutes(
  jobs: JobsService,
  /** This week's digests and quotes now: through the queue when it runs here, else inline. */
  runWeekly: () => Promise<WeeklyRun>,
) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/jobs',
      {
        config: { access: { platformAdmin: true } },
        schema: {
          tags: ['back office'],
          operationId: 'listNotificationJobs',
          summary:
            'Recent notification jobs (weekly digest, alerts) and deliveries with their state',
          response: {
            200: notificationJobsSchema,
            ...commonErrorResponses,
            401: errorBodySchema,
            403: errorBodySchema,
          },
        },
      },
      async () => jobs.list(),
    );
    app.post(
      '/jobs/weekly-digest',
      {
        config: { access: { platformAdmin: true } },
        schema: {
          tags: ['back office'],
          operationId: 'runWeeklyDigest',
          summary:
            'Runs this week’s digest and quotes summary now (each member still gets one per week)',
          response: {
            202: weeklyRunSchema,
            ...commonErrorResponses,
            401: errorBodySchema,
            403: errorBodySchema,
          },
        },
      },
      async (_request, reply) => {
        reply.code(202);
        return runWeekly();
      },
    );
  };
}
