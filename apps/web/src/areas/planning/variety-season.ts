import type { Crop, SeasonCrop } from '../../api/reference';

/**
 * Which crop and season-crop /cultivares shows (spec 2 §7 "Current crop"): the crop kept in local
 * storage when the farm's country has seasons of it, else the crop of the first season-crop; the
 * season chosen by name (it carries over to a farm of another country), else the current one.
 */
const CROP_STORAGE_KEY = 'current_crop';

export function readStoredCrop(): number | null {
  try {
    const value = window.localStorage.getItem(CROP_STORAGE_KEY);
    return value !== null && /^\d+$/.test(value) ? Number(value) : null;
  } catch {
    return null;
  }
}

export function storeCrop(cropId: number): void {
  try {
    window.localStorage.setItem(CROP_STORAGE_KEY, String(cropId));
  } catch {
    // Not stored: the choice lasts while the page is open.
  }
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
