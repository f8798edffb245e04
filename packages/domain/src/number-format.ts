import { LOCALE_RULES, type Language } from './locale.ts';
import type { CurrencyCode } from './reference/countries.ts';

/**
 * Cuts a number to `decimals` places without rounding (2.999 -> 2.99). Works on the shortest
 * decimal representation of the number, so 0.29 stays 0.29 (arithmetic would give 0.28).
 */
export function truncateNumber(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  if (!Number.isInteger(decimals) || decimals < 0)
    throw new RangeError('decimals must be a natural number');
  const text = Math.abs(value) < 1e-6 ? '0' : String(value);
  if (text.includes('e')) return value; // |value| >= 1e21: no fractional digits to cut
  const [whole = '0', fraction = ''] = text.split('.');
  const cut = fraction.slice(0, decimals);
  const result = Number(cut ? `${whole}.${cut}` : whole);
  return Object.is(result, -0) ? 0 : result;
}

/** A truncated number written the way the language writes numbers (1.234,5 in pt, 1,234.5 in en). */
export function formatTruncated(value: number, decimals: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE_RULES[language].locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(truncateNumber(value, decimals));
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * The one money format of the product, on screen, in PDFs and in e-mails: an amount in `currency`
 * (a farm's country's, a plan's or a quote's, never the language's) the language's way, with the
 * currency's symbol as the language writes it ("R$ 2.990,00" and "US$ 10,95" in pt, "$10.95" in
 * en, "Gs. 180.000" in es). Where the language has no symbol of its own for the currency and would
 * write its ISO code (Spanish for Paraguay writes "BRL 374,00"), the currency's own sign ("R$").
 * `decimals` fixes the places (a dollar rate to 4); else the currency's own (2, none for PYG).
 */
export function formatMoney(
  value: number,
  currency: CurrencyCode,
  language: Language,
  decimals?: number,
): string {
  return moneyFormat(currency, language, decimals).format(value);
}

/** The symbol `formatMoney` writes `currency` with in the language (R$, US$ or $, ₲ or Gs.). */
export function currencySymbol(currency: CurrencyCode, language: Language): string {
  const parts = moneyFormat(currency, language).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

// Building a number format costs far more than using one: one per language, currency and places.
function moneyFormat(currency: CurrencyCode, language: Language, decimals?: number) {
  const key = `${language}:${currency}:${decimals ?? ''}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const locale = LOCALE_RULES[language].locale;
    const symbol = new Intl.NumberFormat(locale, { style: 'currency', currency })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value;
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: symbol === currency ? 'narrowSymbol' : 'symbol',
      ...(decimals === undefined
        ? {}
        : { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/** A number as the language writes it, grouped, with at most `maximumFractionDigits` places. */
export function formatNumber(value: number, language: Language, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(LOCALE_RULES[language].locale, { maximumFractionDigits }).format(
    value,
  );
}

/**
 * A number to put back in an input: the language's decimal mark, no thousands grouping (which
 * `parseDecimal` would have to guess), at most `decimals` places.
 */
export function formatForInput(value: number, language: Language, decimals = 2): string {
  return new Intl.NumberFormat(LOCALE_RULES[language].locale, {
    maximumFractionDigits: decimals,
    useGrouping: false,
  }).format(value);
}

/**
 * What someone typed as a number, in their language: "1.234,56" in pt and es, "1,234.56" in en.
 * A point alone in pt or es is a decimal mark unless exactly three digits follow it
 * ("150.5" is 150.5, "180.000" is 180000); with `grouping: false` (coordinates) a comma or a point
 * is the decimal mark and nothing groups. Undefined when it is not a number.
 */
export function parseDecimal(
  text: string,
  language: Language,
  { grouping = true }: { grouping?: boolean } = {},
): number | undefined {
  let value = text.trim().replace(/\s/g, '');
  if (!/^[-+]?[\d.,]+$/.test(value) || !/\d/.test(value)) return undefined;
  if (!grouping) {
    if ((value.match(/[.,]/g) ?? []).length > 1) return undefined;
    value = value.replace(',', '.');
  } else if (LOCALE_RULES[language].locale.startsWith('en')) {
    if (!/^[-+]?(\d{1,3}(,\d{3})+|\d*)(\.\d*)?$/.test(value)) return undefined;
    value = value.replace(/,/g, '');
  } else if (value.includes(',')) {
    if (!/^[-+]?(\d{1,3}(\.\d{3})+|\d*),\d*$/.test(value)) return undefined;
    value = value.replace(/\./g, '').replace(',', '.');
  } else if (/^[-+]?\d{1,3}(\.\d{3})+$/.test(value)) {
    value = value.replace(/\./g, '');
  } else if ((value.match(/\./g) ?? []).length > 1) {
    return undefined;
  }
  if (value === '.' || /^[-+]?\.?$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}
