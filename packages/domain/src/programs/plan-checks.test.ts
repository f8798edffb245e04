import { describe, expect, it } from 'vitest';
import { addDays } from '../calendar-days.ts';
import { COUNTRY_IDS } from '../reference/countries.ts';
import { CROP_IDS } from '../reference/crops.ts';
import { evaluateProgram, type HarvestFacts } from './engine.ts';
import { exampleCatalogue } from './example-catalogue.ts';
import { safetyIntervalOf } from './plan-checks.ts';
import type { ProgramProduct } from './types.ts';
import type { EngineWarning } from './warnings.ts';

/**
 * The checks of a program built by hand (issue 30 items 3–4): R1, R2 with the FRAC codes of the
 * products involved, and the safety interval against the harvest. They warn; the evaluation
 * (scores) goes on.
 */

const EMERGENCE = '2024-11-01';
// Soybean, C = 120: R8 starts on day floor(0.96 · 120 + 0.5) = 115, 2025-02-24.
const ESTIMATED_R8 = '2025-02-24';

const catalogue = exampleCatalogue(CROP_IDS.soybean, COUNTRY_IDS.brazil);
const withInterval = (id: number, days: number | undefined): ProgramProduct => {
  const product = catalogue.find((entry) => entry.id === id)!;
  return {
    ...product,
    perDisease: {
      ...product.perDisease,
      FER: {
        ...product.perDisease.FER!,
        ...(days === undefined ? {} : { safetyIntervalDays: days }),
      },
    },
  };
};

function evaluate(
  sprays: { day: number; products: number[]; applied?: boolean }[],
  options: { products?: ProgramProduct[]; harvest?: HarvestFacts } = {},
) {
  const products = options.products ?? [];
  return evaluateProgram({
    cropId: CROP_IDS.soybean,
    countryId: COUNTRY_IDS.brazil,
    emergence: EMERGENCE,
    cycleDays: 120,
    severity: 'medium',
    diseases: [{ code: 'FER', role: 'main' }],
    sprays: sprays.map((spray) => ({
      date: addDays(EMERGENCE, spray.day),
      products: spray.products.map((productId) => ({ productId, dose: 0.4 })),
      ...(spray.applied ? { applied: true } : {}),
    })),
    products: [...catalogue.filter((p) => !products.some((o) => o.id === p.id)), ...products],
    ...(options.harvest ? { harvest: options.harvest } : {}),
  });
}
const ofCode = (warnings: readonly EngineWarning[], code: string) =>
  warnings.filter((warning) => warning.code === code);

describe('R1 on a hand-built program', () => {
  it('warns when Aproach Prima follows Fox alone, naming FRAC 3 and 11 and both products', () => {
    const evaluation = evaluate([
      { day: 40, products: [6] },
      { day: 55, products: [7] },
    ]);
    const [rotation] = ofCode(evaluation.sprays[1]!.warnings, 'rotation');
    expect(rotation).toMatchObject({
      groups: ['11', '3'],
      products: [
        { productId: 6, name: 'Fox', groups: ['11', '3'], previous: true },
        { productId: 7, name: 'Aproach Prima', groups: ['11', '3'] },
      ],
    });
    // A warning, not a refusal: the spray is still scored.
    expect(evaluation.sprays[1]!.score).toBeGreaterThan(0);
  });

  it('says nothing when the repeat comes with a multisite (Unizeb Gold, FRAC M3)', () => {
    const evaluation = evaluate([
      { day: 40, products: [6] },
      { day: 55, products: [7, 10] },
    ]);
    expect(ofCode(evaluation.sprays[1]!.warnings, 'rotation')).toEqual([]);
  });
});

describe('R2 on a hand-built program', () => {
  it('warns on the third SDHI spray with the SDHI product and its FRAC codes', () => {
    const evaluation = evaluate([
      { day: 40, products: [1, 10] },
      { day: 55, products: [3, 10] },
      { day: 70, products: [5, 10] },
    ]);
    expect(ofCode(evaluation.sprays[1]!.warnings, 'season_cap')).toEqual([]);
    expect(ofCode(evaluation.sprays[2]!.warnings, 'season_cap')).toEqual([
      expect.objectContaining({
        groups: ['sdhi'],
        value: 3,
        limit: 2,
        products: [{ productId: 5, name: 'Orkestra SC', groups: ['7', '11'] }],
      }),
    ]);
  });

  it('counts a fourth QoI spray over its cap of 3 (each spray containing the group once)', () => {
    const evaluation = evaluate([
      { day: 30, products: [6, 10] },
      { day: 45, products: [7, 10] },
      { day: 60, products: [8, 10] },
      { day: 75, products: [9, 10] },
    ]);
    const caps = ofCode(evaluation.sprays[3]!.warnings, 'season_cap');
    expect(caps.map((w) => [w.groups, w.value, w.limit])).toEqual([[['qoi'], 4, 3]]);
  });
});

