import type { CountryId } from '../reference/countries.ts';
import type { CropId } from '../reference/crops.ts';
import { sprayLimit } from '../programs/engine.ts';
import { engineParameters } from '../programs/parameters.ts';
import type { ERRORS } from '../errors.ts';

/** The refusals of the rules below, by their ERRORS name. */
type Refusal<Name extends keyof typeof ERRORS> = Name;

/** At most this many secondary diseases beside the main one (spec 2 §3 Program). */
const MAX_SECONDARY_DISEASES = 2;

/** More than three white-mold sprays is refused (AGRONOMY §7.4 warns beyond 3; S12: R1, R3). */
const MAX_WHITE_MOLD_SPRAYS = 3;

/**
 * The most sprays of a program (AGRONOMY §7.2): soybean 7, wheat 5, and 5 in the USA — the lower
 * of the crop's and the country's; the engine's parameters hold the numbers and their sources.
 */
export function maxSprays(cropId: number, countryId: number): number {
  return sprayLimit(cropId as CropId, countryId as CountryId, engineParameters());
}

export function diseasesProblem(
  secondary: readonly number[],
): Refusal<'programTooManyDiseases'> | null {
  return secondary.length > MAX_SECONDARY_DISEASES ? 'programTooManyDiseases' : null;
}

/** The same product twice in one application. */
export function duplicatedProductProblem(
  productIds: readonly number[],
): Refusal<'sprayDuplicatedDefensive'> | null {
  return new Set(productIds).size !== productIds.length ? 'sprayDuplicatedDefensive' : null;
}

/**
 * Applying a spraying that is already applied (issue 30 item 7): on its recorded day it is the
 * same record again ('unchanged': a repeated request, two taps); on another day it is refused, so
 * whoever came second (someone else, or a phone that was without signal) learns their day was not
 * the one kept. Null: not applied yet, record it.
 */
export function reapplyOutcome(
  recorded: string | null,
  day: string,
): 'unchanged' | Refusal<'sprayingAlreadyApplied'> | null {
  if (recorded === null) return null;
  return recorded === day ? 'unchanged' : 'sprayingAlreadyApplied';
}

/**
 * An application's day against its neighbours: not before the previous spray of the program (by
 * position; spec 2 §6 refuses "dates before the last spray") and not before the sowing. The same
 * day as the previous is refused for two sprays of one kind (they would be one tank mix), but a
 * white-mold spray may share its day with a regular one: AGRONOMY §7 step 4 puts the first at the
 * start of R1 whatever the regular sprays' days, so a suggestion can hold both on one day.
 */
export function sprayDateProblem(
  date: string,
  previous: { date: string; whiteMold: boolean } | null,
  sowingDate: string | null,
  whiteMold = false,
): Refusal<'sprayDateBeforeSowing' | 'sprayDateBeforeLast'> | null {
  if (sowingDate && date < sowingDate) return 'sprayDateBeforeSowing';
  if (previous && date < previous.date) return 'sprayDateBeforeLast';
  if (previous && date === previous.date && previous.whiteMold === whiteMold)
    return 'sprayDateBeforeLast';
  return null;
}

/** A new application beyond the program's limits: the spray count, or a fourth white-mold spray. */
export function sprayCountProblem(
  existing: readonly { whiteMold: boolean }[],
  adding: { whiteMold: boolean },
  limit: number,
): Refusal<'programMaxSprays' | 'sprayWhiteMoldLimit'> | null {
  if (adding.whiteMold) {
    const whiteMold = existing.filter((spray) => spray.whiteMold).length;
    return whiteMold >= MAX_WHITE_MOLD_SPRAYS ? 'sprayWhiteMoldLimit' : null;
  }
  const others = existing.filter((spray) => !spray.whiteMold).length;
  return others >= limit ? 'programMaxSprays' : null;
}

/**
 * An application's cost per hectare: Σ dose (per hectare) × price (per unit of product), to the
 * cent; a program's is the sum of its applications'.
 */
export function costPerHectare(products: readonly { dose: number; price: number }[]): number {
  return Math.round(products.reduce((sum, p) => sum + p.dose * p.price, 0) * 100) / 100;
}
