import { describe, expect, it } from 'vitest';
import { formatTruncated, truncateNumber } from './number-format.ts';

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
