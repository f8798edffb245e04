import { errorBodySchema, performanceQuerySchema, performanceSchema } from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { PerformanceService } from './performance.service.ts';

const errors = { ...commonErrorResponses, 401: errorBodySchema, 403: errorBodySchema };

/** /performance's data (spec 3 §2 Performance; issue 14 item 4). */
export function performanceRoutes(performance: PerformanceService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/performance',
      {
        // The spec gates /performance by harvest.list; the plan table by the 'performance' route.
        config: { access: { permission: 'COLHEITA_LISTAR', planRoute: 'performance' } },
        schema: {
          tags: ['performance'],
          operationId: 'getPerformance',
          summary:
            'A farm’s season in metric units and the farm’s currency: area-weighted average and total productivity (sc/ha, sacks), highest and lowest average by plot and by variety, counts of sowings, varieties and applied sprays, product cost per ha, sprays per sowing, average cycle, and the same by plot and by variety; a season without harvests answers null averages and zeros, with has_harvests telling whether the farm has harvests in any season',
          querystring: performanceQuerySchema,
          response: { 200: performanceSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const { key, version } = await performance.version(session, request.query);
        await reply.versionedAnswer(key, version, () => performance.season(session, request.query));
        return reply;
      },
    );
  };
}
