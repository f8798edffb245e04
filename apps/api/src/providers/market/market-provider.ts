import type {
  CropId,
  DollarQuotation,
  MarketIndexesAnswer,
  MarketQuotesAnswer,
} from '@lavoura/domain';

/**
 * Where market data comes from (MARKET_PROVIDER, DESIGN.md §6): `simulated`, the offline default
 * (deterministic per day, labelled `simulated: true`), or `bcb-ipeadata`, the real public
 * sources: the Central Bank of Brazil's PTAX for the dollar and ipeadata's series for crop prices.
 * Every answer carries `simulated` and `source` at its top level.
 */
export const MARKET_PROVIDER_KINDS = ['simulated', 'bcb-ipeadata'] as const;
type MarketProviderKind = (typeof MARKET_PROVIDER_KINDS)[number];

export interface MarketProvider {
  readonly kind: MarketProviderKind;
  /** The latest quotes of one crop (soybean 1, wheat 2), as of `day` (YYYY-MM-DD). */
  quotes(cropId: CropId, day: string): Promise<MarketQuotesAnswer>;
  /** Futures indexes (open, close, contract) as of `day`. */
  indexes(day: string): Promise<MarketIndexesAnswer>;
  /** The latest dollar rate in reais as of `day`. */
  dollar(day: string): Promise<DollarQuotation>;
}

/** The provider did not answer, or answered something we cannot read: 502 for the caller. */
export class MarketProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MarketProviderError';
  }
}

/** Percent change from `previous` to `current`, two decimals; null without a usable previous. */
export function percentChange(current: number, previous: number | undefined): number | null {
  if (previous === undefined || !Number.isFinite(previous) || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 10_000) / 100;
}
