import { CROP_IDS, type CropId } from '../reference/crops.ts';
import { stageTimeline } from '../sowings/stage-timeline.ts';
import { param, type EngineParameters, type Provenance } from './parameters.ts';
import type { DiseaseCode, Severity } from './types.ts';

/**
 * AGRONOMY.md §3: risk windows per disease, by growth-stage code, and the stages a disease may be
 * sprayed in. Stage codes are the timeline's (packages/domain/src/sowings/stage-timeline.ts):
 * AGRONOMY's wheat 10.51 and 10.54 are written 10.5.1 and 10.5.4 there.
 */
interface RiskWindowDefinition {
  from: string;
  to: string;
  weight: number;
}

interface DiseaseRiskDefinition {
  code: DiseaseCode;
  cropId: CropId;
  windows: readonly RiskWindowDefinition[];
  /** "a..b" = [start(a), start(next(b))). */
  sprayRange: { from: string; to: string };
  sources: readonly Provenance[];
}

const soy = CROP_IDS.soybean;
const wheat = CROP_IDS.wheat;
const w = (from: string, to: string, weight: number): RiskWindowDefinition => ({
  from,
  to,
  weight,
});

const DISEASE_RISK: Readonly<Record<DiseaseCode, DiseaseRiskDefinition>> = {
  // Preventive start per S1/S2; weights [A].
  FER: {
    code: 'FER',
    cropId: soy,
    windows: [w('V7-V9', 'R1', 0.5), w('R1', 'R6', 1), w('R6', 'R7', 0.5)],
    sprayRange: { from: 'V7-V9', to: 'R5.5' },
    sources: ['S1', 'S2', 'assumption'],
  },
  // Early necrotrophs appear in the vegetative phase (S14).
  ANT: {
    code: 'ANT',
    cropId: soy,
    windows: [w('V4', 'R3', 0.6), w('R3', 'R6', 1)],
    sprayRange: { from: 'V4', to: 'R5.5' },
    sources: ['S14', 'assumption'],
  },
  MAL: {
    code: 'MAL',
    cropId: soy,
    windows: [w('V6', 'R3', 0.5), w('R3', 'R6', 1)],
    sprayRange: { from: 'V6', to: 'R5.5' },
    sources: ['S14', 'assumption'],
  },
  OID: {
    code: 'OID',
    cropId: soy,
    windows: [w('V7-V9', 'R1', 0.5), w('R1', 'R5.3', 1)],
    sprayRange: { from: 'V7-V9', to: 'R5.3' },
    sources: ['assumption'],
  },
  CER: {
    code: 'CER',
    cropId: soy,
    windows: [w('R3', 'R5', 0.6), w('R5', 'R7', 1)],
    sprayRange: { from: 'R3', to: 'R6' },
    sources: ['assumption'],
  },
  SEP: {
    code: 'SEP',
    cropId: soy,
    windows: [w('V2', 'R1', 0.4), w('R3', 'R7', 1)],
    sprayRange: { from: 'V4', to: 'R6' },
    sources: ['S14', 'assumption'],
  },
  MEL: {
    code: 'MEL',
    cropId: soy,
    windows: [w('V7-V9', 'R3', 0.6), w('R3', 'R5.3', 1)],
    sprayRange: { from: 'V7-V9', to: 'R5.3' },
    sources: ['assumption'],
  },
  // Infection R1–R3 via flowers (S12).
  MBR: {
    code: 'MBR',
    cropId: soy,
    windows: [w('R1', 'R3', 1), w('R3', 'R4', 0.5)],
    sprayRange: { from: 'R1', to: 'R3' },
    sources: ['S12'],
  },
  OLR: {
    code: 'OLR',
    cropId: soy,
    windows: [w('V6', 'R3', 0.6), w('R3', 'R6', 1)],
    sprayRange: { from: 'V6', to: 'R5.3' },
    sources: ['S14', 'assumption'],
  },
  DIA: {
    code: 'DIA',
    cropId: soy,
    windows: [w('V3', 'R1', 0.6), w('R5', 'R7', 0.8)],
    sprayRange: { from: 'V3', to: 'R6' },
    sources: ['S14', 'assumption'],
  },
  // Flag leaf at Feekes 9–10 (S8).
  FFO: {
    code: 'FFO',
    cropId: wheat,
    windows: [w('6', '8', 0.5), w('8', '10.5.4', 1)],
    sprayRange: { from: '6', to: '10.5.1' },
    sources: ['S8'],
  },
  OIT: {
    code: 'OIT',
    cropId: wheat,
    windows: [w('5', '6', 0.5), w('6', '10', 1)],
    sprayRange: { from: '5', to: '10.5' },
    sources: ['assumption'],
  },
  MAM: {
    code: 'MAM',
    cropId: wheat,
    windows: [w('4', '8', 0.6), w('8', '10.5.4', 1)],
    sprayRange: { from: '5', to: '10.5.1' },
    sources: ['assumption'],
  },
  // FHB spray from 10.5.1 (S8); second spray 7–10 d later (S10).
  GIB: {
    code: 'GIB',
    cropId: wheat,
    windows: [w('10.5.1', '11.1', 1)],
    sprayRange: { from: '10.5', to: '10.5.4' },
    sources: ['S8', 'S10'],
  },
  BRU: {
    code: 'BRU',
    cropId: wheat,
    windows: [w('10.1', '11.1', 1)],
    sprayRange: { from: '10.1', to: '10.5.4' },
    sources: ['assumption'],
  },
};

