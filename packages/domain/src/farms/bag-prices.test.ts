import { describe, expect, it } from 'vitest';
import { COUNTRY_IDS } from '../reference/countries.ts';
import { CROP_IDS } from '../reference/crops.ts';
import { bagPriceProblems } from './bag-prices.ts';

const brazil = COUNTRY_IDS.brazil;
const { soybean, wheat } = CROP_IDS;

describe('a farm’s bag prices', () => {
  it('take one price for each crop', () => {
    expect(bagPriceProblems(brazil, [{ crop_id: soybean }, { crop_id: wheat }])).toEqual([]);
  });

  it('ask for the crop left out', () => {
    expect(bagPriceProblems(brazil, [{ crop_id: soybean }])).toEqual([
      { field: 'body.bag_price', key: 'field.required', message: `No price for crop ${wheat}` },
    ]);
  });

  it('refuse a crop the app does not grow, or one crop twice', () => {
    const refused = [expect.objectContaining({ field: 'body.bag_price' })];
    expect(
      bagPriceProblems(brazil, [{ crop_id: soybean }, { crop_id: wheat }, { crop_id: 99 }]),
    ).toEqual(refused);
    expect(
      bagPriceProblems(brazil, [{ crop_id: soybean }, { crop_id: wheat }, { crop_id: wheat }]),
    ).toEqual(refused);
  });

  it('leave an unknown country to its own refusal', () => {
    expect(bagPriceProblems(999, [])).toEqual([]);
  });
});
