/** Crops the app manages. Corn exists only as a translated label (crop.corn), never as a crop row. */
export const CROP_IDS = { soybean: 1, wheat: 2 } as const;
export type CropCode = keyof typeof CROP_IDS;
export type CropId = (typeof CROP_IDS)[CropCode];

export interface CropReference {
  id: CropId;
  code: CropCode;
  message_key: string;
}

export const CROPS: readonly CropReference[] = [
  { id: 1, code: 'soybean', message_key: 'crop.soybean' },
  { id: 2, code: 'wheat', message_key: 'crop.wheat' },
];

export const DEFAULT_CROP_ID: CropId = CROP_IDS.soybean;
