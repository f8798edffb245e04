import { addDays, daysBetween } from '../calendar-days.ts';
import { CROP_IDS, type CropId } from '../reference/crops.ts';
import { GROWTH_STAGES } from '../reference/growth-stages.ts';
import { currentStage, type StageObservation } from '../sowings/stage-timeline.ts';

/**
 * The rules of the reports (issue 14 item 5; docs/reports.md) that need no database: when a
 * sowing has reached the harvest stage, which error a season report without harvests answers,
 * and rainfall summed by week and by month.
 */

/**
 * The stage from which a crop is ready to harvest: soybean R8 (full maturity; R9 is the harvest
 * point), wheat Feekes 11.4 (harvest-ripe).
 */
const HARVEST_STAGE_CODE: Record<CropId, string> = {
  [CROP_IDS.soybean]: 'R8',
  [CROP_IDS.wheat]: '11.4',
};

function stageOrder(stageId: number): number | null {
  return GROWTH_STAGES.find((stage) => stage.id === stageId)?.order ?? null;
}

function harvestStageOrder(cropId: CropId): number {
  const code = HARVEST_STAGE_CODE[cropId];
  return GROWTH_STAGES.find((stage) => stage.crop_id === cropId && stage.code === code)!.order;
}

export interface SowingForHarvestStage {
  cropId: CropId;
  emergence: string | null;
  cycleDays: number | null;
  /** Its harvests and crop losses. */
  harvests: number;
  observations: readonly StageObservation[];
}

/**
 * A sowing has reached the harvest stage when any of these holds:
 * 1. it has a harvest or a crop loss recorded;
 * 2. a growth-stage observation at or beyond the crop's harvest stage (soybean R8, R9; wheat 11.4)
 *    was made on or before `today`;
 * 3. its current stage on `today` (the latest observation, else the estimate from emergence and
 *    cycle: AGRONOMY §2, R8 begins at 96 % of the cycle) is at or beyond the harvest stage.
 * A sowing without emergence and cycle and without such an observation has not reached it.
 */
export function reachedHarvestStage(sowing: SowingForHarvestStage, today: string): boolean {
  if (sowing.harvests > 0) return true;
  const target = harvestStageOrder(sowing.cropId);
  const atOrAfter = (stageId: number) => (stageOrder(stageId) ?? -1) >= target;
  if (
    sowing.observations.some(
      (observation) =>
        (observation.day ?? observation.observed_at.slice(0, 10)) <= today &&
        atOrAfter(observation.stage_id),
    )
  )
    return true;
  const stage = currentStage(
    sowing.cropId,
    { emergence: sowing.emergence, cycleDays: sowing.cycleDays },
    sowing.observations,
    today,
  );
  return stage !== null && atOrAfter(stage.id);
}

/**
 * Which report error a season with sowings answers, or null when it has a report: none of its
 * sowings harvested (a harvest or a loss recorded) and none at the harvest stage →
 * `reportNoHarvestStage`; some at the harvest stage but none harvested →
 * `reportNoHarvestedSowings`.
 */
export function seasonReportRefusal(
  sowings: readonly SowingForHarvestStage[],
  today: string,
): 'reportNoHarvestStage' | 'reportNoHarvestedSowings' | null {
  if (sowings.some((sowing) => sowing.harvests > 0)) return null;
  if (sowings.some((sowing) => reachedHarvestStage(sowing, today)))
    return 'reportNoHarvestedSowings';
  return 'reportNoHarvestStage';
}

/** One day of rainfall: the weather source's and the grower's gauge (either may be missing). */
export interface RainDay {
  date: string;
  precipitation_mm: number | null;
  observed_mm: number | null;
}

export interface RainPeriod {
  /** The first and last day of the period inside the report's range. */
  start: string;
  end: string;
  /** Sums of the days that have a value; null when no day of the period has one. */
  precipitation_mm: number | null;
  observed_mm: number | null;
}

const tenth = (value: number) => Math.round(value * 10) / 10;

function sumInto(period: RainPeriod, day: RainDay): void {
  if (day.precipitation_mm !== null)
    period.precipitation_mm = tenth((period.precipitation_mm ?? 0) + day.precipitation_mm);
  if (day.observed_mm !== null)
    period.observed_mm = tenth((period.observed_mm ?? 0) + day.observed_mm);
}

/** The Monday of a day's week (weeks run Monday to Sunday, ISO 8601). */
export function mondayOf(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(year!, month! - 1, date!)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * Every week (Monday to Sunday) or calendar month from `from` to `to`, in order, with the rain of
 * the days given summed; periods without any value are listed with nulls so a chart keeps its
 * time axis. The first and last periods are cut to the range.
 */
export function rainfallByPeriod(
  days: readonly RainDay[],
  from: string,
  to: string,
  period: 'week' | 'month',
): RainPeriod[] {
  if (to < from) return [];
  const keyOf = (day: string) => (period === 'week' ? mondayOf(day) : day.slice(0, 7));
  const periods = new Map<string, RainPeriod>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const key = keyOf(day);
    const existing = periods.get(key);
    if (existing) existing.end = day;
    else periods.set(key, { start: day, end: day, precipitation_mm: null, observed_mm: null });
    // A season is months long: a year and a half at most is read.
    if (daysBetween(from, day) > 550) break;
  }
  for (const day of days) {
    if (day.date < from || day.date > to) continue;
    const target = periods.get(keyOf(day.date));
    if (target) sumInto(target, day);
  }
  return [...periods.values()];
}
