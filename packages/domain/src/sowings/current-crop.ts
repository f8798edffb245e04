import type { Crop, SeasonCrop } from '../contracts/reference.ts';

/**
 * The current crop and season (spec 2 §4 "Current crop"): the stored choice when the country has
 * seasons of it, else the crop of the country's first season-crop; the season chosen by name (it
 * carries over to a farm of another country), else the current one. Choosing a crop that is not
 * loaded is refused ("Invalid selected crop").
 */

/** Thrown when a crop outside the loaded ones is chosen. */
export class InvalidSelectedCropError extends Error {
  constructor(cropId: number) {
    super(`Invalid selected crop: ${cropId}`);
  }
}

/** The crop to select, or the spec's 'Invalid selected crop' when it is not among those loaded. */
export function selectCrop(loaded: readonly Crop[], cropId: number): Crop {
  const crop = loaded.find((row) => row.id === cropId);
  if (!crop) throw new InvalidSelectedCropError(cropId);
  return crop;
}

/** The crops with seasons in the country, in the crops' order. */
export function cropsOfCountry(
  crops: readonly Crop[],
  seasonCrops: readonly SeasonCrop[],
  countryId: number,
): Crop[] {
  return crops.filter((crop) =>
    seasonCrops.some((row) => row.crop_id === crop.id && row.country_id === countryId),
  );
}

/** The crop to show: the chosen one if offered, else the first season-crop's, else the first. */
export function resolveCrop(
  offered: readonly Crop[],
  seasonCrops: readonly SeasonCrop[],
  countryId: number,
  chosen: number | null,
): Crop | null {
  const find = (id: number | null | undefined) => offered.find((crop) => crop.id === id);
  const first = seasonCrops.find(
    (row) => row.country_id === countryId && offered.some((crop) => crop.id === row.crop_id),
  );
  return find(chosen) ?? find(first?.crop_id) ?? offered[0] ?? null;
}

/** The season-crops of a crop in a country, newest first. */
export function seasonsOf(
  seasonCrops: readonly SeasonCrop[],
  cropId: number,
  countryId: number,
): SeasonCrop[] {
  return seasonCrops
    .filter((row) => row.crop_id === cropId && row.country_id === countryId)
    .sort((a, b) => b.start_period.localeCompare(a.start_period));
}

/** The season to show: the one of the chosen name, else the current one, else the newest. */
export function resolveSeason(
  seasons: readonly SeasonCrop[],
  chosenName: string | null,
): SeasonCrop | null {
  return (
    seasons.find((row) => row.season_name === chosenName) ??
    seasons.find((row) => row.status === 'current') ??
    seasons[0] ??
    null
  );
}

/**
 * Switching the current sowing (spec 2 §4; issue 12 item 7): the sowing's crop becomes the current
 * crop — refused as 'Invalid selected crop' when it is not among those loaded — and its farm variety
 * and season-crop the current ones.
 */
export function selectSowing(
  loaded: readonly Crop[],
  sowing: { crop_id: number; cultivar_id: number | null; season_crop_id: number },
): { crop: Crop; varietyId: number | null; seasonCropId: number } {
  return {
    crop: selectCrop(loaded, sowing.crop_id),
    varietyId: sowing.cultivar_id,
    seasonCropId: sowing.season_crop_id,
  };
}
