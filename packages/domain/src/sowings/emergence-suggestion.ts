import { addDays, daysBetween } from '../calendar-days.ts';

/** A suggested emergence: the day, the days after sowing, and how many sowings it rests on. */
export interface EmergenceEstimate {
  emergence: string;
  days: number;
  basedOn: number;
}

/**
 * The emergence of a variety sown on `sowingDate`, from the median days between sowing and
 * emergence of earlier sowings of the same variety (an even count takes the mean of the two
 * middle ones, rounded half up); null without any earlier sowing.
 */
export function suggestEmergence(
  sowingDate: string,
  earlier: readonly { sown: string; emerged: string }[],
): EmergenceEstimate | null {
  const days = earlier.map((row) => daysBetween(row.sown, row.emerged)).sort((a, b) => a - b);
  if (!days.length) return null;
  const middle = Math.floor(days.length / 2);
  const median =
    days.length % 2 ? days[middle]! : Math.round((days[middle - 1]! + days[middle]!) / 2);
  return { emergence: addDays(sowingDate, median), days: median, basedOn: days.length };
}
