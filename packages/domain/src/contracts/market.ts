import { z } from 'zod/mini';
import { FIELD_KEYS } from '../field-errors.ts';
import { CROP_IDS, type CropId } from '../reference/crops.ts';

/**
 * Market data (spec 3 §3 Market, §7 Market; issue 14 items 2 and 9): crop quotes, futures indexes
 * and the dollar, read-only. Every answer says at its top level whether it is `simulated` (the
 * offline default) and which `source` it came from, so the UI labels simulated data. Prices stay
 * in the currency and unit the source publishes them in (`currency`, `unit`): nothing is converted.
 */

/** Currencies a source may quote in: Brazilian series in reais, CBOT futures in US dollars. */
const MARKET_CURRENCIES = ['BRL', 'USD'] as const;
export type MarketCurrency = (typeof MARKET_CURRENCIES)[number];

/** Units a price may be per: a 60 kg sack, a bushel, a metric tonne (null: the source does not say). */
const MARKET_UNITS = ['sc60kg', 'bu', 't'] as const;
export type MarketUnit = (typeof MARKET_UNITS)[number];

/** The crops that have quotes: soybean and wheat (packages/domain reference crops). */
export const MARKET_CROP_IDS: readonly CropId[] = [CROP_IDS.soybean, CROP_IDS.wheat];

/** GET /api/markets: the quotes of one crop, or of both when `crop_id` is absent. */
export const marketQuotesQuerySchema = z.object({
  crop_id: z.optional(
    z.coerce.number().check(
      z.int(),
      z.refine((id) => (MARKET_CROP_IDS as readonly number[]).includes(id), {
        message: FIELD_KEYS.invalid,
      }),
      z.describe('1 soybean, 2 wheat; both when absent'),
    ),
  ),
});

const marketQuoteSchema = z.object({
  /** The quote's place or series as the source names it (e.g. "Paranaguá (PR)"). */
  name: z.string(),
  /** The day the price refers to (YYYY-MM-DD). */
  date: z.string(),
  price: z.number(),
  /** Change against the previous published price, in percent (null: no previous price). */
  percentage_variation: z.nullable(z.number()),
  crop_id: z.int(),
  currency: z.enum(MARKET_CURRENCIES),
  unit: z.nullable(z.enum(MARKET_UNITS)),
});
export type MarketQuote = z.infer<typeof marketQuoteSchema>;

export const marketQuotesAnswerSchema = z.object({
  simulated: z.boolean(),
  source: z.string(),
  quotes: z.array(marketQuoteSchema),
});
export type MarketQuotesAnswer = z.infer<typeof marketQuotesAnswerSchema>;

const marketIndexSchema = z.object({
  name: z.string(),
  open: z.number(),
  close: z.number(),
  date: z.string(),
  /** The futures contract (exchange symbol with its month, e.g. "ZSF27"). */
  contract_type: z.string(),
  percentage_variation: z.nullable(z.number()),
  currency: z.enum(MARKET_CURRENCIES),
  unit: z.nullable(z.enum(MARKET_UNITS)),
});
export type MarketIndex = z.infer<typeof marketIndexSchema>;

export const marketIndexesAnswerSchema = z.object({
  simulated: z.boolean(),
  source: z.string(),
  indexes: z.array(marketIndexSchema),
  /** Why the list is empty when the source has no indexes (e.g. `no_public_source`); else null. */
  unavailable_reason: z.nullable(z.string()),
});
export type MarketIndexesAnswer = z.infer<typeof marketIndexesAnswerSchema>;

export const dollarQuotationSchema = z.object({
  simulated: z.boolean(),
  source: z.string(),
  /** Reais per US dollar (the selling rate). */
  usd_brl: z.number(),
  date: z.string(),
  percentage_variation: z.nullable(z.number()),
});
export type DollarQuotation = z.infer<typeof dollarQuotationSchema>;
