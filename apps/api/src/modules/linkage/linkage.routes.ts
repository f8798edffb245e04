import { linkageOverviewSchema } from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { LinkageService } from './linkage.service.ts';

const tags = ['linkage'];

/** The linkage dashboard (spec 1's /dashboard-linkage; issue 30 item 9). */
export function linkageRoutes(linkage: LinkageService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/linkage/overview',
      {
        // The menu's linkage key: MANAGER_ACCOUNT_LISTAR in the signed-in account.
        config: { access: { permission: 'MANAGER_ACCOUNT_LISTAR' } },
        schema: {
          tags,
          operationId: 'getLinkageOverview',
          summary:
            'Across every account the signed-in person belongs to, per farm their membership sees: the sprayings due in the next 7 days with their spray window, paused programs, rain alerts and sowings past their expected harvest without one',
          response: { 200: linkageOverviewSchema, ...commonErrorResponses },
        },
      },
      async (request, reply) => {
        // Several accounts' records: never kept by a cache on the way.
        reply.header('cache-control', 'no-store');
        return linkage.overview(sessionOf(request));
      },
    );
  };
}
