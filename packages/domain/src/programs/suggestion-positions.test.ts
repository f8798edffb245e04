import { describe, expect, it } from 'vitest';
import { exampleCatalogue } from './example-catalogue.ts';
import { suggestSprayPositions, suggestSprayProducts } from './suggestion.ts';
import type { ProgramDisease } from './types.ts';

/** POST /api/defensives/suggest's engine: sprays 1..N, each after the ones before it. */
describe('suggested positions of a program not yet written', () => {
  const catalogue = exampleCatalogue(1, 1);
  const diseases: ProgramDisease[] = [
    { code: 'FER', role: 'main' },
    { code: 'MAL', role: 'secondary' },
  ];
  const base = {
    cropId: 1,
    countryId: 1,
    cycleDays: 120,
    severity: 'medium',
    diseases,
    catalogue,
  } as const;

  it('chooses each spray after the earlier ones: no group beyond its season cap (R2)', () => {
    const positions = suggestSprayPositions({ ...base, sprays: 5 });
    expect(positions).toHaveLength(5);
    const groupsOf = (productId: number) => catalogue.find((p) => p.id === productId)!.groups;
    const sprays = positions.map(
      (choice) => new Set(choice!.products.flatMap((p) => [...groupsOf(p.productId)])),
    );
    // SDHI ≤ 2 sprays of the season (AGRONOMY §7 R2); unchained, the best mixture would repeat.
    expect(sprays.filter((groups) => groups.has('7')).length).toBeLessThanOrEqual(2);
    expect(sprays.filter((groups) => groups.has('11')).length).toBeLessThanOrEqual(3);
    expect(positions[4]).toEqual(
      suggestSprayProducts({
        ...base,
        emergence: '2025-11-01',
        previousSprays: positions.slice(0, 4).map((choice) => choice!.products),
      }),
    );
  });

  it('puts the grower’s product first at its label dose, and rotates away from it', () => {
    const [first, second] = suggestSprayPositions({ ...base, sprays: 2, firstProductId: 3 });
    expect(first!.products).toEqual([{ productId: 3, dose: 0.2 }]);
    expect(first!.potential.FER).toBeGreaterThan(0);
    expect(second!.products.map((p) => p.productId)).not.toEqual([3]);
  });

  it('has nothing to suggest without a main disease, or for a product it cannot dose', () => {
    expect(suggestSprayPositions({ ...base, diseases: [], sprays: 2 })).toEqual([null, null]);
    expect(suggestSprayPositions({ ...base, sprays: 1, firstProductId: 999 })).toEqual([null]);
  });
});
