import { describe, expect, it } from 'vitest';
import { dateOnlyToUtc, formatDateOnly, formatDateOnlyRange } from './date-only';

describe('date-only formatting', () => {
  it('keeps the calendar day whatever the time zone of the machine', () => {
    // The first of a month is where a local-midnight parse shows the previous day west of UTC.
    expect(formatDateOnly('2025-08-01', 'pt')).toMatch(/^1 de ago\.? de 2025$/);
    expect(formatDateOnly('2025-08-01', 'en')).toBe('Aug 1, 2025');
    expect(formatDateOnly('2026-01-01', 'es')).toMatch(/^1 (de )?ene\.? (de )?2026$/);
  });

  it('writes a season period as a range in the language', () => {
    const period = formatDateOnlyRange('2025-08-01', '2026-05-31', 'en');
    expect(period).toContain('Aug 1, 2025');
    expect(period).toContain('May 31, 2026');
  });

  it('refuses what is not a YYYY-MM-DD date', () => {
    expect(() => dateOnlyToUtc('2025-8-1')).toThrow(RangeError);
  });
});
