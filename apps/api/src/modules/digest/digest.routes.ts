import {
  digestLinkSchema,
  errorBodySchema,
  weeklyDigestQuerySchema,
  weeklyDigestSchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { DigestService } from './digest.service.ts';

const tags = ['digest'];
const errors = { ...commonErrorResponses, 401: errorBodySchema };

/** The weekly digest (spec 3 §2 Weekly digest, §7 Reports and digest; issue 14 item 6). */
export function digestRoutes(digest: DigestService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/report/weekly-digest',
      {
        // No sign-in: the e-mailed token is the access (spec 3 §6).
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'getWeeklyDigest',
          summary:
            'The weekly digest of the token’s member, per farm (401 exception.digest.invalid_token / expired_token, 404 exception.digest.no_data)',
          querystring: weeklyDigestQuerySchema,
          response: { 200: weeklyDigestSchema, ...errors },
        },
      },
      async (request, reply) => {
        // A person's farms and sprays: never kept by a cache on the way.
        reply.header('cache-control', 'no-store');
        return digest.read(request.query.token ?? '');
      },
    );
    app.get(
      '/report/weekly-digest/link',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'getWeeklyDigestLink',
          summary: 'A link to the signed-in member’s weekly digest, valid 14 days',
          response: { 200: digestLinkSchema, ...errors },
        },
      },
      async (request) => digest.link(sessionOf(request)),
    );
  };
}
