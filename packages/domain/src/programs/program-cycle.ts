import { REFERENCE_CYCLE_DAYS } from './suggestion.ts';

/** Where the cycle a program of a sowing is computed on comes from. */
export const CYCLE_SOURCES = ['sowing', 'variety', 'reference'] as const;
export type CycleSource = (typeof CYCLE_SOURCES)[number];

/**
 * A variety's cycle in days from the catalogue's range (its minimum and maximum to maturity): the
 * middle of the range, or the one end the source gives; null when it gives neither.
 */
export function varietyCycleDays(minCycle: number | null, maxCycle: number | null): number | null {
  if (minCycle !== null && maxCycle !== null) return Math.round((minCycle + maxCycle) / 2);
  return minCycle ?? maxCycle ?? null;
}

/**
 * The cycle of a plan imported into a sowing (issue 27 item 5): the sowing's estimated cycle; when
 * the sowing has none, the variety's; else AGRONOMY §2's reference cycle of 120 days. The source
 * goes with it so the screen says which one it is.
 */
export function importedProgramCycle(
  sowingCycle: number | null,
  variety: { minCycle: number | null; maxCycle: number | null } | null,
): { days: number; source: CycleSource } {
  if (sowingCycle !== null && sowingCycle > 0) return { days: sowingCycle, source: 'sowing' };
  const fromVariety = variety ? varietyCycleDays(variety.minCycle, variety.maxCycle) : null;
  if (fromVariety !== null && fromVariety > 0) return { days: fromVariety, source: 'variety' };
  return { days: REFERENCE_CYCLE_DAYS, source: 'reference' };
}
