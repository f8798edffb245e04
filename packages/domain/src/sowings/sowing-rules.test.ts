import { describe, expect, it } from 'vitest';
import { sowingBodySchema, harvestBodySchema } from '../contracts/sowings.ts';
import { fromDisplayUnit, toDisplayUnit } from '../units.ts';
import {
  harvestDateProblem,
  irrigationProblem,
  isGrowingSowing,
  leastRemainingArea,
  remainingArea,
  sowingDatesProblem,
  sowingStatus,
  sownAreaProblem,
} from './sowing-rules.ts';

const VALID = { fazenda_id: 1, talhao_id: 2, cultivar_id: 3, area: 40 };
const fieldsOf = (body: object) => {
  const parsed = sowingBodySchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

describe('a sowing’s body', () => {
  it('takes the seeding parameters within the spec’s limits', () => {
    expect(
      fieldsOf({
        ...VALID,
        data_semeadura: '2026-10-10',
        data_emergencia: '2026-10-17',
        estimated_cycle: 120,
        population_lines: 25,
        line_spacing: 150,
        operating_speed: 25,
        germinative_power: 100,
        seed_vigor: 0,
        seeder_system_id: 6,
        seed_class_id: 1,
      }),
    ).toEqual([]);
  });

  it.each([
    ['estimated_cycle', 0],
    ['population_lines', 25.1],
    ['population_lines', 0],
    ['line_spacing', 151],
    ['operating_speed', 25.5],
    ['germinative_power', 101],
    ['seed_vigor', -1],
    // Issue 27: what the form let through.
    ['germinative_power', 150],
    ['seed_vigor', -3],
    ['seed_vigor', 100.5],
    ['seeder_system_id', 99],
    ['area', 0],
    ['data_semeadura', '2026-02-30'],
  ])('refuses %s = %s, naming it', (field, value) => {
    expect(fieldsOf({ ...VALID, [field]: value })).toEqual([field]);
  });

  it('holds 15 mph and 7.6 plants per foot within the limits, and 16 mph beyond', () => {
    const speed = (mph: number) => fromDisplayUnit('speed', mph, 'en');
    expect(fieldsOf({ ...VALID, operating_speed: speed(15) })).toEqual([]);
    expect(fieldsOf({ ...VALID, operating_speed: speed(16) })).toEqual(['operating_speed']);
    const perFoot = fromDisplayUnit('plantsPerLength', 7.6, 'en');
    expect(fieldsOf({ ...VALID, population_lines: perFoot })).toEqual([]);
    // Round trip: what English enters is what it reads back.
    expect(toDisplayUnit('plantsPerLength', perFoot, 'en')).toBeCloseTo(7.6, 6);
    expect(
      toDisplayUnit('productivity', fromDisplayUnit('productivity', 55, 'en'), 'en'),
    ).toBeCloseTo(55, 6);
  });
});

describe('the rules of a sowing', () => {
  it('refuses an emergence before the sowing', () => {
    expect(
      sowingDatesProblem({ data_semeadura: '2026-10-10', data_emergencia: '2026-10-09' }),
    ).toBe('sowingEmergenceBeforeSowing');
    expect(
      sowingDatesProblem({ data_semeadura: '2026-10-10', data_emergencia: '2026-10-10' }),
    ).toBeNull();
    expect(sowingDatesProblem({ data_semeadura: null, data_emergencia: '2026-10-10' })).toBeNull();
  });

  it('counts the area left on a plot across its sowings', () => {
    const soy = (area: number) => ({ season_crop_id: 7, area });
    expect(remainingArea(100, [soy(40), soy(35.5)], 7)).toBe(24.5);
    expect(remainingArea(0.3, [soy(0.1), soy(0.2)], 7)).toBe(0);
    expect(remainingArea(10, [soy(12)], 7)).toBe(0);
    // Another season-crop (the wheat after the soybean) has the whole plot.
    expect(remainingArea(39.15, [soy(30)], 8)).toBe(39.15);
    // Without a season-crop: the least any leaves, the whole plot without sowings.
    expect(leastRemainingArea(39.15, [soy(30), { season_crop_id: 8, area: 10 }])).toBe(9.15);
    expect(leastRemainingArea(39.1537, [])).toBe(39.15);
  });

  it('goes from planned to sown, ready to harvest, harvested or lost', () => {
    const base = {
      sowingDate: null,
      emergence: null,
      cycleDays: 120,
      harvests: [],
      today: '2027-03-01',
    };
    expect(sowingStatus(base)).toBe('planned');
    const sown = { ...base, sowingDate: '2026-10-10', emergence: '2026-10-17' };
    expect(sowingStatus({ ...sown, today: '2027-02-13' })).toBe('sown');
    expect(sowingStatus({ ...sown, today: '2027-02-14' })).toBe('ready_to_harvest');
    expect(sowingStatus({ ...sown, harvests: [{ lost: false }] })).toBe('harvested');
    expect(sowingStatus({ ...sown, harvests: [{ lost: false }, { lost: true }] })).toBe('lost');
  });
});

describe('harvests and irrigations', () => {
  it('needs a productivity unless the crop was lost', () => {
    expect(harvestBodySchema.safeParse({ data_colheita: '2027-02-20' }).success).toBe(false);
    expect(harvestBodySchema.safeParse({ data_colheita: '2027-02-20', perda: true }).success).toBe(
      true,
    );
    expect(
      harvestBodySchema.safeParse({ data_colheita: '2027-02-20', produtividade: 62 }).success,
    ).toBe(true);
  });

  it('dates a harvest between the sowing and today', () => {
    expect(harvestDateProblem('2026-10-01', '2026-10-10', '2027-03-01')).toBe(
      'harvestDateBeforeSowing',
    );
    expect(harvestDateProblem('2027-03-02', '2026-10-10', '2027-03-01')).toBe(
      'harvestDateInFuture',
    );
    expect(harvestDateProblem('2027-03-01', '2026-10-10', '2027-03-01')).toBeNull();
  });

  it('refuses an irrigation that ends before it starts or brings no water', () => {
    const at = (hour: number) => `2026-12-01T${String(hour).padStart(2, '0')}:00:00-03:00`;
    expect(irrigationProblem({ start: at(10), end: at(9), blade_mm: 10 })).toBe(
      'irrigationStartAfterEnd',
    );
    expect(irrigationProblem({ start: at(9), end: at(10), blade_mm: 0 })).toBe(
      'irrigationZeroAmount',
    );
    expect(irrigationProblem({ start: at(9), end: at(10), blade_mm: 12 })).toBeNull();
  });
});

describe('a sowing’s area against what remains of its plot', () => {
  it('takes all that remains, forgiving float dust but never a hundredth of a hectare', () => {
    expect(sownAreaProblem(40, 40)).toBeNull();
    expect(sownAreaProblem(0.1 + 0.2, 0.3)).toBeNull();
    expect(sownAreaProblem(40.01, 40)).toBe('sowingAreaExceedsRemaining');
    expect(sownAreaProblem(0.01, 0)).toBe('sowingAreaExceedsRemaining');
  });
});

describe('isGrowingSowing', () => {
  it('is a sowing still in the field: planned, sown or ready, of the current season', () => {
    for (const status of ['planned', 'sown', 'ready_to_harvest'] as const)
      expect(isGrowingSowing({ status, active: true })).toBe(true);
    expect(isGrowingSowing({ status: 'harvested', active: true })).toBe(false);
    expect(isGrowingSowing({ status: 'lost', active: true })).toBe(false);
    // A past season's sowing (or a deleted one) is not growing, whatever its status.
    expect(isGrowingSowing({ status: 'sown', active: false })).toBe(false);
  });
});
