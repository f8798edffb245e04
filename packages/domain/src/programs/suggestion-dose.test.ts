import { describe, expect, it } from 'vitest';
import { suggestProgram, suggestSprayPositions } from './suggestion.ts';
import type { ProgramProduct, TargetEfficacy } from './types.ts';

const base = {
  cropId: 1,
  countryId: 1,
  emergence: '2024-11-01',
  cycleDays: 120,
  severity: 'high',
  diseases: [{ code: 'FER', role: 'main' }],
} as const;

const suggest = (catalogue: ProgramProduct[]) => suggestProgram({ ...base, catalogue });

const product = (
  id: number,
  groups: string[],
  fer: TargetEfficacy,
  extra: Partial<ProgramProduct> = {},
): ProgramProduct => ({ id, name: `P${id}`, groups, perDisease: { FER: fer }, ...extra });

/** Registered for rust, the source without a label dose (the bundled AGROFIT extract's case). */
const doseless: TargetEfficacy = {
  efficacy: 75.5,
  registeredDose: null,
  registeredDoseNotInformed: true,
};

const reasons = (result: ReturnType<typeof suggest>) =>
  result.sprays.map((spray) => spray.warnings.find((w) => w.code === 'empty_spray')?.reason);

describe('the suggestion’s dose where the source gives none', () => {
  it('uses the grower’s last dose of the product, and answers the score', () => {
    const result = suggest([product(7, ['11', '3'], doseless, { lastDose: 0.4 })]);
    expect(result.sprays.length).toBeGreaterThan(0);
    expect(result.sprays[0]!.products).toEqual([{ productId: 7, dose: 0.4 }]);
    expect(result.dosesToFill).toBe(0);
    expect(result.programScore).toBeGreaterThan(0);
  });

  it('proposes a registered product without any known dose, its dose to fill and the score pending', () => {
    const result = suggest([product(7, ['11', '3', 'M03'], doseless)]);
    expect(result.sprays.length).toBeGreaterThan(1);
    for (const spray of result.sprays) {
      expect(spray.products).toEqual([{ productId: 7, dose: null }]);
      expect(spray.warnings).toEqual([]);
      expect(spray.potential.FER).toBeCloseTo(0.755, 10);
    }
    expect(result.dosesToFill).toBe(result.sprays.length);
    // The score waits for the grower's dose instead of answering a value computed without it.
    expect(result.programScore).toBeNull();
    // Once the grower's dose is known, the same plan is scored.
    const filled = suggest([product(7, ['11', '3', 'M03'], doseless, { lastDose: 0.4 })]);
    expect(filled.sprays.map((s) => s.day)).toEqual(result.sprays.map((s) => s.day));
    expect(filled.programScore).toBeGreaterThan(0);
  });

  it('prefers neither a dosed nor a dose-less product for its dose: the efficacy decides', () => {
    const dosed = product(1, ['3'], { efficacy: 40, registeredDose: 0.5 });
    const better = product(2, ['7', 'M03'], doseless);
    const [first] = suggest([dosed, better]).sprays;
    expect(first!.products).toEqual([{ productId: 2, dose: null }]);
  });

  it('puts the grower’s own dose-less product first in the positions, its dose to fill', () => {
    const positions = suggestSprayPositions({
      ...base,
      catalogue: [product(7, ['11', '3'], doseless)],
      sprays: 1,
      firstProductId: 7,
    });
    expect(positions[0]!.products).toEqual([{ productId: 7, dose: null }]);
  });
});

describe('why a suggested spray has no product', () => {
  it('no product registered for the main disease (not informed, not registered, none at all)', () => {
    const notInformed = product(1, ['3'], {
      efficacy: null,
      registeredDose: null,
      registeredDoseNotInformed: true,
    });
    const notRegistered = product(2, ['3'], { efficacy: 60, registeredDose: 999999 });
    for (const catalogue of [[notInformed, notRegistered], []]) {
      const result = suggest(catalogue);
      expect(result.sprays.length).toBeGreaterThan(0);
      expect(result.sprays.every((spray) => spray.products.length === 0)).toBe(true);
      expect(new Set(reasons(result))).toEqual(new Set(['no_registered_product']));
    }
  });

  it('no known dose, only when the caller asks for dosed products (it writes the plan as it is)', () => {
    const result = suggestProgram({
      ...base,
      catalogue: [product(7, ['11', '3'], doseless)],
      dosedOnly: true,
    });
    expect(result.sprays.every((spray) => spray.products.length === 0)).toBe(true);
    expect(new Set(reasons(result))).toEqual(new Set(['no_known_dose']));
    const dosed = suggestProgram({
      ...base,
      catalogue: [product(7, ['11', '3', 'M03'], doseless, { lastDose: 0.4 })],
      dosedOnly: true,
    });
    expect(dosed.sprays[0]!.products).toEqual([{ productId: 7, dose: 0.4 }]);
  });

  it('the rotation rule (R1): a single-site product cannot follow itself', () => {
    const result = suggest([product(1, ['3'], { efficacy: 60, registeredDose: 0.5 })]);
    expect(result.sprays[0]!.products).toHaveLength(1);
    expect(result.sprays[1]!.products).toEqual([]);
    expect(reasons(result)[1]).toBe('rotation');
  });

  it('the season caps (R2): a third SDHI spray', () => {
    const result = suggest([
      product(1, ['7', 'M03'], { efficacy: 80, registeredDose: 0.5 }, { residualDays: 10 }),
    ]);
    expect(result.sprays.length).toBeGreaterThan(2);
    expect(result.sprays.slice(0, 2).every((s) => s.products.length === 1)).toBe(true);
    expect(reasons(result)[2]).toBe('season_cap');
  });

  it('both rules, when each candidate is blocked by one of them', () => {
    const sdhi = product(
      1,
      ['7', 'M03'],
      { efficacy: 80, registeredDose: 0.5 },
      { residualDays: 10 },
    );
    const qoi = product(2, ['11'], { efficacy: 50, registeredDose: 0.5 }, { residualDays: 10 });
    const result = suggest([sdhi, qoi]);
    const chosen = result.sprays.map((s) => s.products.map((p) => p.productId));
    expect(chosen.slice(0, 4)).toEqual([[1], [1], [2], []]);
    expect(reasons(result)[3]).toBe('rotation_and_season_cap');
  });
});