export const WHITE_MOLD = 'MBR';

/** The start day (DAE) of each stage of the §2 timeline, in timeline order. */
export interface StageStarts {
  cropId: CropId;
  cycleDays: number;
  codes: readonly string[];
  days: readonly number[];
}

// Pure memo: the timeline depends only on crop and cycle.
const startsCache = new Map<string, StageStarts>();

export function stageStarts(cropId: CropId, cycleDays: number): StageStarts {
  const key = `${cropId}:${cycleDays}`;
  let starts = startsCache.get(key);
  if (!starts) {
    // The emergence date is irrelevant to start days; any valid date serves.
    const timeline = stageTimeline(cropId, '2000-01-01', cycleDays);
    starts = {
      cropId,
      cycleDays,
      codes: timeline.map((stage) => stage.code),
      days: timeline.map((stage) => stage.day),
    };
    if (startsCache.size > 512) startsCache.clear();
    startsCache.set(key, starts);
  }
  return starts;
}

function indexOfStage(starts: StageStarts, code: string): number {
  const index = starts.codes.indexOf(code);
  if (index < 0) throw new Error(`Stage ${code} is not on the timeline of crop ${starts.cropId}`);
  return index;
}

/** start(code). */
export function startOf(starts: StageStarts, code: string): number {
  return starts.days[indexOfStage(starts, code)]!;
}

/** start(next(code)); past the last stage, the day after the cycle. */
function startOfNext(starts: StageStarts, code: string): number {
  const next = starts.days[indexOfStage(starts, code) + 1];
  return next ?? starts.cycleDays + 1;
}

/** The stage on day t: the last stage started by then (null before the first). */
export function stageOnDay(starts: StageStarts, day: number): string | null {
  let code: string | null = null;
  for (let index = 0; index < starts.days.length; index++)
    if (starts.days[index]! <= day) code = starts.codes[index]!;
  return code;
}

export interface ResolvedWindow {
  from: string;
  to: string;
  weight: number;
  /** [startDay, endDay) in DAE. */
  startDay: number;
  endDay: number;
}

/** A disease on one timeline and severity: w_d(t), R_d(t) for t = 0..C, T, spray range. */
export interface DiseaseRisk {
  code: DiseaseCode;
  definition: DiseaseRiskDefinition;
  severity: Severity;
  multiplier: number;
  target: number;
  windows: readonly ResolvedWindow[];
  /** [startDay, endDay) in DAE. */
  sprayRange: { from: string; to: string; startDay: number; endDay: number };
  /** w_d(t), t = 0..C. */
  weight: Float64Array;
  /** R_d(t) = min(1, m·w_d(t)), t = 0..C. */
  risk: Float64Array;
  /** Σ_t R_d(t). */
  riskTotal: number;
}

function diseaseDefinition(code: DiseaseCode, cropId?: CropId): DiseaseRiskDefinition {
  const definition = DISEASE_RISK[code];
  if (!definition || (cropId !== undefined && definition.cropId !== cropId))
    throw new Error(`No risk windows for disease ${code} of crop ${cropId ?? '?'}`);
  return definition;
}

/** The disease's windows on the timeline, weighted by the severity (white mold: T of S12). */
export function resolveDiseaseRisk(
  starts: StageStarts,
  code: DiseaseCode,
  severity: Severity,
  parameters: EngineParameters,
): DiseaseRisk {
  const definition = diseaseDefinition(code, starts.cropId);
  const multiplier = param(parameters, `severity.${severity}.multiplier`);
  const target =
    code === WHITE_MOLD
      ? param(parameters, 'white_mold.target')
      : param(parameters, `severity.${severity}.target`);
  const size = starts.cycleDays + 1;
  const weight = new Float64Array(size);
  const windows = definition.windows.map((window) => {
    const startDay = startOf(starts, window.from);
    const endDay = startOf(starts, window.to);
    // w_d(t) is the largest weight among the windows that contain t.
    for (let t = Math.max(0, startDay); t < Math.min(size, endDay); t++)
      if (window.weight > weight[t]!) weight[t] = window.weight;
    return { ...window, startDay, endDay };
  });
  const risk = new Float64Array(size);
  let riskTotal = 0;
  for (let t = 0; t < size; t++) {
    risk[t] = Math.min(1, multiplier * weight[t]!);
    riskTotal += risk[t]!;
  }
  return {
    code,
    definition,
    severity,
    multiplier,
    target,
    windows,
    sprayRange: sprayRangeDays(starts, code),
    weight,
    risk,
    riskTotal,
  };
}

/** A disease's spray range "a..b" on a timeline: [start(a), start(next(b))). */
export function sprayRangeDays(
  starts: StageStarts,
  code: DiseaseCode,
): { from: string; to: string; startDay: number; endDay: number } {
  const { from, to } = diseaseDefinition(code, starts.cropId).sprayRange;
  return { from, to, startDay: startOf(starts, from), endDay: startOfNext(starts, to) };
}

export function inSprayRange(disease: Pick<DiseaseRisk, 'sprayRange'>, day: number): boolean {
  return day >= disease.sprayRange.startDay && day < disease.sprayRange.endDay;
}
