import { describe, expect, it } from 'vitest';
import { doseUnitLabel, formatDose, productUnitOf, toProductUnit } from './dose-unit.ts';
import { formulationCode } from '../sprayings/tank-mix.ts';

describe('a product’s dose unit', () => {
  it('reads the formulation code as AGROFIT and other sources write it', () => {
    expect(formulationCode('SC - Suspensão Concentrada')).toBe('SC');
    expect(formulationCode('Concentrado Solúvel (SL)')).toBe('SL');
    expect(formulationCode(null)).toBeNull();
  });

  it('doses a liquid formulation in litres and a solid one in kilograms', () => {
    for (const code of ['SC', 'EC', 'SE', 'OD', 'SL', 'EW', 'CS', 'ME']) {
      expect(productUnitOf(`${code} - x`), code).toBe('L');
    }
    for (const code of ['WG', 'WP', 'WDG', 'DF', 'GR']) {
      expect(productUnitOf(`${code} - x`), code).toBe('kg');
    }
  });

  it('gives no per-hectare unit to a seed treatment or an unknown code', () => {
    expect(productUnitOf('FS - Suspensão Concentrada p/ Trat. Sementes')).toBeNull();
    expect(productUnitOf('XX - Outras')).toBeNull();
  });

  it('turns a label dose in mL or g into the product’s L or kg, never across liquid and solid', () => {
    expect(toProductUnit(800, 'mL', 'L')).toBe(0.8);
    expect(toProductUnit(200, 'g', 'kg')).toBe(0.2);
    expect(toProductUnit(0.4, 'L', 'L')).toBe(0.4);
    expect(toProductUnit(200, 'g', 'L')).toBeNull();
  });

  it('writes a dose with its unit per hectare, or per acre in English', () => {
    expect(formatDose(0.4, 'L', 'pt')).toBe('0,4 L/ha');
    expect(formatDose(0.4, 'L', 'en')).toBe('0.162 L/ac');
    expect(formatDose(0.2, 'kg', 'es')).toBe('0,2 kg/ha');
    expect(doseUnitLabel('L/ha', 'en')).toBe('L/ac');
    expect(doseUnitLabel(null, 'pt')).toBeNull();
  });
});
