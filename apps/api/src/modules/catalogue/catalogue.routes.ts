import {
  DEFAULT_CROP_ID,
  catalogueCategoryParamsSchema,
  catalogueFiltersQuerySchema,
  catalogueItemParamsSchema,
  catalogueQuerySchema,
  errorBodySchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { CatalogueService } from './catalogue.service.ts';

const errors = { ...commonErrorResponses, 401: errorBodySchema, 403: errorBodySchema };
const tags = ['catalogue'];
const access = { permission: 'CATALOG_LISTAR', planRoute: 'catalog' } as const;

/** The product catalogue (spec 3 §7 Catalogue; issue 11 items 3 and 4). */
export function catalogueRoutes(catalogue: CatalogueService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/catalogs',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'listCatalogue',
          summary:
            'One page (≤ 50, offset = page from 1) of a category, filtered, searched and sorted: {total, list}',
          querystring: catalogueQuerySchema,
          // Typed by the service as records (catalogue.service.ts): the contract's precise
          // cataloguePageSchema (packages/domain) is what the web reads, and these tests pass on it.
          response: {
            200: z.object({ total: z.int(), list: z.array(z.record(z.string(), z.unknown())) }),
            ...errors,
          },
        },
      },
      // Kept per account, query and data version (catalogue.service.ts): validated, written and
      // compressed once.
      async (request, reply) => {
        const session = sessionOf(request);
        const { key, version } = await catalogue.listVersion(session, request.query);
        await reply.versionedAnswer(key, version, () => catalogue.list(request.query, session));
        return reply;
      },
    );
    app.get(
      '/catalogs/:category/filters',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'listCatalogueFilters',
          summary: 'The sorts and filter choices of a category: {sort_select, extra_filter}',
          params: catalogueCategoryParamsSchema,
          querystring: catalogueFiltersQuerySchema,
          response: {
            200: z.object({
              sort_select: z.array(z.object({ value: z.string(), message_key: z.string() })),
              extra_filter: z.record(z.string(), z.unknown()),
            }),
            ...errors,
          },
        },
      },
      async (request) =>
        catalogue.filters(
          request.params.category,
          request.query.crop ?? DEFAULT_CROP_ID,
          request.query.country ?? sessionOf(request).accountCountryId,
        ),
    );
    app.get(
      '/catalogs/:category/:id',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'getCatalogueItem',
          summary:
            'One item’s detail; a Freemium account spends a free use per new item a day (403 exception.freemium.limit_exceeded)',
          params: catalogueItemParamsSchema,
          response: { 200: z.record(z.string(), z.unknown()), ...errors },
        },
      },
      async (request) =>
        catalogue.detail(sessionOf(request), request.params.category, request.params.id),
    );
  };
}
