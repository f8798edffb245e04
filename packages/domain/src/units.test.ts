import { describe, expect, it } from 'vitest';
import {
  CONVERSION_FACTORS,
  fromDisplayPrice,
  fromDisplayUnit,
  toDisplayPrice,
  toDisplayUnit,
  unitOf,
} from './units.ts';

describe('units follow the language', () => {
  it.each([
    ['area', 1, 2.471044, 'ha', 'ac'],
    ['mass', 1, 0.036744, 'kg', 'bu'],
    ['sacks', 1, 2.20464, 'sc', 'bu'],
    ['productivity', 1, 0.89219, 'sc/ha', 'bu/ac'],
    ['massPerArea', 1, 0.01487, 'kg/ha', 'bu/ac'],
    ['precipitation', 1, 0.03937, 'mm', 'in'],
    ['shortLength', 1, 0.3937, 'cm', 'in'],
    ['length', 1, 3.28084, 'm', 'ft'],
    ['speed', 1, 0.621, 'km/h', 'mph'],
  ] as const)(
    '%s: 1 %s shows as %f in English, unchanged in pt and es',
    (quantity, value, english, metricUnit, imperialUnit) => {
      expect(toDisplayUnit(quantity, value, 'en')).toBeCloseTo(english, 10);
      expect(toDisplayUnit(quantity, value, 'pt')).toBe(value);
      expect(toDisplayUnit(quantity, value, 'es')).toBe(value);
      expect(unitOf(quantity, 'pt')).toBe(metricUnit);
      expect(unitOf(quantity, 'es')).toBe(metricUnit);
      expect(unitOf(quantity, 'en')).toBe(imperialUnit);
    },
  );

  it('uses the spec’s factor table exactly', () => {
    expect(CONVERSION_FACTORS).toMatchObject({
      haToAc: 2.471044,
      kgToBu: 0.036744,
      sackToBu: 2.20464,
      scHaToBuAc: 0.89219,
      kgHaToBuAc: 0.01487,
      mmToIn: 0.03937,
      cmToIn: 0.3937,
      mToFt: 3.28084,
      kmhToMph: 0.621,
      celsiusToFahrenheit: 1.8,
    });
  });

  it('converts temperatures with factor 1.8 and the 32° offset', () => {
    expect(toDisplayUnit('temperature', 0, 'en')).toBe(32);
    expect(toDisplayUnit('temperature', 25, 'en')).toBe(77);
    expect(toDisplayUnit('temperature', 25, 'pt')).toBe(25);
    expect(fromDisplayUnit('temperature', 212, 'en')).toBeCloseTo(100, 10);
    expect(unitOf('temperature', 'en')).toBe('°F');
    expect(unitOf('temperature', 'es')).toBe('°C');
  });

  it('gives the sowing-line population per metre, or per foot in English', () => {
    expect(unitOf('plantsPerLength', 'pt')).toBe('plants/m');
    expect(unitOf('plantsPerLength', 'en')).toBe('plants/ft');
    expect(toDisplayUnit('plantsPerLength', 13.12336, 'en')).toBeCloseTo(4, 5);
    expect(fromDisplayUnit('plantsPerLength', 4, 'en')).toBeCloseTo(13.12336, 5);
  });

  it('gives a dose per hectare, or per acre in English, in the product’s own unit', () => {
    // The product's L or kg stays; only the area changes (0.5 per ha is 0.2 per ac).
    expect(toDisplayUnit('perArea', 0.5, 'en')).toBeCloseTo(0.5 / 2.471044, 10);
    expect(toDisplayUnit('perArea', 0.5, 'pt')).toBe(0.5);
    expect(unitOf('perArea', 'en')).toBe('/ac');
    expect(unitOf('perArea', 'pt')).toBe('/ha');
  });

  it('returns a typed English value to the same canonical value', () => {
    for (const quantity of [
      'area',
      'productivity',
      'precipitation',
      'speed',
      'volume',
      'perArea',
    ] as const) {
      expect(fromDisplayUnit(quantity, toDisplayUnit(quantity, 123.45, 'en'), 'en')).toBeCloseTo(
        123.45,
        9,
      );
    }
  });
});

describe('prices per unit follow the language', () => {
  it('turns a price per 60 kg bag into a price per bushel in English, and back', () => {
    // A bag is 2.20464 bushels: its price is spread over more units.
    expect(toDisplayPrice('sacks', 150, 'en')).toBeCloseTo(150 / 2.20464, 10);
    expect(fromDisplayPrice('sacks', 150 / 2.20464, 'en')).toBeCloseTo(150, 10);
    expect(toDisplayPrice('area', 100, 'en')).toBeCloseTo(100 / 2.471044, 10);
  });

  it.each(['pt', 'es'] as const)('keeps the price per bag in %s', (language) => {
    expect(toDisplayPrice('sacks', 150, language)).toBe(150);
    expect(fromDisplayPrice('sacks', 150, language)).toBe(150);
  });
});
