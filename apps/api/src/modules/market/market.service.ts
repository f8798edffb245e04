import {
  CROP_IDS,
  ERRORS,
  MARKET_CROP_IDS,
  type CropId,
  type DollarQuotation,
  type MarketIndexesAnswer,
  type MarketQuote,
  type MarketQuotesAnswer,
} from '@lavoura/domain';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../http/app-error.ts';
import {
  MarketProviderError,
  type MarketProvider,
} from '../../providers/market/market-provider.ts';

export interface MarketServiceDeps {
  provider: MarketProvider;
  now?: () => Date;
  /** Where a provider failure is logged (the caller gets 502). */
  warn?: (message: string, error: unknown) => void;
}

/** What the commodity quotes summary notification tells: soybean and wheat quotes and the dollar. */
export interface MarketSummary {
  /** True when any part came from the simulated provider: the message must say so. */
  simulated: boolean;
  source: string;
  soybean: MarketQuote[];
  wheat: MarketQuote[];
  dollar: Pick<DollarQuotation, 'usd_brl' | 'date' | 'percentage_variation'>;
}

const HOUR_MS = 3_600_000;

/** Today in Brasília (YYYY-MM-DD): the markets quoted are Brazilian and CBOT sessions. */
function marketDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * Market quotes, futures indexes and the dollar (spec 3 §7 Market), read-only data of an outside
 * provider. Answers are kept for the clock hour in this process's memory (an LRU), so the provider
 * is asked at most once an hour per call kind and crop; calls that arrive together share one
 * request. A provider failure is never cached and answers 502 `exception.provider_unavailable`.
 */
export class MarketService {
  private readonly cache = new LRUCache<string, Promise<unknown>>({ max: 64, ttl: HOUR_MS });

  constructor(private readonly deps: MarketServiceDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private cached<T>(name: string, load: (day: string) => Promise<T>): Promise<T> {
    const now = this.now();
    const key = `${name}@${Math.floor(now.getTime() / HOUR_MS)}`;
    const hit = this.cache.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const pending = load(marketDay(now)).catch((error: unknown) => {
      this.cache.delete(key);
      if (error instanceof MarketProviderError) {
        this.deps.warn?.(`market provider ${this.deps.provider.kind} failed`, error);
        throw new AppError(ERRORS.providerUnavailable, error.message);
      }
      throw error;
    });
    this.cache.set(key, pending);
    return pending;
  }

  /** The quotes of one crop, or of soybean and wheat together when no crop is given. */
  async quotes(cropId?: CropId): Promise<MarketQuotesAnswer> {
    const crops = cropId === undefined ? MARKET_CROP_IDS : [cropId];
    const answers = await Promise.all(
      crops.map((crop) =>
        this.cached(`quotes:${crop}`, (day) => this.deps.provider.quotes(crop, day)),
      ),
    );
    return {
      simulated: answers.some((answer) => answer.simulated),
      source: answers[0]?.source ?? this.deps.provider.kind,
      quotes: answers.flatMap((answer) => answer.quotes),
    };
  }

  indexes(): Promise<MarketIndexesAnswer> {
    return this.cached('indexes', (day) => this.deps.provider.indexes(day));
  }

  dollar(): Promise<DollarQuotation> {
    return this.cached('dollar', (day) => this.deps.provider.dollar(day));
  }

  /**
   * For the "commodity quotes summary" notification (issue 14 item 7): the latest soybean and
   * wheat quotes and the dollar, from the same hourly cache as the routes. `simulated` is true
   * when the data is simulated, and the message must then say so. Throws AppError
   * `exception.provider_unavailable` when the provider fails (the notification job should retry
   * later rather than send an empty summary).
   */
  async summary(): Promise<MarketSummary> {
    const [soybean, wheat, dollar] = await Promise.all([
      this.quotes(CROP_IDS.soybean),
      this.quotes(CROP_IDS.wheat),
      this.dollar(),
    ]);
    return {
      simulated: soybean.simulated || wheat.simulated || dollar.simulated,
      source: dollar.source,
      soybean: soybean.quotes,
      wheat: wheat.quotes,
      dollar: {
        usd_brl: dollar.usd_brl,
        date: dollar.date,
        percentage_variation: dollar.percentage_variation,
      },
    };
  }
}
