import { LOCALE_RULES, type Language } from './locale.ts';

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
