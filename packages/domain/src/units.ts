import { LOCALE_RULES, type Language } from './locale.ts';

/**
 * Quantities are stored canonical (metric: ha, sc/ha, mm, °C, ...) and converted only at the edge,
 * here. Portuguese and Spanish show metric units, English imperial ones, with the spec's factors.
 */
export const CONVERSION_FACTORS = {
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
  /** Not in the spec's table: the US liquid gallon (1 L = 0.264172 gal). */
  lToGal: 0.264172,
} as const;

type Factor = keyof typeof CONVERSION_FACTORS;

interface QuantityDefinition {
  metric: string;
  imperial: string;
  /** Multiplies a metric value into the imperial unit. */
  factor?: Factor;
  /** Divides instead: per-length densities shrink when the length unit grows. */
  divideBy?: Factor;
}

const QUANTITIES = {
  area: { metric: 'ha', imperial: 'ac', factor: 'haToAc' },
  mass: { metric: 'kg', imperial: 'bu', factor: 'kgToBu' },
  sacks: { metric: 'sc', imperial: 'bu', factor: 'sackToBu' },
  productivity: { metric: 'sc/ha', imperial: 'bu/ac', factor: 'scHaToBuAc' },
  massPerArea: { metric: 'kg/ha', imperial: 'bu/ac', factor: 'kgHaToBuAc' },
  precipitation: { metric: 'mm', imperial: 'in', factor: 'mmToIn' },
  shortLength: { metric: 'cm', imperial: 'in', factor: 'cmToIn' },
  length: { metric: 'm', imperial: 'ft', factor: 'mToFt' },
  speed: { metric: 'km/h', imperial: 'mph', factor: 'kmhToMph' },
  volume: { metric: 'L', imperial: 'gal', factor: 'lToGal' },
  temperature: { metric: '°C', imperial: '°F' },
  /**
   * Anything counted per area whose own unit stays as it is (a product's dose in its L or kg, a
   * cost): per hectare, or per acre in English ("0,4 L/ha", "0.162 L/ac", as the issue on label
   * doses asks). Its unit is only the area's, written "/ha".
   */
  perArea: { metric: '/ha', imperial: '/ac', divideBy: 'haToAc' },
  /** Sowing-line population: plants per linear metre, or per linear foot in English. */
  plantsPerLength: { metric: 'plants/m', imperial: 'plants/ft', divideBy: 'mToFt' },
} as const satisfies Record<string, QuantityDefinition>;

export type Quantity = keyof typeof QUANTITIES;

export function unitSystemOf(language: Language): 'metric' | 'imperial' {
  return LOCALE_RULES[language].unitSystem;
}

export function unitOf(quantity: Quantity, language: Language): string {
  return QUANTITIES[quantity][unitSystemOf(language)];
}

/** Canonical (metric) value -> the value shown in the language's unit system. */
export function toDisplayUnit(quantity: Quantity, canonical: number, language: Language): number {
  if (unitSystemOf(language) === 'metric') return canonical;
  if (quantity === 'temperature') return canonical * CONVERSION_FACTORS.celsiusToFahrenheit + 32;
  const definition: QuantityDefinition = QUANTITIES[quantity];
  if (definition.divideBy) return canonical / CONVERSION_FACTORS[definition.divideBy];
  return canonical * CONVERSION_FACTORS[definition.factor!];
}

/** A value typed in the language's unit system -> the canonical (metric) value to store. */
export function fromDisplayUnit(quantity: Quantity, shown: number, language: Language): number {
  if (unitSystemOf(language) === 'metric') return shown;
  if (quantity === 'temperature') return (shown - 32) / CONVERSION_FACTORS.celsiusToFahrenheit;
  const definition: QuantityDefinition = QUANTITIES[quantity];
  if (definition.divideBy) return shown * CONVERSION_FACTORS[definition.divideBy];
  return shown / CONVERSION_FACTORS[definition.factor!];
}

/**
 * A price per canonical unit (per 60 kg bag, per hectare...) -> the price per the language's unit:
 * a bag price of 150 is 150 / 2.20464 per bushel. Prices divide where quantities multiply.
 */
export function toDisplayPrice(
  quantity: Quantity,
  perCanonical: number,
  language: Language,
): number {
  if (unitSystemOf(language) === 'metric') return perCanonical;
  return perCanonical / toDisplayUnit(quantity, 1, language);
}

/** A price typed per the language's unit -> the price per canonical unit to store. */
export function fromDisplayPrice(quantity: Quantity, shown: number, language: Language): number {
  if (unitSystemOf(language) === 'metric') return shown;
  return shown * toDisplayUnit(quantity, 1, language);
}
