import { CROP_IDS, type CropId, type MarketCurrency, type MarketUnit } from '@lavoura/domain';
import { percentChange, type MarketProvider } from './market-provider.ts';

/** The `source` of every simulated answer. */
const SIMULATED_MARKET_SOURCE = 'simulated';

interface SimulatedSeries {
  key: string;
  name: string;
  base: number;
  /** Seasonal swing around the base, as a fraction of it. */
  swing: number;
  currency: MarketCurrency;
  unit: MarketUnit | null;
  decimals: number;
}

/** Plausible levels: soybean R$ 120–140/sc in Paraná, wheat R$ 70–90/sc, CBOT soybean US$ 10–12/bu. */
const CROP_SERIES: Record<CropId, SimulatedSeries[]> = {
  [CROP_IDS.soybean]: [
    {
      key: 'soy-pgua',
      name: 'Paranaguá (PR)',
      base: 134,
      swing: 0.035,
      currency: 'BRL',
      unit: 'sc60kg',
      decimals: 2,
    },
    {
      key: 'soy-pr',
      name: 'Paraná (PR)',
      base: 128,
      swing: 0.035,
      currency: 'BRL',
      unit: 'sc60kg',
      decimals: 2,
    },
  ],
  [CROP_IDS.wheat]: [
    {
      key: 'wheat-pr',
      name: 'Paraná (PR)',
      base: 80,
      swing: 0.07,
      currency: 'BRL',
      unit: 'sc60kg',
      decimals: 2,
    },
    {
      key: 'wheat-rs',
      name: 'Rio Grande do Sul (RS)',
      base: 74,
      swing: 0.05,
      currency: 'BRL',
      unit: 'sc60kg',
      decimals: 2,
    },
  ],
};

/** CBOT futures: symbol root and the months it lists (CME month codes). */
const INDEX_SERIES: (SimulatedSeries & { root: string; months: number[] })[] = [
  {
    key: 'cbot-zs',
    name: 'CBOT Soybean',
    root: 'ZS',
    months: [1, 3, 5, 7, 8, 9, 11],
    base: 11,
    swing: 0.05,
    currency: 'USD',
    unit: 'bu',
    decimals: 4,
  },
  {
    key: 'cbot-zw',
    name: 'CBOT Wheat',
    root: 'ZW',
    months: [3, 5, 7, 9, 12],
    base: 5.6,
    swing: 0.07,
    currency: 'USD',
    unit: 'bu',
    decimals: 4,
  },
];
const MONTH_CODES = 'FGHJKMNQUVXZ';

const DOLLAR: SimulatedSeries = {
  key: 'usd-brl',
  name: 'PTAX',
  base: 5.35,
  swing: 0.035,
  currency: 'BRL',
  unit: null,
  decimals: 4,
};

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

function isoDay(dayNo: number): string {
  return new Date(dayNo * DAY_MS).toISOString().slice(0, 10);
}

/** The last weekday on or before the day: markets do not publish on weekends. */
function businessDay(dayNo: number): number {
  const weekday = new Date(dayNo * DAY_MS).getUTCDay();
  if (weekday === 6) return dayNo - 1;
  if (weekday === 0) return dayNo - 2;
  return dayNo;
}

/** FNV-1a over the text, as a number in [0, 1): the same day always draws the same value. */
function draw(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 0x1_0000_0000;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** A slow yearly wave, a faster one and a little daily noise around the base. */
function priceOn(series: SimulatedSeries, dayNo: number): number {
  const phase = draw(series.key) * 2 * Math.PI;
  const wave =
    Math.sin((2 * Math.PI * dayNo) / 365 + phase) * 0.7 +
    Math.sin((2 * Math.PI * dayNo) / 41 + phase) * 0.3;
  const noise = (draw(`${series.key}:${dayNo}`) - 0.5) * 0.012;
  return round(series.base * (1 + series.swing * wave + noise), series.decimals);
}

/** The nearest listed contract after the day's month, e.g. ZSF27 in late November 2026. */
function contractOf(series: { root: string; months: number[] }, day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const next = series.months.find((m) => m > month);
  const contractMonth = next ?? series.months[0]!;
  const contractYear = next === undefined ? year + 1 : year;
  return `${series.root}${MONTH_CODES[contractMonth - 1]}${String(contractYear).slice(-2)}`;
}

/**
 * The offline default: deterministic per day (the same day always answers the same prices),
 * plausible levels and movements, and `simulated: true` on every answer.
 */
export function simulatedMarketProvider(): MarketProvider {
  const quote = (series: SimulatedSeries, day: string) => {
    const today = businessDay(dayNumber(day));
    const previous = businessDay(today - 1);
    const price = priceOn(series, today);
    return {
      date: isoDay(today),
      price,
      variation: percentChange(price, priceOn(series, previous)),
    };
  };
  return {
    kind: 'simulated',
    async quotes(cropId, day) {
      return {
        simulated: true,
        source: SIMULATED_MARKET_SOURCE,
        quotes: (CROP_SERIES[cropId] ?? []).map((series) => {
          const { date, price, variation } = quote(series, day);
          return {
            name: series.name,
            date,
            price,
            percentage_variation: variation,
            crop_id: cropId,
            currency: series.currency,
            unit: series.unit,
          };
        }),
      };
    },
    async indexes(day) {
      return {
        simulated: true,
        source: SIMULATED_MARKET_SOURCE,
        unavailable_reason: null,
        indexes: INDEX_SERIES.map((series) => {
          const today = businessDay(dayNumber(day));
          const { date, price, variation } = quote(series, day);
          // The session opens near the previous close, with a small overnight gap.
          const previousClose = priceOn(series, businessDay(today - 1));
          const gap = (draw(`${series.key}:open:${today}`) - 0.5) * 0.006;
          return {
            name: series.name,
            open: round(previousClose * (1 + gap), series.decimals),
            close: price,
            date,
            contract_type: contractOf(series, date),
            percentage_variation: variation,
            currency: series.currency,
            unit: series.unit,
          };
        }),
      };
    },
    async dollar(day) {
      const { date, price, variation } = quote(DOLLAR, day);
      return {
        simulated: true,
        source: SIMULATED_MARKET_SOURCE,
        usd_brl: price,
        date,
        percentage_variation: variation,
      };
    },
  };
}
