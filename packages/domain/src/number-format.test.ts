import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatForInput,
  formatMoney,
  formatTruncated,
  parseDecimal,
  truncateNumber,
} from './number-format.ts';

describe('truncating number formatter', () => {
  it.each([
    [2.999, 2, 2.99],
    [0.29, 2, 0.29],
    [1.005, 2, 1],
    [-1.239, 2, -1.23],
    [-0.001, 2, 0],
    [12, 2, 12],
    [7.98765, 0, 7],
    [1e-9, 3, 0],
    [123456.789, 1, 123456.7],
  ])('cuts %f to %i decimals as %f, never rounding up', (value, decimals, expected) => {
    expect(truncateNumber(value, decimals)).toBe(expected);
  });

  it('writes the cut number the language’s way', () => {
    expect(formatTruncated(1234.5678, 2, 'pt')).toBe('1.234,56');
    expect(formatTruncated(1234.5678, 2, 'en')).toBe('1,234.56');
    expect(formatTruncated(0.999, 1, 'es')).toBe('0,9');
  });

  it('refuses a negative number of decimals', () => {
    expect(() => truncateNumber(1, -1)).toThrow(RangeError);
  });
});

describe('typed numbers', () => {
  it.each([
    ['150', 'pt', 150],
    ['150,5', 'pt', 150.5],
    ['1.234,56', 'pt', 1234.56],
    ['150.5', 'pt', 150.5],
    ['180.000', 'es', 180000],
    ['1.234.567', 'es', 1234567],
    [' 68,04 ', 'es', 68.04],
    ['1,234.56', 'en', 1234.56],
    ['68.04', 'en', 68.04],
    ['.5', 'en', 0.5],
    ['-3', 'en', -3],
  ] as const)('reads %s in %s as %f', (text, language, expected) => {
    expect(parseDecimal(text, language)).toBe(expected);
  });

  it.each([
    ['', 'pt'],
    ['abc', 'pt'],
    ['1,2,3', 'pt'],
    ['1.2.3', 'pt'],
    ['12,34', 'en'],
    ['1.2.3', 'en'],
    ['-', 'en'],
    [',', 'pt'],
  ] as const)('refuses %j in %s', (text, language) => {
    expect(parseDecimal(text, language)).toBeUndefined();
  });

  it('reads coordinates with either decimal mark and no grouping', () => {
    expect(parseDecimal('-24,9555', 'pt', { grouping: false })).toBe(-24.9555);
    expect(parseDecimal('-24.955', 'pt', { grouping: false })).toBe(-24.955);
    expect(parseDecimal('-53.455', 'en', { grouping: false })).toBe(-53.455);
    expect(parseDecimal('1.234,5', 'pt', { grouping: false })).toBeUndefined();
  });

  it('writes a number back for an input without grouping, read back the same', () => {
    expect(formatForInput(1234.5, 'pt')).toBe('1234,5');
    expect(formatForInput(1234.567, 'en')).toBe('1234.57');
    for (const language of ['pt', 'en', 'es'] as const) {
      expect(parseDecimal(formatForInput(68.04, language), language)).toBe(68.04);
    }
  });

  it('writes money in the farm’s currency the language’s way', () => {
    expect(formatMoney(150, 'BRL', 'pt')).toMatch(/^R\$\s150,00$/);
    expect(formatMoney(150, 'BRL', 'en')).toBe('R$150.00');
    expect(formatMoney(180000, 'PYG', 'es')).toMatch(/180\.000/);
    expect(currencySymbol('BRL', 'pt')).toBe('R$');
    expect(currencySymbol('USD', 'en')).toBe('$');
  });

  it('writes a currency with one sign in every language, never its ISO code', () => {
    const spaced = (text: string) => text.replace(/\s/g, ' ');
    // The payment page's "R$ 2.990,00" and a Spanish cost per hectare of a Brazilian farm.
    expect(spaced(formatMoney(2990, 'BRL', 'pt'))).toBe('R$ 2.990,00');
    expect(spaced(formatMoney(374, 'BRL', 'es'))).toBe('R$ 374,00');
    expect(formatMoney(374, 'BRL', 'en')).toBe('R$374.00');
    expect(spaced(formatMoney(10.95, 'USD', 'pt'))).toBe('US$ 10,95');
    expect(spaced(formatMoney(10.95, 'USD', 'es'))).toBe('$ 10,95');
    expect(spaced(formatMoney(180000, 'PYG', 'es'))).toBe('Gs. 180.000');
    for (const language of ['pt', 'en', 'es'] as const) {
      for (const currency of ['BRL', 'USD', 'PYG'] as const) {
        expect(formatMoney(1, currency, language)).not.toContain(currency);
        expect(formatMoney(1, currency, language)).toContain(currencySymbol(currency, language));
      }
    }
    expect(currencySymbol('BRL', 'es')).toBe('R$');
  });

  it('writes money to the places asked for, else the currency’s own', () => {
    const spaced = (text: string) => text.replace(/\s/g, ' ');
    expect(spaced(formatMoney(5.35181, 'BRL', 'pt', 4))).toBe('R$ 5,3518');
    expect(spaced(formatMoney(59, 'BRL', 'pt', 2))).toBe('R$ 59,00');
    expect(formatMoney(180000.4, 'PYG', 'en')).toBe('₲180,000');
  });
});
