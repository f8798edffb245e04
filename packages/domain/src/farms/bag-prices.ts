import { bodyFieldError, type FieldError } from '../errors.ts';
import { findCountry } from '../reference/countries.ts';
import { CROPS } from '../reference/crops.ts';

/**
 * A farm's seed bag prices: one per crop the app grows, no other crop and no crop
 * twice; none is checked for an unknown country (its own refusal comes first). Positive prices
 * are the body schema's.
 */
export function bagPriceProblems(
  countryId: number,
  prices: readonly { crop_id: number }[],
): FieldError[] {
  const crops = new Set(CROPS.map((crop) => crop.id as number));
  const given = prices.map((price) => price.crop_id);
  const missing = [...crops].filter((crop) => !given.includes(crop));
  const unknown = given.filter((crop) => !crops.has(crop));
  const twice = given.filter((crop, index) => given.indexOf(crop) !== index);
  if (!findCountry(countryId)) return [];
  if (missing.length)
    return [
      { field: 'body.bag_price', key: 'field.required', message: `No price for crop ${missing}` },
    ];
  if (unknown.length || twice.length)
    return [bodyFieldError('bag_price', 'Unknown or repeated crop')];
  return [];
}
