import { addDays } from '../calendar-days.ts';
import type { SowingStatus } from '../contracts/sowings.ts';
import type { ERRORS } from '../errors.ts';

/**
 * The rules of a sowing, its harvests and its irrigations that do not need the database (issue
 * 12): each answers the name of the refusal in ERRORS, or null.
 */

type Refusal<Name extends keyof typeof ERRORS> = Name;

/** Emergence cannot come before sowing. */
export function sowingDatesProblem(sowing: {
  data_semeadura?: string | null;
  data_emergencia?: string | null;
}): Refusal<'sowingEmergenceBeforeSowing'> | null {
  const { data_semeadura: sown, data_emergencia: emerged } = sowing;
  return sown && emerged && emerged < sown ? 'sowingEmergenceBeforeSowing' : null;
}

/** What a sowing (or the sum of a season-crop's sowings) takes of its plot, in hectares. */
export interface SownArea {
  season_crop_id: number;
  area: number;
}

/**
 * Hectares of a plot still free in a season-crop (spec 2 §5: the sown area may not exceed the
 * plot's remaining area). The one reading of the API's rule, its remaining-area answers and the
 * sowing form: every live (not deleted) sowing of the plot in the same season-crop counts,
 * harvested or not, since a harvested sowing still took that ground this season; another crop's
 * season-crop (wheat after the soybean harvest) has the whole plot. Callers give live sowings only.
 */
export function remainingArea(
  plotArea: number,
  sowings: readonly SownArea[],
  seasonCropId: number,
): number {
  const used = sowings
    .filter((sowing) => sowing.season_crop_id === seasonCropId)
    .reduce((sum, sowing) => sum + sowing.area, 0);
  // Areas are stored to the hundredth of a hectare: no float dust makes 0.1 + 0.2 exceed 0.3.
  return Math.max(0, Math.round((plotArea - used) * 100) / 100);
}

/**
 * A sowing may take all of what remains of its plot, not more: areas are hundredths of a hectare,
 * so the comparison forgives float dust only (1e-9 ha), never a hundredth.
 */
export function sownAreaProblem(
  area: number,
  remaining: number,
): Refusal<'sowingAreaExceedsRemaining'> | null {
  return area > remaining + 1e-9 ? 'sowingAreaExceedsRemaining' : null;
}

/**
 * A plot's remaining area without a season-crop (the plot list, the plot page): the least that
 * any season-crop of the sowings given leaves, so it never promises ground a sowing would be
 * refused; the whole plot without sowings.
 */
export function leastRemainingArea(plotArea: number, sowings: readonly SownArea[]): number {
  const seasonCrops = [...new Set(sowings.map((sowing) => sowing.season_crop_id))];
  const free = seasonCrops.map((seasonCropId) => remainingArea(plotArea, sowings, seasonCropId));
  return free.length ? Math.min(...free) : remainingArea(plotArea, [], 0);
}

/** A harvest is dated between the sowing and today (the farm's day). */
export function harvestDateProblem(
  harvestDate: string,
  sowingDate: string | null,
  today: string,
): Refusal<'harvestDateBeforeSowing' | 'harvestDateInFuture'> | null {
  if (harvestDate > today) return 'harvestDateInFuture';
  if (sowingDate && harvestDate < sowingDate) return 'harvestDateBeforeSowing';
  return null;
}

/** An irrigation starts before it ends and brings water. */
export function irrigationProblem(irrigation: {
  start: string;
  end: string;
  blade_mm: number;
}): Refusal<'irrigationStartAfterEnd' | 'irrigationZeroAmount'> | null {
  if (Date.parse(irrigation.start) > Date.parse(irrigation.end)) return 'irrigationStartAfterEnd';
  if (irrigation.blade_mm === 0) return 'irrigationZeroAmount';
  return null;
}

/**
 * A sowing still in the field: not harvested or lost, and of the farm's current season (`active`:
 * not deleted, still changeable). Home lists these, and the field app readies their pages.
 */
export function isGrowingSowing(sowing: { status: SowingStatus; active?: boolean }): boolean {
  return sowing.status !== 'harvested' && sowing.status !== 'lost' && sowing.active !== false;
}

/**
 * Where a sowing is: lost or harvested by its harvests; else planned without a sowing date;
 * ready to harvest once the cycle from emergence has run (AGRONOMY §2: C ends at the last stage);
 * else sown.
 */
export function sowingStatus(sowing: {
  sowingDate: string | null;
  emergence: string | null;
  cycleDays: number | null;
  harvests: readonly { lost: boolean }[];
  today: string;
}): SowingStatus {
  if (sowing.harvests.some((harvest) => harvest.lost)) return 'lost';
  if (sowing.harvests.length > 0) return 'harvested';
  if (!sowing.sowingDate) return 'planned';
  if (
    sowing.emergence &&
    sowing.cycleDays &&
    addDays(sowing.emergence, sowing.cycleDays) <= sowing.today
  )
    return 'ready_to_harvest';
  return 'sown';
}
