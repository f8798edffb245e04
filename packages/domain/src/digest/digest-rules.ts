import { addDays } from '../calendar-days.ts';

/**
 * The weekly digest and the notifications the farm settings drive (spec 3 §2 Weekly digest, §3
 * Notification preferences and Weekly digest record; issue 14 items 6 and 7): weeks, the windows
 * and thresholds, and how a day's rain is described. Pure: the API and the web page share them.
 */

/** A digest link is valid this long after it was issued (issue 14). */
export const DIGEST_TOKEN_DAYS = 14;
/** The spec's upcoming applications window (spec 3 §9). */
export const DIGEST_UPCOMING_DAYS = 15;
/**
 * Our threshold for the weather alert: this much rain or more, forecast on the day of a planned
 * spray or the next day (the 24 h after a spray made that day), warns the grower to move it.
 * 10 mm washes off most contact fungicides before they dry (a common label rain-fast rule).
 */
export const RAIN_ALERT_THRESHOLD_MM = 10;
/** How many days ahead the weather alert looks at planned sprays. */
export const RAIN_ALERT_LOOKAHEAD_DAYS = 3;

/** The notification types of the farm settings (reference list NOTIFICATION_TYPES, fixed ids). */
export const NOTIFICATION_TYPE_IDS = {
  weather_forecast: 1,
  commodity_quotations: 2,
  weekly_applications: 3,
} as const;

/**
 * The recurring e-mails a member can stop from the e-mail itself (issue 29 item 9), each with the
 * notification type of the farm settings it is sent for: its unsubscribe link turns that type off.
 */
export const UNSUBSCRIBE_KINDS = {
  weekly_digest: 'weekly_applications',
  quotes_summary: 'commodity_quotations',
  weather_alert: 'weather_forecast',
} as const satisfies Record<string, keyof typeof NOTIFICATION_TYPE_IDS>;
export type UnsubscribeKind = keyof typeof UNSUBSCRIBE_KINDS;
/** An unsubscribe link works this long after its e-mail was sent (a mailbox keeps old e-mails). */
export const UNSUBSCRIBE_TOKEN_DAYS = 180;

/** ISO weekday of a day (YYYY-MM-DD): 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The Monday of the ISO week of a day. */
export function isoWeekStart(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/** The ISO week of a day, as `2026-W48` (the week of its Thursday decides the year). */
export function isoWeek(day: string): string {
  const thursday = addDays(day, 4 - isoWeekday(day));
  const year = Number(thursday.slice(0, 4));
  const firstThursday = addDays(`${year}-01-04`, 4 - isoWeekday(`${year}-01-04`));
  const week =
    1 + Math.round((Date.parse(thursday) - Date.parse(firstThursday)) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export interface DayRange {
  from: string;
  to: string;
}

/** Last week and this week (Monday to Sunday) around a day. */
export function digestWeeks(today: string): { lastWeek: DayRange; thisWeek: DayRange } {
  const monday = isoWeekStart(today);
  return {
    lastWeek: { from: addDays(monday, -7), to: addDays(monday, -1) },
    thisWeek: { from: monday, to: addDays(monday, 6) },
  };
}

/** Whether a forecast warns of a planned spray: rain at or above the threshold that day or the next. */
export function rainAlertFor(
  sprayDay: string,
  rainByDay: ReadonlyMap<string, number>,
  thresholdMm = RAIN_ALERT_THRESHOLD_MM,
): { day: string; rain_mm: number } | undefined {
  for (const day of [sprayDay, addDays(sprayDay, 1)]) {
    const rain = rainByDay.get(day);
    if (rain !== undefined && rain >= thresholdMm) return { day, rain_mm: rain };
  }
  return undefined;
}
