import { useState } from 'react';

/**
 * The current crop chosen, kept in local storage (spec 2 §4 "Current crop"); the rule that picks
 * the crop and season from it is the domain's (sowings/current-crop.ts).
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

function storeCrop(cropId: number): void {
  try {
    window.localStorage.setItem(CROP_STORAGE_KEY, String(cropId));
  } catch {
    // Not stored: the choice lasts while the page is open.
  }
}

/**
 * The crop and season a planning page shows, kept above the farm so that a farm switch keeps
 * them: the crop is remembered (`storeCrop`), and a new crop opens on its current season.
 */
export function useCropSeasonChoice() {
  const [crop, setCrop] = useState<number | null>(readStoredCrop);
  const [season, setSeason] = useState<string | null>(null);
  return {
    chosenCrop: crop,
    chosenSeason: season,
    onCrop: (cropId: number) => {
      storeCrop(cropId);
      setCrop(cropId);
      setSeason(null);
    },
    onSeason: setSeason,
  };
}
