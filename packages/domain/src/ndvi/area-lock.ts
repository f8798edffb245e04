/** The area of a plot is locked for a year after NDVI monitoring was contracted (spec 2 §9). */
const NDVI_AREA_LOCK_DAYS = 365;

/**
 * How far (hectares) a new area may differ from a locked one and still be the same: a redrawn or
 * re-imported outline computes its area again, and float dust is not a change.
 */
const AREA_LOCK_TOLERANCE_HA = 1e-6;

const LOCK_MS = NDVI_AREA_LOCK_DAYS * 86_400_000;

/**
 * Until when a plot's area is locked (the contract's instant plus the lock), or null: never
 * contracted, or the year is over at `now`.
 */
export function areaLockedUntil(contractedAt: Date | null, now: Date): Date | null {
  if (!contractedAt) return null;
  const until = new Date(contractedAt.getTime() + LOCK_MS);
  return now.getTime() < until.getTime() ? until : null;
}

/** Whether a plot's new area changes its locked one: by more than the tolerance, either way. */
export function changesLockedArea(newArea: number, lockedArea: number): boolean {
  return Math.abs(newArea - lockedArea) > AREA_LOCK_TOLERANCE_HA;
}
