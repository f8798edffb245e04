import { describe, expect, it } from 'vitest';
import type { Crop, SeasonCrop } from '../contracts/reference.ts';
import {
  InvalidSelectedCropError,
  cropsOfCountry,
  resolveCrop,
  resolveSeason,
  seasonsOf,
  selectCrop,
  selectSowing,
} from './current-crop.ts';

const SOYBEAN: Crop = { id: 1, code: 'soybean', message_key: 'crop.soybean' };
const WHEAT: Crop = { id: 2, code: 'wheat', message_key: 'crop.wheat' };
const season = (id: number, crop: number, country: number, name: string, status: string) =>
  ({
    id,
    season_id: id,
    season_name: name,
    crop_id: crop,
    country_id: country,
    start_period: `${name.slice(0, 4)}-08-01`,
    end_period: `${Number(name.slice(0, 4)) + 1}-05-31`,
    season_active: status === 'current',
    status,
    message_key: `season.${name}`,
  }) as SeasonCrop;
const SEASONS = [
  season(10, 1, 1, '2025/2026', 'previous'),
  season(11, 1, 1, '2026/2027', 'current'),
  season(21, 2, 1, '2026', 'current'),
  season(31, 2, 2, '2026', 'current'),
];

describe('the current crop and season (spec 2 §4)', () => {
  it('takes the crop, variety and season-crop of the sowing switched to, refusing an unloaded crop', () => {
    const wheatSowing = { crop_id: 2, cultivar_id: 44, season_crop_id: 21 };
    expect(selectSowing([SOYBEAN, WHEAT], wheatSowing)).toEqual({
      crop: WHEAT,
      varietyId: 44,
      seasonCropId: 21,
    });
    expect(() => selectSowing([SOYBEAN], wheatSowing)).toThrow('Invalid selected crop');
  });

  it('refuses a crop that is not loaded', () => {
    expect(selectCrop([SOYBEAN, WHEAT], 2)).toBe(WHEAT);
    expect(() => selectCrop([SOYBEAN], 2)).toThrow(InvalidSelectedCropError);
    expect(() => selectCrop([SOYBEAN], 2)).toThrow('Invalid selected crop');
  });

  it('keeps the stored crop where the country has seasons of it, else the first season-crop’s', () => {
    const inBrazil = cropsOfCountry([SOYBEAN, WHEAT], SEASONS, 1);
    expect(inBrazil).toEqual([SOYBEAN, WHEAT]);
    expect(resolveCrop(inBrazil, SEASONS, 1, 2)).toBe(WHEAT);
    expect(resolveCrop(inBrazil, SEASONS, 1, null)).toBe(SOYBEAN);
    const inParaguay = cropsOfCountry([SOYBEAN, WHEAT], SEASONS, 2);
    expect(resolveCrop(inParaguay, SEASONS, 2, 1)).toBe(WHEAT);
  });

  it('keeps the season chosen by name, else the current one', () => {
    const soybean = seasonsOf(SEASONS, 1, 1);
    expect(soybean.map((row) => row.season_name)).toEqual(['2026/2027', '2025/2026']);
    expect(resolveSeason(soybean, '2025/2026')?.id).toBe(10);
    expect(resolveSeason(soybean, '1999/2000')?.id).toBe(11);
    expect(resolveSeason(soybean, null)?.id).toBe(11);
  });
});
