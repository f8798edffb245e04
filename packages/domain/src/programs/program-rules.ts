import { daysBetween } from '../calendar-days.ts';
import { DISEASES } from '../reference/diseases.ts';
import { maxSprays } from '../sprayings/spraying-rules.ts';
import type { Schedule } from './recalculation.ts';

/**
 * Rules of a stored spray program that need no database (issue 29 item 3): what the programs
 * services of the API check and compute between their reads and writes.
 */

/** A spraying as stored: its days, white-mold flag and products' doses. */
export interface StoredSpraying {
  plannedDate: string;
  originalDate: string | null;
  appliedAt: string | null;
  whiteMold: boolean;
  products: readonly { pesticideId: number; dose: number }[];
}

/** The engine's schedule of a program's sprayings, in position order (AGRONOMY §8). */
export function scheduleOfSprayings(
  sprayings: readonly StoredSpraying[],
  pausedAt: string | null,
): Schedule {
  return {
    pausedAt,
    sprays: sprayings.map((spraying) => ({
      date: spraying.appliedAt ?? spraying.plannedDate,
      plannedDate: spraying.originalDate ?? spraying.plannedDate,
      appliedDate: spraying.appliedAt,
      products: spraying.products.map((product) => ({
        productId: product.pesticideId,
        dose: product.dose,
      })),
      ...(spraying.whiteMold ? { whiteMold: true } : {}),
    })),
  };
}

/**
 * Whether a changed program still names what it is for: a sowing's program its sowing alone (its
 * variety is the sowing's), a plan its farm variety and no sowing.
 */
export function keepsTarget(
  program: { sowingId: number | null; farmVarietyId: number | null },
  body: { cultivar_id?: number | null | undefined; semeadura_id?: number | null | undefined },
): boolean {
  return program.sowingId !== null
    ? (body.semeadura_id ?? null) === program.sowingId
    : (body.cultivar_id ?? null) === program.farmVarietyId && (body.semeadura_id ?? null) === null;
}

/**
 * The fields naming a disease that is not one of the crop's (`known`): the main one; a secondary
 * one unknown, repeated or the main one again.
 */
export function diseaseFieldProblems(
  mainId: number,
  secondaryIds: readonly number[],
  known: ReadonlySet<number>,
): ('doenca_principal_id' | 'doencas_secundarias_ids')[] {
  const problems: ('doenca_principal_id' | 'doencas_secundarias_ids')[] = [];
  if (!known.has(mainId)) problems.push('doenca_principal_id');
  if (
    secondaryIds.some((id) => !known.has(id) || id === mainId) ||
    new Set(secondaryIds).size !== secondaryIds.length
  )
    problems.push('doencas_secundarias_ids');
  return problems;
}

/**
 * The days a plan's applications move when it is brought into a sowing: from the plan's expected
 * emergence to the sowing's; none without either.
 */
export function importShiftDays(
  expectedEmergence: string | null,
  sowingEmergence: string | null | undefined,
): number {
  return expectedEmergence && sowingEmergence ? daysBetween(expectedEmergence, sowingEmergence) : 0;
}

/**
 * The area a program's cost is multiplied by: a sowing's program its sowing's, a plan the live
 * sowings of its farm variety (`varietyArea`), neither when it has no variety.
 */
export function programArea(
  program: { sowingId: number | null; farmVarietyId: number | null; sowingArea: number | null },
  varietyArea: (farmVarietyId: number) => number | undefined,
): number | null {
  if (program.sowingId !== null) return program.sowingArea;
  if (program.farmVarietyId !== null) return varietyArea(program.farmVarietyId) ?? null;
  return null;
}

/**
 * What refuses a suggestion of sprays 1..N for a crop's diseases: more sprays than the crop and
 * country take, or a disease of another crop.
 */
export function defensivesSuggestionProblem(request: {
  cropId: number;
  countryId: number;
  sprays: number;
  diseaseIds: readonly number[];
}): 'max_sprays' | 'disease_of_another_crop' | null {
  if (request.sprays > maxSprays(request.cropId, request.countryId)) return 'max_sprays';
  const diseases = request.diseaseIds.map((id) => DISEASES.find((disease) => disease.id === id));
  if (diseases.some((disease) => disease?.crop_id !== request.cropId))
    return 'disease_of_another_crop';
  return null;
}
