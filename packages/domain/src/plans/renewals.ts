import { addDays } from '../calendar-days.ts';
import { BANK_SLIP_DUE_DAYS } from './billing.ts';

/**
 * When a subscription's bills fall due and its renewal is billed (spec 1 §3; the spec is silent
 * on renewals: these windows are Lavoura's). Days are YYYY-MM-DD in the account's own calendar.
 */

/** The day a new bill is due: a card is charged on the day, a bank slip or cash bill waits. */
export function billDueDate(method: 'credit_card' | 'bank_slip' | 'cash', today: string): string {
  return method === 'credit_card' ? today : addDays(today, BANK_SLIP_DUE_DAYS);
}

/** The day a paid period's renewal is billed: the day after the period ends. */
export function nextBillDate(paidUntilDay: string): string {
  return addDays(paidUntilDay, 1);
}

/** Whether an active subscription's renewal is billed on `today`: from its next bill date on. */
export function renewalDue(nextBillDay: string | null, today: string): boolean {
  return nextBillDay !== null && nextBillDay <= today;
}

/**
 * The latest day any account's calendar shows while UTC shows `todayUtc` (time zones run to
 * UTC+14): the hourly timers pre-filter in UTC up to it, and each account's calendar decides.
 */
export function latestDayAnywhere(todayUtc: string): string {
  return addDays(todayUtc, 1);
}
