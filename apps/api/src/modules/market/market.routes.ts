import {
  dollarQuotationSchema,
  errorBodySchema,
  marketIndexesAnswerSchema,
  marketQuotesAnswerSchema,
  marketQuotesQuerySchema,
  type CropId,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { MarketService } from './market.service.ts';

const errors = { ...commonErrorResponses, 401: errorBodySchema, 502: errorBodySchema };
const tags = ['market'];
/** Market data is read-only and the same for everyone: any signed-in member reads it. */
const config = { access: {} } as const;

/** Market quotes, futures indexes and the dollar (spec 3 §7 Market; issue 14 item 2). */
export function marketRoutes(market: MarketService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/markets',
      {
        config,
        schema: {
          tags,
          operationId: 'listMarketQuotes',
          summary:
            'Latest crop quotes {simulated, source, quotes: [{name, date, price, percentage_variation, crop_id, currency, unit}]}; 502 exception.provider_unavailable',
          querystring: marketQuotesQuerySchema,
          response: { 200: marketQuotesAnswerSchema, ...errors },
        },
      },
      async (request) => market.quotes(request.query.crop_id as CropId | undefined),
    );
    app.get(
      '/market-indexes',
      {
        config,
        schema: {
          tags,
          operationId: 'listMarketIndexes',
          summary:
            'Futures indexes {simulated, source, indexes: [{name, open, close, date, contract_type, percentage_variation}], unavailable_reason}',
          response: { 200: marketIndexesAnswerSchema, ...errors },
        },
      },
      async () => market.indexes(),
    );
    app.get(
      '/dollar-quotation',
      {
        config,
        schema: {
          tags,
          operationId: 'getDollarQuotation',
          summary:
            'The latest dollar rate {simulated, source, usd_brl, date, percentage_variation}',
          response: { 200: dollarQuotationSchema, ...errors },
        },
      },
      async () => market.dollar(),
    );
  };
}
