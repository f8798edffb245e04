import { describe, expect, it } from 'vitest';
import { suggestProgram } from './suggestion.ts';
import type { ProgramProduct } from './types.ts';

describe('the suggestion’s dose where the source gives none', () => {
  const product = (lastDose?: number): ProgramProduct => ({
    id: 7,
    name: 'Fox',
    groups: ['11', '3'],
    perDisease: { FER: { efficacy: 75.5, registeredDose: null, registeredDoseNotInformed: true } },
    ...(lastDose ? { lastDose } : {}),
  });
  const suggest = (catalogue: ProgramProduct[]) =>
    suggestProgram({
      cropId: 1,
      countryId: 1,
      emergence: '2024-11-01',
      cycleDays: 120,
      severity: 'medium',
      diseases: [{ code: 'FER', role: 'main' }],
      catalogue,
    });

  it('uses the grower’s last dose of the product', () => {
    const result = suggest([product(0.4)]);
    expect(result.sprays.length).toBeGreaterThan(0);
    expect(result.sprays[0]!.products).toEqual([{ productId: 7, dose: 0.4 }]);
  });

  it('suggests no product without a registered or a last dose', () => {
    const result = suggest([product()]);
    expect(result.sprays.every((spray) => spray.products.length === 0)).toBe(true);
  });
});
