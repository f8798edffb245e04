import { describe, expect, it } from 'vitest';
import { efficacyNotCountedReason, fracGroup, programProduct } from './catalogue-product.ts';
import { productContribution } from './efficacy.ts';
import { engineParameters } from './parameters.ts';

describe('a catalogue product as the engine reads it', () => {
  it('reads FRAC groups from the actives’ modes of action, leaving out what is not informed', () => {
    expect(fracGroup('FRAC 11')).toBe('11');
    expect(fracGroup('FRAC M03')).toBe('M03');
    expect(fracGroup(null)).toBeNull();
    expect(
      programProduct({
        id: 1,
        name: 'Fox',
        modesOfAction: ['FRAC 11', 'FRAC 3', null],
        registrations: [],
        efficacies: [],
      }).groups,
    ).toEqual(['11', '3']);
  });

  it('maps registrations: none, not informed, with the label dose, or without a dose in the source', () => {
    const product = programProduct({
      id: 1,
      name: 'Fox',
      modesOfAction: ['FRAC 11', 'FRAC 3'],
      registrations: [
        { diseaseCode: 'FER', registered: true, labelDose: null },
        { diseaseCode: 'MAL', registered: null, labelDose: null },
        { diseaseCode: 'OID', registered: false, labelDose: null },
        { diseaseCode: 'ANT', registered: true, labelDose: 0.4 },
      ],
      efficacies: [
        { diseaseCode: 'FER', efficacy: 75.5 },
        { diseaseCode: 'OID', efficacy: 75 },
        { diseaseCode: 'ANT', efficacy: 60 },
      ],
    });
    expect(product.perDisease).toEqual({
      FER: { efficacy: 75.5, registeredDose: null, registeredDoseNotInformed: true },
      MAL: { efficacy: null, registeredDose: null, registeredDoseNotInformed: true },
      OID: { efficacy: 75, registeredDose: 999999 },
      ANT: { efficacy: 60, registeredDose: 0.4 },
    });
  });

  it('counts a shipped efficacy only where the product is registered for the target', () => {
    expect(efficacyNotCountedReason(true)).toBeNull();
    expect(efficacyNotCountedReason(false)).toBe('not_registered');
    expect(efficacyNotCountedReason(null)).toBe('registration_not_informed');
    expect(efficacyNotCountedReason(undefined)).toBe('registration_not_informed');
    // Fox's shipped 55 % on target spot with its registration not informed adds nothing.
    const fox = programProduct({
      id: 1,
      name: 'Fox',
      modesOfAction: ['FRAC 11', 'FRAC 3'],
      registrations: [
        { diseaseCode: 'FER', registered: true, labelDose: 0.4 },
        { diseaseCode: 'MAL', registered: null, labelDose: null },
      ],
      efficacies: [
        { diseaseCode: 'FER', efficacy: 75.5 },
        { diseaseCode: 'MAL', efficacy: 55 },
      ],
    });
    const context = { countryId: 1, parameters: engineParameters() } as const;
    expect(productContribution(fox, 'MAL', 0.4, context).efficacy).toBe(0);
    expect(productContribution(fox, 'FER', 0.4, context).efficacy).toBeCloseTo(0.755, 10);
  });

  it('keeps the label’s safety interval of a target where the data gives one, never invents one', () => {
    const product = programProduct({
      id: 1,
      name: 'Fox',
      modesOfAction: ['FRAC 11', 'FRAC 3'],
      registrations: [
        { diseaseCode: 'FER', registered: true, labelDose: 0.4, safetyIntervalDays: 30 },
        { diseaseCode: 'MAL', registered: true, labelDose: 0.4, safetyIntervalDays: null },
      ],
      efficacies: [],
    });
    expect(product.perDisease.FER!.safetyIntervalDays).toBe(30);
    expect(product.perDisease.MAL).not.toHaveProperty('safetyIntervalDays');
  });
});
