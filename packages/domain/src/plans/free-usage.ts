/**
 * The free-usage limit (spec 1 §3 and §9): a Freemium account may spend a few uses a day (product
 * views of the catalogue, for now); other plans have no limit (the limit per plan is in plans/capabilities.ts). Days are the account country's
 * calendar days, so the count starts again at its midnight.
 */
export interface FreeUsage {
  /** Uses a day, or null when the plan has no limit. */
  limit: number | null;
  used: number;
  /** used / limit as a whole percent; 100 means the limit is reached. */
  progress: number;
}

export function freeUsage(limit: number | null, used: number): FreeUsage {
  if (limit === null) return { limit: null, used: 0, progress: 0 };
  return { limit, used, progress: Math.min(100, Math.round((used / limit) * 100)) };
}

/** The colour band of the usage bar (spec 1 §4): up to 50 low, above 50 to 70 medium, then high. */
export function usageBand(progress: number): 'low' | 'medium' | 'high' {
  if (progress <= 50) return 'low';
  if (progress <= 70) return 'medium';
  return 'high';
}
