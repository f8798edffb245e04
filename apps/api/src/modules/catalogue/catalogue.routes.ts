import {
  DEFAULT_CROP_ID,
  catalogueCategoryParamsSchema,
  catalogueDetailSchema,
  catalogueFiltersQuerySchema,
  catalogueFiltersSchema,
  catalogueItemParamsSchema,
  cataloguePageSchema,
  catalogueQuerySchema,
  errorBodySchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
          response: { 200: cataloguePageSchema, ...errors },
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
          response: { 200: catalogueFiltersSchema, ...errors },
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
          response: { 200: catalogueDetailSchema, ...errors },
        },
      },
      async (request) =>
        catalogue.detail(sessionOf(request), request.params.category, request.params.id),
    );
  };
}
