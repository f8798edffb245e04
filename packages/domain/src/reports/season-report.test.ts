import { describe, expect, it } from 'vitest';
import { CROP_IDS } from '../reference/crops.ts';
import { GROWTH_STAGES } from '../reference/growth-stages.ts';
import {
  rainfallByPeriod,
  reachedHarvestStage,
  seasonReportRefusal,
  mondayOf,
  type SowingForHarvestStage,
} from './season-report.ts';

const stageId = (cropId: number, code: string) =>
  GROWTH_STAGES.find((stage) => stage.crop_id === cropId && stage.code === code)!.id;

const soybean = (values: Partial<SowingForHarvestStage> = {}): SowingForHarvestStage => ({
  cropId: CROP_IDS.soybean,
  emergence: '2026-10-17',
  cycleDays: 120,
  harvests: 0,
  observations: [],
  ...values,
});

describe('the harvest stage of a sowing', () => {
  it('is reached by a recorded harvest or loss whatever the stage', () => {
    expect(reachedHarvestStage(soybean({ harvests: 1 }), '2026-11-01')).toBe(true);
  });

  it('is reached by the estimate once R8 begins (96 % of the cycle: day 115 of 120)', () => {
    // Emergence 17 Oct + 115 days = 9 Feb.
    expect(reachedHarvestStage(soybean(), '2027-02-08')).toBe(false);
    expect(reachedHarvestStage(soybean(), '2027-02-09')).toBe(true);
  });

  it('follows the latest observation over the estimate', () => {
    const r6 = [{ stage_id: stageId(1, 'R6'), observed_at: '2027-02-01T12:00:00Z' }];
    expect(reachedHarvestStage(soybean({ observations: r6 }), '2027-02-20')).toBe(false);
    const r8 = [{ stage_id: stageId(1, 'R8'), observed_at: '2027-01-30T12:00:00Z' }];
    // Observed at R8 early: reached, though the estimate says R6.
    expect(reachedHarvestStage(soybean({ observations: r8 }), '2027-01-31')).toBe(true);
    // An observation after the day does not count yet.
    expect(reachedHarvestStage(soybean({ observations: r8 }), '2027-01-29')).toBe(false);
  });

  it('is not reached without emergence, cycle and observations', () => {
    expect(reachedHarvestStage(soybean({ emergence: null, cycleDays: null }), '2028-01-01')).toBe(
      false,
    );
  });

  it('is wheat Feekes 11.4', () => {
    const wheat = (code: string): SowingForHarvestStage => ({
      cropId: CROP_IDS.wheat,
      emergence: null,
      cycleDays: null,
      harvests: 0,
      observations: [{ stage_id: stageId(2, code), observed_at: '2026-10-01T12:00:00Z' }],
    });
    expect(reachedHarvestStage(wheat('11.3'), '2026-10-02')).toBe(false);
    expect(reachedHarvestStage(wheat('11.4'), '2026-10-02')).toBe(true);
  });
});

describe('the season report’s refusal', () => {
  it('is none once any sowing is harvested', () => {
    expect(seasonReportRefusal([soybean(), soybean({ harvests: 1 })], '2026-11-01')).toBeNull();
  });
  it('is no_harvested_sowings when a sowing is at the harvest stage without a harvest', () => {
    expect(seasonReportRefusal([soybean()], '2027-03-01')).toBe('reportNoHarvestedSowings');
  });
  it('is no_harvest_stage before any sowing gets there', () => {
    expect(seasonReportRefusal([soybean()], '2026-12-01')).toBe('reportNoHarvestStage');
  });
});

describe('rainfall by period', () => {
  const days = [
    { date: '2026-10-05', precipitation_mm: 12.2, observed_mm: 10 },
    { date: '2026-10-06', precipitation_mm: 3.1, observed_mm: null },
    { date: '2026-10-12', precipitation_mm: 0, observed_mm: 22 },
    { date: '2026-11-02', precipitation_mm: null, observed_mm: 5 },
  ];

  it('weeks run Monday to Sunday', () => {
    expect(mondayOf('2026-10-11')).toBe('2026-10-05');
    expect(mondayOf('2026-10-12')).toBe('2026-10-12');
  });

  it('sums each week, keeping empty weeks and cutting the ends to the range', () => {
    const weeks = rainfallByPeriod(days, '2026-10-07', '2026-10-27', 'week');
    expect(weeks).toEqual([
      { start: '2026-10-07', end: '2026-10-11', precipitation_mm: null, observed_mm: null },
      { start: '2026-10-12', end: '2026-10-18', precipitation_mm: 0, observed_mm: 22 },
      { start: '2026-10-19', end: '2026-10-25', precipitation_mm: null, observed_mm: null },
      { start: '2026-10-26', end: '2026-10-27', precipitation_mm: null, observed_mm: null },
    ]);
  });

  it('sums each month', () => {
    expect(rainfallByPeriod(days, '2026-10-01', '2026-11-30', 'month')).toEqual([
      { start: '2026-10-01', end: '2026-10-31', precipitation_mm: 15.3, observed_mm: 32 },
      { start: '2026-11-01', end: '2026-11-30', precipitation_mm: null, observed_mm: 5 },
    ]);
  });
});
