import { describe, expect, it } from 'vitest';
import { suggestEmergence } from './emergence-suggestion.ts';

const sown = (days: number) => ({
  sown: '2025-10-01',
  emerged: `2025-10-${String(1 + days).padStart(2, '0')}`,
});

describe('the median-emergence suggestion', () => {
  it('suggests nothing without an earlier sowing of the variety', () => {
    expect(suggestEmergence('2026-10-10', [])).toBeNull();
  });

  it('takes the middle of an odd count, whatever the order, not the mean', () => {
    expect(suggestEmergence('2026-10-10', [sown(12), sown(5), sown(7)])).toEqual({
      emergence: '2026-10-17',
      days: 7,
      basedOn: 3,
    });
  });

  it('takes the mean of the two middle ones of an even count, rounded half up', () => {
    expect(suggestEmergence('2026-10-10', [sown(6), sown(9), sown(5), sown(30)])).toEqual({
      emergence: '2026-10-18',
      days: 8,
      basedOn: 4,
    });
    expect(suggestEmergence('2026-10-10', [sown(6), sown(8)])?.days).toBe(7);
  });

  it('counts the days across a month end from the sowing asked about', () => {
    expect(
      suggestEmergence('2026-02-25', [{ sown: '2025-11-28', emerged: '2025-12-04' }])?.emergence,
    ).toBe('2026-03-03');
  });
});
