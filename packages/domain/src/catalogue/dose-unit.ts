import type { Language } from '../locale.ts';
import { formatNumber } from '../number-format.ts';
import { formulationCode } from '../sprayings/tank-mix.ts';
import { toDisplayUnit, unitOf } from '../units.ts';

/**
 * A product's dose unit from its formulation (docs/data-sources.md, "Dose units"): a liquid
 * formulation is dosed in litres per hectare, a solid one in kilograms per hectare. Which codes are
 * liquid and which solid is read from CropLife International's *Catalogue of pesticide formulation
 * types and international coding system* (Technical Monograph no. 2, 7th edition, 2017), the
 * two-letter codes AGROFIT writes before each formulation's name. Seed treatments (FS, CF, DS, WS,
 * ES, LS) are dosed per 100 kg of seed, not per hectare, so they have no unit here; nor has a code
 * we do not list.
 */
export type ProductUnit = 'L' | 'kg';
/** What a dose may be written in: the product's unit or its thousandth. */
export type DoseUnit = 'L' | 'mL' | 'kg' | 'g';
export const DOSE_UNITS: readonly DoseUnit[] = ['L', 'mL', 'kg', 'g'];

const LIQUID = new Set([
  'AL',
  'CS',
  'DC',
  'EC',
  'EO',
  'EW',
  'ME',
  'OD',
  'OL',
  'SC',
  'SE',
  'SL',
  'SU',
  'UL',
  'ZC',
  'ZE',
  'ZW',
]);
const SOLID = new Set(['DF', 'DP', 'GR', 'MG', 'SG', 'SP', 'TB', 'WDG', 'WG', 'WP', 'WT']);

export function productUnitOf(formulation: string | null | undefined): ProductUnit | null {
  const code = formulationCode(formulation);
  if (!code) return null;
  if (LIQUID.has(code)) return 'L';
  if (SOLID.has(code)) return 'kg';
  return null;
}

/** A dose written in mL or g, in its product's L or kg; null when the two do not belong together. */
export function toProductUnit(amount: number, unit: DoseUnit, product: ProductUnit): number | null {
  const liquid = unit === 'L' || unit === 'mL';
  if (liquid !== (product === 'L')) return null;
  return unit === 'mL' || unit === 'g' ? amount / 1000 : amount;
}

/**
 * A dose's unit as shown: the product's unit per the language's area ("L/ha", "L/ac" in
 * English); null when the product's unit is not informed (the screen then says "per ha").
 */
export function doseUnitLabel(unit: string | null | undefined, language: Language): string | null {
  const product = (unit ?? '').replace(/\s*\/\s*ha$/i, '').trim();
  return product ? `${product}/${unitOf('area', language)}` : null;
}

/** A dose per hectare in the language's area unit, as a number to show or put in an input. */
export const doseInAreaUnit = (perHa: number, language: Language) =>
  toDisplayUnit('perArea', perHa, language);

/** "0,4 L/ha", "0.162 L/ac"; a dose of unknown unit reads "0,4 /ha". */
export function formatDose(
  perHa: number,
  unit: string | null | undefined,
  language: Language,
): string {
  const value = formatNumber(doseInAreaUnit(perHa, language), language, 3);
  return `${value} ${doseUnitLabel(unit, language) ?? `/${unitOf('area', language)}`}`;
}
