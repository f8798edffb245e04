import { describe, expect, it } from 'vitest';
import { CROP_IDS } from './reference/crops.ts';
import { actualPeriod, requiredSeasons, seasonPeriod, seasonStatus, todayIn } from './seasons.ts';

const { soybean, wheat } = CROP_IDS;

describe('season periods', () => {
  it('runs soybean seasons Aug 1 – May 31 across the new year', () => {
    expect(seasonPeriod(soybean, 2026)).toEqual({
      crop_id: soybean,
      start_year: 2026,
      season_name: '2026/2027',
      start_period: '2026-08-01',
      end_period: '2027-05-31',
    });
  });

  it('runs wheat seasons Jan 1 – Sep 30', () => {
    expect(seasonPeriod(wheat, 2027)).toMatchObject({
      season_name: '2027',
      start_period: '2027-01-01',
      end_period: '2027-09-30',
    });
  });
});

describe('season status', () => {
  it.each([
    [soybean, '2026-08-01', '2026-08-01', 'current'],
    [soybean, '2025-08-01', '2026-07-31', 'current'],
    [soybean, '2025-08-01', '2026-08-01', 'previous'],
    [soybean, '2024-08-01', '2026-11-22', 'inactive'],
    [soybean, '2027-08-01', '2026-11-22', 'inactive'],
    [wheat, '2026-01-01', '2026-11-22', 'current'],
    [wheat, '2025-01-01', '2026-01-01', 'previous'],
    [wheat, '2026-01-01', '2025-12-31', 'inactive'],
  ] as const)('crop %i season starting %s is %s on %s', (crop, start, today, expected) => {
    expect(seasonStatus(crop, start, today)).toBe(expected);
  });

  it('requires the previous, current and next season around today', () => {
    expect(requiredSeasons(soybean, '2026-03-10').map((s) => s.season_name)).toEqual([
      '2024/2025',
      '2025/2026',
      '2026/2027',
    ]);
    expect(requiredSeasons(wheat, '2026-03-10').map((s) => s.season_name)).toEqual([
      '2025',
      '2026',
      '2027',
    ]);
  });

  it('computes today in the country’s time zone, not the server’s', () => {
    const lateEveningInSaoPaulo = new Date('2026-08-01T02:30:00Z'); // 23:30 on Jul 31 in São Paulo
    expect(todayIn('America/Sao_Paulo', lateEveningInSaoPaulo)).toBe('2026-07-31');
    expect(todayIn('UTC', lateEveningInSaoPaulo)).toBe('2026-08-01');
    expect(
      seasonStatus(soybean, '2026-08-01', todayIn('America/Sao_Paulo', lateEveningInSaoPaulo)),
    ).toBe('inactive');
  });

  it('spans the actual period from the earliest start to the latest end', () => {
    expect(actualPeriod([seasonPeriod(soybean, 2026), seasonPeriod(wheat, 2027)])).toEqual({
      start_period: '2026-08-01',
      end_period: '2027-09-30',
    });
    expect(actualPeriod([])).toBeUndefined();
  });
});
