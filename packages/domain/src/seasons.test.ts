import { describe, expect, it } from 'vitest';
import { COUNTRY_IDS } from './reference/countries.ts';
import { CROP_IDS } from './reference/crops.ts';
import { actualPeriod, requiredSeasons, seasonPeriod, seasonStatus, todayIn } from './seasons.ts';

const { soybean, wheat } = CROP_IDS;
const { brazil, paraguay, usa } = COUNTRY_IDS;

describe('season periods', () => {
  it('runs soybean seasons Aug 1 – May 31 across the new year', () => {
    expect(seasonPeriod(brazil, soybean, 2026)).toEqual({
      crop_id: soybean,
      start_year: 2026,
      season_name: '2026/2027',
      start_period: '2026-08-01',
      end_period: '2027-05-31',
    });
  });

  it('runs wheat seasons Jan 1 – Sep 30', () => {
    expect(seasonPeriod(paraguay, wheat, 2027)).toMatchObject({
      season_name: '2027',
      start_period: '2027-01-01',
      end_period: '2027-09-30',
    });
  });
});

describe('the USA’s calendar (USDA NASS planting and harvest windows)', () => {
  it('runs a US soybean season Mar 1 – Dec 31, so a crop sown in May is harvested inside it', () => {
    expect(seasonPeriod(usa, soybean, 2026)).toEqual({
      crop_id: soybean,
      start_year: 2026,
      season_name: '2026',
      start_period: '2026-03-01',
      end_period: '2026-12-31',
    });
  });

  it('runs a US winter-wheat season Sep 1 – Aug 31, from sowing to the next July’s harvest', () => {
    expect(seasonPeriod(usa, wheat, 2026)).toMatchObject({
      season_name: '2026/2027',
      start_period: '2026-09-01',
      end_period: '2027-08-31',
    });
  });

  it.each([
    [soybean, '2026-03-01', '2026-03-01', 'current'],
    [soybean, '2025-03-01', '2026-02-28', 'current'],
    [soybean, '2025-03-01', '2026-11-25', 'previous'],
    [wheat, '2026-09-01', '2026-11-25', 'current'],
    [wheat, '2025-09-01', '2026-07-15', 'current'],
    [wheat, '2026-09-01', '2026-08-31', 'inactive'],
  ] as const)('US crop %i season starting %s is %s on %s', (crop, start, today, expected) => {
    expect(seasonStatus(usa, crop, start, today)).toBe(expected);
  });

  it('keeps Brazil’s and Paraguay’s soybean on the spec’s calendar on the same day', () => {
    expect(seasonStatus(brazil, soybean, '2025-08-01', '2026-03-10')).toBe('current');
    expect(seasonStatus(usa, soybean, '2026-03-01', '2026-03-10')).toBe('current');
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
    expect(seasonStatus(brazil, crop, start, today)).toBe(expected);
  });

  it('requires the previous, current and next season around today', () => {
    expect(requiredSeasons(brazil, soybean, '2026-03-10').map((s) => s.season_name)).toEqual([
      '2024/2025',
      '2025/2026',
      '2026/2027',
    ]);
    expect(requiredSeasons(brazil, wheat, '2026-03-10').map((s) => s.season_name)).toEqual([
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
      seasonStatus(
        brazil,
        soybean,
        '2026-08-01',
        todayIn('America/Sao_Paulo', lateEveningInSaoPaulo),
      ),
    ).toBe('inactive');
  });

  it('changes day exactly at local midnight though it keeps each minute’s answer', () => {
    const at = (iso: string) => new Date(iso);
    // São Paulo (UTC−3) and Kathmandu (UTC+5:45): asked again and again around midnight.
    for (const [zone, midnight, before, after] of [
      ['America/Sao_Paulo', '2026-08-01T03:00:00.000Z', '2026-07-31', '2026-08-01'],
      ['Asia/Kathmandu', '2026-08-01T18:15:00.000Z', '2026-08-01', '2026-08-02'],
    ] as const) {
      const edge = at(midnight).getTime();
      expect(todayIn(zone, new Date(edge - 30_000))).toBe(before);
      expect(todayIn(zone, new Date(edge - 1))).toBe(before);
      expect(todayIn(zone, new Date(edge))).toBe(after);
      expect(todayIn(zone, new Date(edge + 59_999))).toBe(after);
      expect(todayIn(zone, new Date(edge - 1))).toBe(before);
    }
    // Monrovia in 1970 was UTC−0:44:30: its midnight falls in the middle of a UTC minute.
    expect(todayIn('Africa/Monrovia', at('1970-06-02T00:44:00.000Z'))).toBe('1970-06-01');
    expect(todayIn('Africa/Monrovia', at('1970-06-02T00:44:29.999Z'))).toBe('1970-06-01');
    expect(todayIn('Africa/Monrovia', at('1970-06-02T00:44:30.000Z'))).toBe('1970-06-02');
    expect(todayIn('Africa/Monrovia', at('1970-06-02T00:44:10.000Z'))).toBe('1970-06-01');
  });

  it('spans the actual period from the earliest start to the latest end', () => {
    expect(
      actualPeriod([seasonPeriod(brazil, soybean, 2026), seasonPeriod(paraguay, wheat, 2027)]),
    ).toEqual({
      start_period: '2026-08-01',
      end_period: '2027-09-30',
    });
    expect(actualPeriod([])).toBeUndefined();
  });
});
