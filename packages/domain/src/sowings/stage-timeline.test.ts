import { describe, expect, it } from 'vitest';
import { CROP_IDS } from '../reference/crops.ts';
import { stageOnDay, stageStarts } from '../programs/risk-windows.ts';
import { currentStage, estimatedStage, stageTimeline } from './stage-timeline.ts';

const EMERGENCE = '2026-11-01';
const dayOf = (timeline: { code: string; day: number }[], code: string) =>
  timeline.find((stage) => stage.code === code)?.day;

describe('the growth-stage timeline of AGRONOMY.md §2', () => {
  it('starts the soybean stages on the days §2 lists for a 120-day cycle', () => {
    const timeline = stageTimeline(CROP_IDS.soybean, EMERGENCE, 120);
    expect(
      Object.fromEntries(
        ['V6', 'V7-V9', 'R1', 'R3', 'R4', 'R5', 'R6', 'R7'].map((code) => [
          code,
          dayOf(timeline, code),
        ]),
      ),
    ).toEqual({ V6: 34, 'V7-V9': 38, R1: 48, R3: 62, R4: 70, R5: 77, R6: 96, R7: 108 });
    expect(timeline.find((stage) => stage.code === 'R1')!.start_date).toBe('2026-12-19');
  });

  it('starts the wheat Feekes stages on the days §2 lists for a 120-day cycle', () => {
    const timeline = stageTimeline(CROP_IDS.wheat, EMERGENCE, 120);
    expect(
      Object.fromEntries(
        ['6', '8', '10.5', '10.5.1', '10.5.4', '11.1'].map((code) => [code, dayOf(timeline, code)]),
      ),
    ).toEqual({ '6': 46, '8': 58, '10.5': 77, '10.5.1': 79, '10.5.4': 84, '11.1': 89 });
  });

  it('is the last stage started by a day, before emergence none (soybean) or Feekes 0 (wheat)', () => {
    const on = (crop: 1 | 2, dae: number) => {
      const day = new Date(Date.parse(`${EMERGENCE}T00:00:00Z`) + dae * 86_400_000);
      return estimatedStage(crop, EMERGENCE, 120, day.toISOString().slice(0, 10))?.code ?? null;
    };
    expect(on(CROP_IDS.soybean, -1)).toBeNull();
    expect(on(CROP_IDS.soybean, 0)).toBe('VE');
    expect(on(CROP_IDS.soybean, 47)).toBe('V7-V9');
    expect(on(CROP_IDS.soybean, 48)).toBe('R1');
    expect(on(CROP_IDS.soybean, 200)).toBe('R9');
    expect(on(CROP_IDS.wheat, -3)).toBe('0');
    expect(on(CROP_IDS.wheat, 79)).toBe('10.5.1');
  });

  it('ends the wheat timeline with §2’s `end` at day C: a spray from then on is labelled with it', () => {
    const timeline = stageTimeline(CROP_IDS.wheat, EMERGENCE, 120);
    expect(timeline.slice(-2).map((stage) => [stage.code, stage.day])).toEqual([
      ['11.4', 115],
      ['end', 120],
    ]);
    const on = (dae: number) => {
      const day = new Date(Date.parse(`${EMERGENCE}T00:00:00Z`) + dae * 86_400_000);
      return estimatedStage(CROP_IDS.wheat, EMERGENCE, 120, day.toISOString().slice(0, 10));
    };
    expect(on(119)!.code).toBe('11.4');
    expect(on(120)).toMatchObject({ code: 'end', message_key: 'growth_stage.wheat.end' });
    expect(on(150)!.code).toBe('end');
    // The programs engine labels a spray by the same timeline.
    const starts = stageStarts(CROP_IDS.wheat, 120);
    expect([stageOnDay(starts, 119), stageOnDay(starts, 120)]).toEqual(['11.4', 'end']);
  });

  it('counts an evening observation on the farm’s day, not the next UTC day', () => {
    const sowing = { emergence: EMERGENCE, cycleDays: 120 };
    const r1 = 10;
    // 21:30 in São Paulo on the 10th is already the 11th in UTC.
    const evening = { stage_id: r1, observed_at: '2026-12-11T00:30:00Z', day: '2026-12-10' };
    expect(currentStage(CROP_IDS.soybean, sowing, [evening], '2026-12-10')?.code).toBe('R1');
  });

  it('takes the latest observation over the estimate, and the estimate without one', () => {
    const sowing = { emergence: EMERGENCE, cycleDays: 120 };
    const [v4, r1] = [6, 10]; // soybean V4's and R1's ids
    const observations = [
      { stage_id: r1, observed_at: '2026-12-08T09:00:00Z' },
      { stage_id: v4, observed_at: '2026-12-01T10:00:00Z' },
    ];
    // DAE 39: the estimate says V7-V9; the field said R1 on the 8th.
    expect(currentStage(CROP_IDS.soybean, sowing, observations, '2026-12-10')?.code).toBe('R1');
    expect(currentStage(CROP_IDS.soybean, sowing, [], '2026-12-10')?.code).toBe('V7-V9');
    // Before the R1 observation the V4 one holds; before any, the estimate (DAE 29: V5).
    expect(currentStage(CROP_IDS.soybean, sowing, observations, '2026-12-05')?.code).toBe('V4');
    expect(currentStage(CROP_IDS.soybean, sowing, observations, '2026-11-30')?.code).toBe('V5');
    expect(
      currentStage(CROP_IDS.soybean, { emergence: null, cycleDays: 120 }, [], '2026-12-21'),
    ).toBeNull();
  });
});
