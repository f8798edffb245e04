import { describe, expect, it } from 'vitest';
import {
  costPerHectare,
  diseasesProblem,
  duplicatedProductProblem,
  maxSprays,
  sprayCountProblem,
  reapplyOutcome,
  sprayDateProblem,
} from './spraying-rules.ts';

describe('the rules of a program’s applications (issue 13 item 6)', () => {
  it('allows 7 sprays on soybean and 5 on wheat, 5 of either in the USA (AGRONOMY §7.2)', () => {
    expect(maxSprays(1, 1)).toBe(7);
    expect(maxSprays(2, 1)).toBe(5);
    expect(maxSprays(1, 3)).toBe(5);
    expect(maxSprays(2, 3)).toBe(5);
  });

  it('takes one main disease and at most two secondary ones', () => {
    expect(diseasesProblem([2, 3])).toBeNull();
    expect(diseasesProblem([2, 3, 4])).toBe('programTooManyDiseases');
  });

  it('refuses a product twice in one application', () => {
    expect(duplicatedProductProblem([5, 6])).toBeNull();
    expect(duplicatedProductProblem([5, 6, 5])).toBe('sprayDuplicatedDefensive');
  });

  it('dates an application after the previous one and not before the sowing', () => {
    const regular = { date: '2026-11-20', whiteMold: false };
    expect(sprayDateProblem('2026-12-10', regular, '2026-10-01')).toBeNull();
    expect(sprayDateProblem('2026-11-19', regular, '2026-10-01')).toBe('sprayDateBeforeLast');
    expect(sprayDateProblem('2026-11-20', regular, '2026-10-01')).toBe('sprayDateBeforeLast');
    // A white-mold spray may share the day of a regular one, either way round; not of its kind.
    expect(sprayDateProblem('2026-11-20', regular, '2026-10-01', true)).toBeNull();
    const whiteMold = { date: '2026-11-20', whiteMold: true };
    expect(sprayDateProblem('2026-11-20', whiteMold, '2026-10-01', false)).toBeNull();
    expect(sprayDateProblem('2026-11-20', whiteMold, '2026-10-01', true)).toBe(
      'sprayDateBeforeLast',
    );
    expect(sprayDateProblem('2026-11-19', whiteMold, '2026-10-01', false)).toBe(
      'sprayDateBeforeLast',
    );
    expect(sprayDateProblem('2026-09-30', null, '2026-10-01')).toBe('sprayDateBeforeSowing');
    expect(sprayDateProblem('2026-09-30', null, null)).toBeNull();
  });

  it('counts white-mold sprays apart: a fourth is refused, and they leave the spray limit alone', () => {
    const regular = { whiteMold: false };
    const whiteMold = { whiteMold: true };
    expect(sprayCountProblem(Array(6).fill(regular), regular, 7)).toBeNull();
    expect(sprayCountProblem(Array(7).fill(regular), regular, 7)).toBe('programMaxSprays');
    expect(sprayCountProblem([...Array(7).fill(regular), whiteMold], whiteMold, 7)).toBeNull();
    expect(sprayCountProblem(Array(3).fill(whiteMold), whiteMold, 7)).toBe('sprayWhiteMoldLimit');
  });

  it('costs an application per hectare to the cent, without float dust', () => {
    expect(
      costPerHectare([
        { dose: 0.5, price: 120 },
        { dose: 1.5, price: 30 },
      ]),
    ).toBe(105);
    expect(costPerHectare([{ dose: 0.3, price: 210.5 }])).toBe(63.15);
    expect(
      costPerHectare([
        { dose: 0.1, price: 0.2 },
        { dose: 0.2, price: 0.1 },
      ]),
    ).toBe(0.04);
    expect(costPerHectare([])).toBe(0);
  });
});

describe('reapplyOutcome', () => {
  it('records a spraying not applied yet, keeps the same day as it is, and refuses another day', () => {
    expect(reapplyOutcome(null, '2026-12-07')).toBeNull();
    expect(reapplyOutcome('2026-12-07', '2026-12-07')).toBe('unchanged');
    expect(reapplyOutcome('2026-12-06', '2026-12-07')).toBe('sprayingAlreadyApplied');
  });
});
