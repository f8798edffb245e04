import {
  errorBodySchema,
  ndviAnswerSchema,
  ndviBodySchema,
  ndviImageParamsSchema,
  ndviImageQuerySchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses, fileAnswer } from '../../http/schemas.ts';
import type { NdviService } from './ndvi.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  502: errorBodySchema,
};
const tags = ['ndvi'];
const access = { access: { permission: 'TALHAO_VISUALIZAR', planRoute: 'field' } } as const;
/** A day's image does not change; the URL carries the outline's version. A day, in the browser only. */
const IMAGE_CACHE_CONTROL = 'private, max-age=86400';

/** NDVI of a plot (spec 3 §7 NDVI; issue 14 item 3). */
export function ndviRoutes(ndvi: NdviService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/ndvi',
      {
        config: access,
        schema: {
          tags,
          operationId: 'listNdvi',
          summary:
            'The NDVI scenes of a plot between two dates (400 exception.plot_not_found, 403 exception.ndvi.not_enabled without NDVI)',
          body: ndviBodySchema,
          response: { 200: ndviAnswerSchema, ...errors },
        },
      },
      async (request) => ndvi.list(sessionOf(request), request.body),
    );
    app.get(
      '/ndvi/images/:plot_id/:date.png',
      {
        config: access,
        schema: {
          tags,
          operationId: 'getNdviImage',
          summary: 'A plot’s NDVI image of one day: a PNG, transparent outside the plot',
          params: ndviImageParamsSchema,
          querystring: ndviImageQuerySchema,
          response: { 200: fileAnswer('The image (PNG)', ['image/png']), ...errors },
        },
        // After the app's onSend (no-store on every signed-in answer): an image may be kept.
        onSend: (_request, reply, payload, done) => {
          if (reply.statusCode === 200) reply.header('cache-control', IMAGE_CACHE_CONTROL);
          done(null, payload);
        },
      },
      async (request, reply) => {
        const image = await ndvi.image(
          sessionOf(request),
          request.params.plot_id,
          request.params.date,
        );
        return reply.header('content-type', 'image/png').send(image.bytes);
      },
    );
  };
}
