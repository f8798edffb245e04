import { describe, expect, it } from 'vitest';
import { addDays } from '../calendar-days.ts';
import { COUNTRY_IDS } from '../reference/countries.ts';
import { CROP_IDS } from '../reference/crops.ts';
import { exampleCatalogue } from './example-catalogue.ts';
import {
  applySpray,
  changeTimeline,
  pauseProgram,
  resumeProgram,
  stageNotRecommended,
  unapplySpray,
  type Schedule,
  type ScheduledSpray,
} from './recalculation.ts';

/** AGRONOMY.md §8 beyond E2 and E7. */

const EMERGENCE = '2024-11-01';
const day = (n: number) => addDays(EMERGENCE, n);
const products = exampleCatalogue(CROP_IDS.soybean, COUNTRY_IDS.brazil);
const foxXpro = [{ productId: 1, dose: 0.5 }];
const context = {
  cropId: CROP_IDS.soybean,
  emergence: EMERGENCE,
  cycleDays: 120,
  diseases: [{ code: 'FER', role: 'main' as const }],
  products,
};

function schedule(days: number[], applied: number[] = []): Schedule {
  return {
    pausedAt: null,
    sprays: days.map((n, i): ScheduledSpray => ({
      date: day(n),
      plannedDate: day(n),
      appliedDate: applied.includes(i) ? day(n) : null,
      products: foxXpro,
    })),
  };
}

const dates = (result: { ok: boolean; schedule?: Schedule }) =>
  result.schedule!.sprays.map((s) => s.date);

describe('apply', () => {
  it('keeps the plan within the 2-day tolerance', () => {
    const result = applySpray(schedule([38, 59, 80]), 1, day(61), context);
    expect(result.ok && result.moves).toEqual([]);
    expect(dates(result as never)).toEqual([day(38), day(61), day(80)]);
  });

  it('shifts later planned sprays, capped at the end of the main range (rust: DAE 95)', () => {
    const result = applySpray(schedule([38, 59, 80, 94]), 1, day(70), context);
    expect(dates(result as never)).toEqual([day(38), day(70), day(91), day(95)]);
    expect(result.ok && result.moves.map((m) => m.capped)).toEqual([false, true]);
  });

  it('moves later sprays earlier when applied early, and leaves applied ones', () => {
    const result = applySpray(schedule([38, 59, 80], [0]), 1, day(54), context);
    expect(dates(result as never)).toEqual([day(38), day(54), day(75)]);
  });
});

describe('unapply', () => {
  it('returns to the previous applied spray + its interval I (21 for Fox Xpro)', () => {
    const result = unapplySpray(schedule([38, 66, 87], [0, 1]), 1, context);
    expect(result.ok && result.schedule.sprays[1]).toMatchObject({
      date: day(59),
      appliedDate: null,
    });
  });

  it('returns to the original plan when no earlier spray is applied', () => {
    const applied = applySpray(schedule([38, 59]), 0, day(41), context);
    if (!applied.ok) throw new Error(applied.error);
    const result = unapplySpray(applied.schedule, 0, context);
    expect(result.ok && result.schedule.sprays[0]!.date).toBe(day(38));
  });

  it('refuses a spray that is not applied', () => {
    expect(unapplySpray(schedule([38]), 0, context)).toEqual({
      ok: false,
      error: 'spray_not_applied',
    });
  });
});

describe('pause and resume', () => {
  it('refuses to apply while paused and keeps every date', () => {
    const paused = pauseProgram(schedule([38, 59]), day(45));
    if (!paused.ok) throw new Error(paused.error);
    expect(applySpray(paused.schedule, 1, day(60), context)).toEqual({
      ok: false,
      error: 'program_paused',
    });
  });

  it('keeps resumed sprays at least 10 days after the last applied one', () => {
    const paused = pauseProgram(schedule([50, 55, 70], [0]), day(52));
    if (!paused.ok) throw new Error(paused.error);
    const resumed = resumeProgram(paused.schedule, day(53));
    expect(dates(resumed as never)).toEqual([day(50), day(60), day(71)]);
  });

  it('refuses to resume a running program', () => {
    expect(resumeProgram(schedule([38]), day(40))).toEqual({
      ok: false,
      error: 'program_not_paused',
    });
  });
});

describe('sowing and cycle changes', () => {
  it('keeps planned dates within 6 days of emergence and 5 of cycle', () => {
    const result = changeTimeline(
      schedule([38, 59]),
      { emergence: EMERGENCE, cycleDays: 120 },
      { emergence: addDays(EMERGENCE, 6), cycleDays: 125 },
      context,
    );
    expect(result.ok && result.rebuilt).toBe(false);
    expect(dates(result as never)).toEqual([day(38), day(59)]);
  });

  it('re-chains the planned sprays beyond the tolerances', () => {
    const later = addDays(EMERGENCE, 10);
    // Nothing applied: the first keeps its point of the cycle (38/120 → 44/140), then + I.
    const fresh = changeTimeline(
      schedule([38, 59]),
      { emergence: EMERGENCE, cycleDays: 120 },
      { emergence: later, cycleDays: 140 },
      context,
    );
    expect(dates(fresh as never)).toEqual([addDays(later, 44), addDays(later, 65)]);
    // The applied spray stays; the next follows it by its I.
    const chained = changeTimeline(
      schedule([38, 59], [0]),
      { emergence: EMERGENCE, cycleDays: 120 },
      { emergence: later, cycleDays: 120 },
      context,
    );
    expect(dates(chained as never)).toEqual([day(38), day(59)]);
  });
});

describe('estadio_nao_recomendado', () => {
  it('flags a day outside the range of every priority disease, white-mold sprays on R1..R3', () => {
    const diseases = [
      { code: 'FER', role: 'main' as const },
      { code: 'MAL', role: 'secondary' as const },
    ];
    expect(stageNotRecommended(context, diseases, day(35))).toBe(false); // MAL from V6 (34)
    expect(stageNotRecommended(context, diseases, day(33))).toBe(true);
    expect(stageNotRecommended(context, diseases, day(96))).toBe(true); // R6
    expect(stageNotRecommended(context, diseases, day(69), true)).toBe(false); // before R4 (70)
    expect(stageNotRecommended(context, diseases, day(70), true)).toBe(true);
  });
});
