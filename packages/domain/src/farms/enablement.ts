/**
 * Re-enabling a farm or a plot is limited per soybean season (spec 2 §4): beyond the limit the
 * user is pointed to support. The count belongs to the season it was made in; a new season starts
 * it again.
 */
export const DEFAULT_ENABLE_LIMIT_PER_SEASON = 2;

export interface EnablementCount {
  seasonId: number | null;
  count: number;
}

export type EnableDecision =
  { allowed: true; next: EnablementCount } | { allowed: false; limit: number };

export function decideReenable(
  stored: EnablementCount,
  currentSeasonId: number,
  limit: number,
): EnableDecision {
  const used = stored.seasonId === currentSeasonId ? stored.count : 0;
  if (used >= limit) return { allowed: false, limit };
  return { allowed: true, next: { seasonId: currentSeasonId, count: used + 1 } };
}

/** The record changed since the client read it: its write would undo someone else's. */
export function isStale(readUpdatedAt: string, storedUpdatedAt: Date): boolean {
  return new Date(readUpdatedAt).getTime() !== storedUpdatedAt.getTime();
}
