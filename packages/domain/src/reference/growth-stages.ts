import { CROP_IDS, type CropId } from './crops.ts';

export interface GrowthStage {
  id: number;
  crop_id: CropId;
  /** The stage as agronomists write it: R5.1, V7-V9, 10.5.2 ... */
  code: string;
  /** Position along the crop's cycle, for comparisons ("before R5"). */
  order: number;
  message_key: string;
}

const SOYBEAN_CODES = [
  'VE',
  'VC',
  'V1',
  'V2',
  'V3',
  'V4',
  'V5',
  'V6',
  'V7-V9',
  'R1',
  'R2',
  'R3',
  'R4',
  'R5',
  'R5.1',
  'R5.2',
  'R5.3',
  'R5.4',
  'R5.5',
  'R6',
  'R7',
  'R8',
  'R9',
] as const;

/**
 * Wheat follows the Feekes-Large scale, 0 (sowing) to 11.4 (harvest ripe), then AGRONOMY §2's
 * `end` at day C (the cycle's last day, as soybean's R9): appended, so no id moves.
 */
const WHEAT_CODES = [
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '10.1',
  '10.2',
  '10.3',
  '10.4',
  '10.5',
  '10.5.1',
  '10.5.2',
  '10.5.3',
  '10.5.4',
  '11.1',
  '11.2',
  '11.3',
  '11.4',
  'end',
] as const;

function stageKey(crop: string, code: string): string {
  return `growth_stage.${crop}.${code.toLowerCase().replace(/[.-]/g, '_')}`;
}

/** Soybean ids 1..23, wheat ids 101..125: stable, never renumber. */
export const GROWTH_STAGES: readonly GrowthStage[] = [
  ...SOYBEAN_CODES.map((code, index) => ({
    id: index + 1,
    crop_id: CROP_IDS.soybean,
    code,
    order: index,
    message_key: stageKey('soybean', code),
  })),
  ...WHEAT_CODES.map((code, index) => ({
    id: 101 + index,
    crop_id: CROP_IDS.wheat,
    code,
    order: index,
    message_key: stageKey('wheat', code),
  })),
];

export function growthStagesOf(cropId: CropId): GrowthStage[] {
  return GROWTH_STAGES.filter((stage) => stage.crop_id === cropId);
}
