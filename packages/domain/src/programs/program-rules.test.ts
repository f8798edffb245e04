import { describe, expect, it } from 'vitest';
import {
  defensivesSuggestionProblem,
  diseaseFieldProblems,
  importShiftDays,
  keepsTarget,
  programArea,
  scheduleOfSprayings,
} from './program-rules.ts';

describe('a program’s schedule for the engine', () => {
  it('dates an applied spray by its day and keeps the first planned day to return to', () => {
    const schedule = scheduleOfSprayings(
      [
        {
          plannedDate: '2026-01-10',
          originalDate: '2026-01-08',
          appliedAt: '2026-01-12',
          whiteMold: false,
          products: [{ pesticideId: 7, dose: 0.5 }],
        },
        {
          plannedDate: '2026-01-30',
          originalDate: null,
          appliedAt: null,
          whiteMold: true,
          products: [],
        },
      ],
      '2026-01-20',
    );
    expect(schedule).toEqual({
      pausedAt: '2026-01-20',
      sprays: [
        {
          date: '2026-01-12',
          plannedDate: '2026-01-08',
          appliedDate: '2026-01-12',
          products: [{ productId: 7, dose: 0.5 }],
        },
        {
          date: '2026-01-30',
          plannedDate: '2026-01-30',
          appliedDate: null,
          products: [],
          whiteMold: true,
        },
      ],
    });
  });
});

describe('a changed program keeps what it is for', () => {
  const plan = { sowingId: null, farmVarietyId: 4 };
  const execution = { sowingId: 9, farmVarietyId: 4 };

  it('a plan its farm variety, with no sowing', () => {
    expect(keepsTarget(plan, { cultivar_id: 4 })).toBe(true);
    expect(keepsTarget(plan, { cultivar_id: 5 })).toBe(false);
    expect(keepsTarget(plan, { cultivar_id: 4, semeadura_id: 9 })).toBe(false);
  });

  it('a sowing’s program its sowing alone', () => {
    expect(keepsTarget(execution, { semeadura_id: 9 })).toBe(true);
    expect(keepsTarget(execution, { semeadura_id: 9, cultivar_id: 99 })).toBe(true);
    expect(keepsTarget(execution, { cultivar_id: 4 })).toBe(false);
  });
});

describe('the diseases of a program', () => {
  const known = new Set([1, 2, 3]);

  it('are all of the crop, each once', () => {
    expect(diseaseFieldProblems(1, [2, 3], known)).toEqual([]);
  });

  it('name the field of an unknown main disease', () => {
    expect(diseaseFieldProblems(11, [2], known)).toEqual(['doenca_principal_id']);
  });

  it('refuse a secondary one unknown, repeated or the main one again', () => {
    expect(diseaseFieldProblems(1, [11], known)).toEqual(['doencas_secundarias_ids']);
    expect(diseaseFieldProblems(1, [2, 2], known)).toEqual(['doencas_secundarias_ids']);
    expect(diseaseFieldProblems(1, [1], known)).toEqual(['doencas_secundarias_ids']);
    expect(diseaseFieldProblems(11, [12], known)).toEqual([
      'doenca_principal_id',
      'doencas_secundarias_ids',
    ]);
  });
});

describe('a plan brought into a sowing', () => {
  it('moves by the days from the expected emergence to the sowing’s', () => {
    expect(importShiftDays('2026-10-01', '2026-10-08')).toBe(7);
    expect(importShiftDays('2026-10-08', '2026-10-01')).toBe(-7);
  });

  it('stays as planned without either', () => {
    expect(importShiftDays(null, '2026-10-08')).toBe(0);
    expect(importShiftDays('2026-10-01', null)).toBe(0);
    expect(importShiftDays('2026-10-01', undefined)).toBe(0);
  });
});

describe('the area a program’s cost is multiplied by', () => {
  const areas = new Map([[4, 120]]);
  const areaOf = (id: number) => areas.get(id);

  it('is the sowing’s for a sowing’s program', () => {
    expect(programArea({ sowingId: 9, farmVarietyId: 4, sowingArea: 30 }, areaOf)).toBe(30);
  });

  it('is the live sowings of its variety for a plan, none without', () => {
    expect(programArea({ sowingId: null, farmVarietyId: 4, sowingArea: null }, areaOf)).toBe(120);
    expect(programArea({ sowingId: null, farmVarietyId: 5, sowingArea: null }, areaOf)).toBe(null);
    expect(programArea({ sowingId: null, farmVarietyId: null, sowingArea: null }, areaOf)).toBe(
      null,
    );
  });
});

describe('a suggestion of sprays for a crop’s diseases', () => {
  it('is refused beyond the crop’s spray limit', () => {
    expect(
      defensivesSuggestionProblem({ cropId: 1, countryId: 1, sprays: 7, diseaseIds: [1] }),
    ).toBe(null);
    expect(
      defensivesSuggestionProblem({ cropId: 1, countryId: 1, sprays: 8, diseaseIds: [1] }),
    ).toBe('max_sprays');
    expect(
      defensivesSuggestionProblem({ cropId: 2, countryId: 1, sprays: 6, diseaseIds: [11] }),
    ).toBe('max_sprays');
  });

  it('is refused for a disease of another crop, or one unknown', () => {
    expect(
      defensivesSuggestionProblem({ cropId: 1, countryId: 1, sprays: 2, diseaseIds: [1, 11] }),
    ).toBe('disease_of_another_crop');
    expect(
      defensivesSuggestionProblem({ cropId: 1, countryId: 1, sprays: 2, diseaseIds: [999] }),
    ).toBe('disease_of_another_crop');
  });
});
