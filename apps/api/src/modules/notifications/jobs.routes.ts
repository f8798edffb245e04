import { errorBodySchema } from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { JobsService } from './jobs.service.ts';

const jobSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  singleton_key: z.string().nullable(),
  retry_count: z.int(),
  retry_limit: z.int(),
  created_on: z.string().nullable(),
  started_on: z.string().nullable(),
  completed_on: z.string().nullable(),
  error: z.string().nullable(),
});
const deliverySchema = z.object({
  id: z.int(),
  account_id: z.int(),
  user_id: z.int(),
  email: z.string(),
  kind: z.string(),
  subject: z.string(),
  channel: z.string(),
  status: z.string(),
  attempts: z.int(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  /** Written to an outbox folder (offline adapters), not sent to anyone. */
  offline: z.boolean(),
});

/** The notification jobs and deliveries in the back office (issue 14 item 6). */
export function jobsRoutes(
  jobs: JobsService,
  /** This week's digests and quotes now: through the queue when it runs here, else inline. */
  runWeekly: () => Promise<{ queued: boolean; count: number }>,
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
            200: z.object({
              queue: z.object({ running: z.boolean(), schema: z.string() }),
              channels: z.object({
                email: z.string(),
                whatsapp: z.string(),
                offline: z.object({ email: z.boolean(), whatsapp: z.boolean() }),
              }),
              jobs: z.array(jobSchema),
              deliveries: z.array(deliverySchema),
            }),
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
            202: z.object({ queued: z.boolean(), count: z.int() }),
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