describe('the safety interval', () => {
  it('is the longest the label gives for the crop’s targets, and null when it gives none', () => {
    expect(safetyIntervalOf(withInterval(6, 30), CROP_IDS.soybean)).toBe(30);
    expect(safetyIntervalOf(withInterval(6, 30), CROP_IDS.wheat)).toBeNull();
    expect(safetyIntervalOf(withInterval(6, undefined), CROP_IDS.soybean)).toBeNull();
  });

  it('warns when it reaches past the estimated R8, with the days missing', () => {
    // Day 100 + 30 days = 2025-03-11, 15 days after R8 (2025-02-24).
    const evaluation = evaluate([{ day: 100, products: [6, 10] }], {
      products: [withInterval(6, 30)],
    });
    expect(ofCode(evaluation.sprays[0]!.warnings, 'safety_interval')).toEqual([
      expect.objectContaining({
        productId: 6,
        value: 15,
        limit: 30,
        harvest: { date: ESTIMATED_R8, basis: 'estimated' },
      }),
    ]);
  });

  it('is quiet when the interval ends by the harvest', () => {
    // Day 85 + 30 = day 115, R8 itself.
    const evaluation = evaluate([{ day: 85, products: [6] }], { products: [withInterval(6, 30)] });
    expect(ofCode(evaluation.sprays[0]!.warnings, 'safety_interval')).toEqual([]);
  });

  it('takes the observed R8 over the estimate, and a recorded harvest over both', () => {
    const observed = evaluate([{ day: 85, products: [6] }], {
      products: [withInterval(6, 30)],
      harvest: { observed: '2025-02-20' },
    });
    expect(ofCode(observed.sprays[0]!.warnings, 'safety_interval')).toEqual([
      expect.objectContaining({ value: 4, harvest: { date: '2025-02-20', basis: 'observed' } }),
    ]);
    const recorded = evaluate([{ day: 85, products: [6] }], {
      products: [withInterval(6, 30)],
      harvest: { observed: '2025-02-20', recorded: ['2025-02-28', '2025-02-14'] },
    });
    expect(ofCode(recorded.sprays[0]!.warnings, 'safety_interval')).toEqual([
      expect.objectContaining({ value: 10, harvest: { date: '2025-02-14', basis: 'recorded' } }),
    ]);
  });

  it('warns of a harvest recorded inside the interval of an applied spray', () => {
    const evaluation = evaluate(
      [
        { day: 60, products: [7], applied: true },
        { day: 90, products: [6], applied: true },
      ],
      {
        products: [withInterval(6, 30), withInterval(7, 30)],
        harvest: { recorded: ['2025-02-20'] },
      },
    );
    // Day 90 is 2025-01-30: 30 days reach 2025-03-01, 9 days after the harvest.
    expect(ofCode(evaluation.warnings, 'harvest_in_safety_interval')).toEqual([
      expect.objectContaining({
        productId: 6,
        value: 9,
        limit: 30,
        sprayOrdinal: 2,
        harvest: { date: '2025-02-20', basis: 'recorded' },
      }),
    ]);
  });

  it('leaves a harvest alone when the spray inside its interval was only planned', () => {
    const evaluation = evaluate([{ day: 90, products: [6] }], {
      products: [withInterval(6, 30)],
      harvest: { recorded: ['2025-02-20'] },
    });
    expect(ofCode(evaluation.warnings, 'harvest_in_safety_interval')).toEqual([]);
  });

  it('never warns of a product whose label gives no interval', () => {
    const evaluation = evaluate([{ day: 110, products: [6, 10], applied: true }], {
      harvest: { recorded: ['2025-02-20'] },
    });
    expect(ofCode(evaluation.sprays[0]!.warnings, 'safety_interval')).toEqual([]);
    expect(ofCode(evaluation.warnings, 'harvest_in_safety_interval')).toEqual([]);
  });
});
