import { describe, expect, it } from 'vitest';
import { digestWeeks, isoWeek, isoWeekday, rainAlertFor, isoWeekStart } from './digest-rules.ts';

describe('digest weeks', () => {
  it('numbers ISO weeks, the year of their Thursday deciding', () => {
    expect(isoWeek('2026-11-27')).toBe('2026-W48');
    expect(isoWeek('2026-01-01')).toBe('2026-W01');
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
    expect(isoWeek('2021-01-03')).toBe('2020-W53');
  });

  it('runs weeks Monday to Sunday', () => {
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekStart('2026-11-29')).toBe('2026-11-23');
    expect(digestWeeks('2026-11-27')).toEqual({
      lastWeek: { from: '2026-11-16', to: '2026-11-22' },
      thisWeek: { from: '2026-11-23', to: '2026-11-29' },
    });
  });
});

describe('the spray rain alert', () => {
  it('warns when 10 mm or more fall the day of a spray or the next day', () => {
    const rain = new Map([
      ['2026-12-01', 2],
      ['2026-12-02', 14],
    ]);
    expect(rainAlertFor('2026-12-01', rain)).toEqual({ day: '2026-12-02', rain_mm: 14 });
    expect(rainAlertFor('2026-11-30', rain)).toBeUndefined();
    expect(rainAlertFor('2026-12-01', rain, 20)).toBeUndefined();
  });
});
