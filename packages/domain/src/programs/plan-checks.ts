import { addDays, daysBetween } from '../calendar-days.ts';
import { DISEASES } from '../reference/diseases.ts';
import { CROP_IDS, type CropId } from '../reference/crops.ts';
import { groupClass } from './efficacy.ts';
import { param, type EngineParameters } from './parameters.ts';
import { capsExceeded, rotationViolation, type ClassCounts } from './rotation.ts';
import type { ProgramProduct } from './types.ts';
import { warning, type EngineWarning, type HarvestBasis, type WarnedProduct } from './warnings.ts';

/**
 * The checks of a program as planned or recorded (issue 30 items 3–4), one small rule each, as
 * Ekylibre's phytosanitary validators are: they warn, they never refuse. The engine runs them on
 * every evaluation, so a program built or edited by hand is checked as the suggestion is
 * (docs/agronomy.md "Plan-time checks").
 */

function warned(product: ProgramProduct, previous = false): WarnedProduct {
  return {
    productId: product.id,
    name: product.name,
    groups: [...product.groups],
    ...(previous ? { previous } : {}),
  };
}

function carriesGroup(product: ProgramProduct, groups: readonly string[]): boolean {
  return product.groups.some((group) => groups.includes(group.trim().toUpperCase()));
}

/**
 * R1 (AGRONOMY §7): a single-site FRAC group of the previous spray recurs in this one without a
 * multisite product in this one. The warning names the groups and the products of both sprays
 * that carry them, with their FRAC codes; null: the rule is respected.
 */
export function rotationCheck(
  previous: readonly ProgramProduct[] | undefined,
  current: readonly ProgramProduct[],
): EngineWarning | null {
  const groups = rotationViolation(previous, current);
  if (!groups.length) return null;
  return warning('rotation', {
    groups,
    products: [
      ...(previous ?? []).filter((p) => carriesGroup(p, groups)).map((p) => warned(p, true)),
      ...current.filter((p) => carriesGroup(p, groups)).map((p) => warned(p)),
    ],
  });
}

/**
 * R2 (AGRONOMY §7): a spray containing SDHI, QoI or DMI beyond the group's season cap (2, 3, 4
 * sprays), counted over the sprays before it (`counts`). One warning per class exceeded, with
 * the count, the cap and this spray's products of that class with their FRAC codes.
 */
export function seasonCapCheck(
  counts: ClassCounts,
  current: readonly ProgramProduct[],
  parameters: EngineParameters,
): EngineWarning[] {
  return capsExceeded(counts, current, parameters).map((name) =>
    warning('season_cap', {
      groups: [name],
      value: counts[name] + 1,
      limit: param(parameters, `season_cap.${name}`),
      products: current
        .filter((product) => product.groups.some((group) => groupClass(group) === name))
        .map((product) => warned(product)),
    }),
  );
}

const diseaseCrop = new Map(DISEASES.map((disease) => [disease.code, disease.crop_id]));

/**
 * A product's safety interval (pre-harvest interval, carência) on a crop, in days: the longest
 * the label gives for the crop's targets (catalogue data), or null when it gives none. Never
 * invented: a product without one is not checked.
 */
export function safetyIntervalOf(product: ProgramProduct, cropId: CropId): number | null {
  // Memoised per product object, as the engine's other product facts (the bench's 0.2 ms).
  let byCrop = intervals.get(product);
  if (!byCrop) intervals.set(product, (byCrop = new Map()));
  let longest = byCrop.get(cropId);
  if (longest === undefined) {
    longest = null;
    for (const code in product.perDisease) {
      const days = product.perDisease[code]!.safetyIntervalDays;
      if (days !== undefined && diseaseCrop.get(code) === cropId)
        longest = Math.max(longest ?? 0, days);
    }
    byCrop.set(cropId, longest);
  }
  return longest;
}

const intervals = new WeakMap<ProgramProduct, Map<CropId, number | null>>();

/** The stage a crop is harvest-ready at: soybean R8 (harvest maturity), wheat Feekes 11.4. */
export const HARVEST_STAGE: Readonly<Record<CropId, string>> = {
  [CROP_IDS.soybean]: 'R8',
  [CROP_IDS.wheat]: '11.4',
};

/** The day a safety interval is compared with, and what it is. */
export interface HarvestDay {
  date: string;
  basis: HarvestBasis;
}

/**
 * The harvest a spray's safety interval must end by: the first harvest recorded, else the day the
 * harvest stage (R8, Feekes 11.4) was observed, else its estimated start on the stage timeline.
 */
export function expectedHarvest(facts: {
  recorded?: readonly string[] | undefined;
  observed?: string | null | undefined;
  estimated: string | null;
}): HarvestDay | null {
  const recorded = [...(facts.recorded ?? [])].sort()[0];
  if (recorded) return { date: recorded, basis: 'recorded' };
  if (facts.observed) return { date: facts.observed, basis: 'observed' };
  return facts.estimated ? { date: facts.estimated, basis: 'estimated' } : null;
}

/**
 * Safety interval (issue 30 item 4): a product of a spray whose interval, counted from the
 * spray's day, ends after the harvest warns, with the days missing (`value`) and its interval
 * (`limit`). Products without a known interval are not checked.
 */
export function safetyIntervalCheck(
  spray: { date: string; products: readonly ProgramProduct[] },
  cropId: CropId,
  harvest: HarvestDay | null,
): EngineWarning[] {
  if (!harvest) return [];
  const warnings: EngineWarning[] = [];
  for (const product of spray.products) {
    const interval = safetyIntervalOf(product, cropId);
    if (interval === null) continue;
    const missing = daysBetween(harvest.date, addDays(spray.date, interval));
    if (missing > 0)
      warnings.push(
        warning('safety_interval', {
          productId: product.id,
          value: missing,
          limit: interval,
          harvest,
          products: [warned(product)],
        }),
      );
  }
  return warnings;
}

/**
 * A harvest recorded inside the safety interval of an applied spray (issue 30 item 4): one
 * warning per harvest, spray and product, with the days missing, the interval and the spray's
 * position. Sprays applied after the harvest are not its concern.
 */
export function harvestInIntervalCheck(
  harvests: readonly string[],
  applied: readonly { ordinal: number; date: string; products: readonly ProgramProduct[] }[],
  cropId: CropId,
): EngineWarning[] {
  const warnings: EngineWarning[] = [];
  for (const date of [...harvests].sort())
    for (const spray of applied) {
      if (spray.date > date) continue;
      for (const product of spray.products) {
        const interval = safetyIntervalOf(product, cropId);
        if (interval === null) continue;
        const missing = daysBetween(date, addDays(spray.date, interval));
        if (missing > 0)
          warnings.push(
            warning('harvest_in_safety_interval', {
              productId: product.id,
              value: missing,
              limit: interval,
              harvest: { date, basis: 'recorded' },
              sprayOrdinal: spray.ordinal,
              products: [warned(product)],
            }),
          );
      }
    }
  return warnings;
}
