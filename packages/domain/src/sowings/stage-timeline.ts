import { addDays, daysBetween } from '../calendar-days.ts';
import { CROP_IDS, type CropId } from '../reference/crops.ts';
import { GROWTH_STAGES, type GrowthStage } from '../reference/growth-stages.ts';

/**
 * The growth-stage timeline of AGRONOMY.md §2 [A]: each stage starts at a fraction of the cycle
 * C (days from emergence, DAE 0, to the last stage), `start = floor(f·C + 0.5)`; the stage on a
 * day is the last one started by then (on a tie, the later). Stages the timeline does not list
 * (R5.1 is R5; wheat's 10.2–10.4, 10.5.2, 10.5.3) are only ever observed, not estimated.
 */
const FRACTIONS: Record<CropId, readonly (readonly [code: string, fraction: number])[]> = {
  [CROP_IDS.soybean]: [
    ['VE', 0],
    ['VC', 0.04],
    ['V1', 0.08],
    ['V2', 0.12],
    ['V3', 0.16],
    ['V4', 0.2],
    ['V5', 0.24],
    ['V6', 0.28],
    ['V7-V9', 0.32],
    ['R1', 0.4],
    ['R2', 0.45],
    ['R3', 0.52],
    ['R4', 0.58],
    ['R5', 0.64],
    ['R5.2', 0.67],
    ['R5.3', 0.7],
    ['R5.4', 0.73],
    ['R5.5', 0.76],
    ['R6', 0.8],
    ['R7', 0.9],
    ['R8', 0.96],
    ['R9', 1],
  ],
  // Feekes; AGRONOMY writes 10.5.1 as 10.51 and 10.5.4 as 10.54 (S13). 0 is before emergence.
  [CROP_IDS.wheat]: [
    ['1', 0],
    ['2', 0.1],
    ['3', 0.18],
    ['4', 0.26],
    ['5', 0.32],
    ['6', 0.38],
    ['7', 0.43],
    ['8', 0.48],
    ['9', 0.52],
    ['10', 0.56],
    ['10.1', 0.6],
    ['10.5', 0.64],
    ['10.5.1', 0.66],
    ['10.5.4', 0.7],
    ['11.1', 0.74],
    ['11.2', 0.82],
    ['11.3', 0.9],
    ['11.4', 0.96],
    // §2 ends the wheat timeline at day C: a spray on or after it is past the cycle, not at 11.4.
    ['end', 1],
  ],
};

/** The stage before emergence, where the crop has one (wheat's Feekes 0). */
const BEFORE_EMERGENCE: Partial<Record<CropId, string>> = { [CROP_IDS.wheat]: '0' };

export interface TimelineStage {
  stage_id: number;
  code: string;
  /** Days after emergence the stage starts (DAE). */
  day: number;
  start_date: string;
}

function stageOf(cropId: CropId, code: string): GrowthStage {
  const stage = GROWTH_STAGES.find((row) => row.crop_id === cropId && row.code === code);
  if (!stage) throw new Error(`No growth stage ${code} of crop ${cropId}`);
  return stage;
}

/** The day (DAE) each stage starts for a cycle of `cycleDays`. */
function stageStartDay(fraction: number, cycleDays: number): number {
  // A tiny margin: 0.58 × 120 is 69.6 in decimals but 69.59999… in binary.
  return Math.floor(fraction * cycleDays + 0.5 + 1e-9);
}

/** Every stage the timeline estimates, with its first day, for an emergence date and a cycle. */
export function stageTimeline(
  cropId: CropId,
  emergence: string,
  cycleDays: number,
): TimelineStage[] {
  return FRACTIONS[cropId].map(([code, fraction]) => {
    const day = stageStartDay(fraction, cycleDays);
    return { stage_id: stageOf(cropId, code).id, code, day, start_date: addDays(emergence, day) };
  });
}

/**
 * The stage on a day: the last stage started by then. Before emergence: wheat's Feekes 0, soybean
 * none (null).
 */
export function estimatedStage(
  cropId: CropId,
  emergence: string,
  cycleDays: number,
  day: string,
): GrowthStage | null {
  const dae = daysBetween(emergence, day);
  if (dae < 0) {
    const before = BEFORE_EMERGENCE[cropId];
    return before ? stageOf(cropId, before) : null;
  }
  let current: TimelineStage | undefined;
  for (const stage of stageTimeline(cropId, emergence, cycleDays))
    if (stage.day <= dae) current = stage;
  return current ? stageOf(cropId, current.code) : null;
}

/** An observation of a sowing's stage: the latest observed wins over the estimate. */
export interface StageObservation {
  stage_id: number;
  observed_at: string;
  /**
   * The farm's calendar day of `observed_at` (an instant in UTC): an observation made in the
   * evening in Brazil is already the next day in UTC. Without it, the instant's UTC day.
   */
  day?: string;
}

/**
 * The current stage: the latest observation (by `observed_at`) when there is one on or before
 * the day, else the estimate from emergence and cycle.
 */
export function currentStage(
  cropId: CropId,
  sowing: { emergence: string | null; cycleDays: number | null },
  observations: readonly StageObservation[],
  day: string,
): GrowthStage | null {
  const latest = observations
    .filter((observation) => (observation.day ?? observation.observed_at.slice(0, 10)) <= day)
    .reduce<StageObservation | null>(
      (best, observation) =>
        !best || observation.observed_at > best.observed_at ? observation : best,
      null,
    );
  if (latest) return GROWTH_STAGES.find((stage) => stage.id === latest.stage_id) ?? null;
  if (!sowing.emergence || !sowing.cycleDays) return null;
  return estimatedStage(cropId, sowing.emergence, sowing.cycleDays, day);
}
