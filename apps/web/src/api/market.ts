import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  dollarQuotationSchema,
  marketIndexesAnswerSchema,
  marketQuotesAnswerSchema,
  type CropId,
  type DollarQuotation,
  type MarketIndex,
  type MarketIndexesAnswer,
  type MarketQuote,
  type MarketQuotesAnswer,
} from '@lavoura/domain';
import { apiFetch } from './http';

export type { DollarQuotation, MarketIndex, MarketIndexesAnswer, MarketQuote };

/** The server keeps market answers for the hour: asking again sooner only repeats them. */
const MARKET_STALE_MS = 15 * 60_000;

/** Market data is the same for every account and farm: it stays across farm switches. */
const marketKeys = {
  all: ['market'] as const,
  quotes: (cropId: CropId) => ['market', 'quotes', cropId] as const,
  indexes: ['market', 'indexes'] as const,
  dollar: ['market', 'dollar'] as const,
};

function marketQuotesQuery(cropId: CropId) {
  return queryOptions({
    queryKey: marketKeys.quotes(cropId),
    queryFn: ({ signal }) =>
      apiFetch<MarketQuotesAnswer>(
        `/api/markets?${new URLSearchParams({ crop_id: String(cropId) })}`,
        {
          signal,
          schema: marketQuotesAnswerSchema,
        },
      ),
    staleTime: MARKET_STALE_MS,
  });
}

/** GET /api/markets?crop_id=: the crop's latest quotes. */
export function useMarketQuotes(cropId: CropId) {
  return useQuery(marketQuotesQuery(cropId));
}

/** GET /api/market-indexes: futures indexes (open, close, contract). */
export function useMarketIndexes() {
  return useQuery({
    queryKey: marketKeys.indexes,
    queryFn: ({ signal }) =>
      apiFetch<MarketIndexesAnswer>('/api/market-indexes', {
        signal,
        schema: marketIndexesAnswerSchema,
      }),
    staleTime: MARKET_STALE_MS,
  });
}

/** GET /api/dollar-quotation: reais per US dollar. */
export function useDollarQuotation() {
  return useQuery({
    queryKey: marketKeys.dollar,
    queryFn: ({ signal }) =>
      apiFetch<DollarQuotation>('/api/dollar-quotation', { signal, schema: dollarQuotationSchema }),
    staleTime: MARKET_STALE_MS,
  });
}
