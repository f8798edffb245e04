import { describe, expect, it } from 'vitest';
import { todayIn } from '../seasons.ts';
import { billDueDate, latestDayAnywhere, nextBillDate, renewalDue } from './renewals.ts';

describe('renewal windows', () => {
  it('a card is charged on the day; a bank slip or cash bill is due three days later', () => {
    expect(billDueDate('credit_card', '2026-03-10')).toBe('2026-03-10');
    expect(billDueDate('bank_slip', '2026-03-10')).toBe('2026-03-13');
    expect(billDueDate('cash', '2026-02-27')).toBe('2026-03-02');
  });

  it('the renewal is billed the day after the paid period, across months and years', () => {
    expect(nextBillDate('2026-02-28')).toBe('2026-03-01');
    expect(nextBillDate('2026-12-31')).toBe('2027-01-01');
  });

  it('a renewal is due from its next bill date on, not the day before', () => {
    expect(renewalDue('2026-03-01', '2026-02-28')).toBe(false);
    expect(renewalDue('2026-03-01', '2026-03-01')).toBe(true);
    expect(renewalDue('2026-03-01', '2026-03-05')).toBe(true);
    // A subscription without a next bill (cancelled) is never renewed.
    expect(renewalDue(null, '2026-03-01')).toBe(false);
  });

  it('the UTC pre-filter reaches the day of the easternmost calendar and no further', () => {
    expect(latestDayAnywhere('2026-12-31')).toBe('2027-01-01');
    // 11:00 UTC is already the next day at UTC+14 (Kiribati), never two days on.
    const now = new Date('2026-03-10T11:00:00Z');
    expect(todayIn('Pacific/Kiritimati', now)).toBe(latestDayAnywhere(todayIn('UTC', now)));
    const lastHour = new Date('2026-03-10T23:59:00Z');
    expect(todayIn('Pacific/Kiritimati', lastHour) <= latestDayAnywhere('2026-03-10')).toBe(true);
  });
});
