import { groupClass, hasMultisite, isMultisiteGroup } from './efficacy.ts';
import { param, type EngineParameters, type EngineParameterKey } from './parameters.ts';
import type { ProgramProduct } from './types.ts';

/** AGRONOMY.md §7 step 3: mode-of-action rotation R1 and season caps R2 [A; S6]. */

export type CappedClass = 'sdhi' | 'qoi' | 'dmi';

const CAP_KEYS: Record<CappedClass, EngineParameterKey> = {
  sdhi: 'season_cap.sdhi',
  qoi: 'season_cap.qoi',
  dmi: 'season_cap.dmi',
};

function seasonCap(groupClassName: CappedClass, parameters: EngineParameters): number {
  return param(parameters, CAP_KEYS[groupClassName]);
}

function normalise(group: string): string {
  return group.trim().toUpperCase();
}

/** The single-site (non-multisite) FRAC groups of a spray's products. */
function singleSiteGroups(products: readonly ProgramProduct[]): Set<string> {
  const groups = new Set<string>();
  for (const product of products)
    for (const group of product.groups) if (!isMultisiteGroup(group)) groups.add(normalise(group));
  return groups;
}

/**
 * R1: the single-site groups of the previous spray that recur in this one without a multisite
 * product in this one (empty = rule respected).
 */
export function rotationViolation(
  previous: readonly ProgramProduct[] | undefined,
  current: readonly ProgramProduct[],
): string[] {
  if (!previous || current.some(hasMultisite)) return [];
  const before = singleSiteGroups(previous);
  return [...singleSiteGroups(current)].filter((group) => before.has(group)).sort();
}

/** The capped classes a spray contains; a spray counts once per class (R2). */
function cappedClasses(products: readonly ProgramProduct[]): Set<CappedClass> {
  const classes = new Set<CappedClass>();
  for (const product of products)
    for (const group of product.groups) {
      const name = groupClass(group);
      if (name === 'sdhi' || name === 'qoi' || name === 'dmi') classes.add(name);
    }
  return classes;
}

/** Sprays containing each capped class so far. */
export type ClassCounts = Record<CappedClass, number>;

export function emptyCounts(): ClassCounts {
  return { sdhi: 0, qoi: 0, dmi: 0 };
}

/** The classes whose cap this spray would exceed given the counts before it (R2). */
export function capsExceeded(
  counts: ClassCounts,
  products: readonly ProgramProduct[],
  parameters: EngineParameters,
): CappedClass[] {
  return [...cappedClasses(products)].filter(
    (name) => counts[name] + 1 > seasonCap(name, parameters),
  );
}

export function addCounts(counts: ClassCounts, products: readonly ProgramProduct[]): ClassCounts {
  const next = { ...counts };
  for (const name of cappedClasses(products)) next[name] += 1;
  return next;
}
