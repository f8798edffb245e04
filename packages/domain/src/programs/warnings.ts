import type { Provenance } from './parameters.ts';

/** Why a score is what it is: each warning names its rule and sources, for the UI to explain. */
export type WarningCode =
  /** ρ < 1 for a target (S6: no reduced rates). */
  | 'sub_dose'
  /** Registered for the target without a dose in the source: f(ρ) taken as 1. */
  | 'registered_dose_not_informed'
  /** The spray is outside a disease's recommended range: τ × 0.7. */
  | 'off_range_stage'
  /** estadio_nao_recomendado: outside the range of every priority disease (white mold: R1..R3). */
  | 'stage_not_recommended'
  /** U > 0 days of full risk without protection before the spray: curative use (S1, S2, S6). */
  | 'curative_exposure'
  /** R1: a single-site group of the previous spray recurs without a multisite partner. */
  | 'rotation'
  /** R2: more sprays with a group than its season cap (SDHI 2, QoI 3, DMI 4). */
  | 'season_cap'
  /** USA wheat: QoI at or after Feekes 10 (DON, S8). */
  | 'qoi_after_boot'
  /** A product counts 0 by a §4 rule (USA frogeye and QoI, S7). */
  | 'qoi_resistant_frogeye'
  /** More than 3 white-mold sprays. */
  | 'white_mold_count'
  /** More sprays than the crop's and country's maximum. */
  | 'spray_limit'
  /** A spray without products (the suggestion found none feasible). */
  | 'empty_spray'
  /** A product id absent from the catalogue entries given to the engine. */
  | 'unknown_product'
  /** A product's safety interval (pre-harvest interval) reaches past the harvest. */
  | 'safety_interval'
  /** A harvest recorded inside the safety interval of an applied spray. */
  | 'harvest_in_safety_interval';

/**
 * Why a spray of the suggestion has no product (the real reason, never a guessed one):
 * - `no_registered_product`: no product of the catalogue is registered for the disease with an
 *   efficacy that counts (AGRONOMY §7 step 3 needs e > 0);
 * - `rotation`: every candidate repeats a single-site group of the previous spray without a
 *   multisite partner (R1);
 * - `season_cap`: every candidate exceeds a group's season cap (R2);
 * - `rotation_and_season_cap`: each candidate was blocked by one rule or the other;
 * - `no_known_dose`: registered products there are, but none with a known dose, for a suggestion
 *   asked for dosed products only (`dosedOnly`). Otherwise a missing label dose is no reason: such
 *   a product is proposed with its dose to fill.
 */
export const EMPTY_SPRAY_REASONS = [
  'no_registered_product',
  'no_known_dose',
  'rotation',
  'season_cap',
  'rotation_and_season_cap',
] as const;
export type EmptySprayReason = (typeof EMPTY_SPRAY_REASONS)[number];

/**
 * The checks of a program as planned (issue 30 items 3–4): R1, R2 and the safety interval. The
 * comparison and the prescription show these; the editor and /execucao every warning.
 */
export const PLAN_CHECK_CODES: readonly WarningCode[] = [
  'rotation',
  'season_cap',
  'safety_interval',
  'harvest_in_safety_interval',
];

/** What a safety interval is compared with: a recorded harvest, the observed or estimated R8 / 11.4. */
export const HARVEST_BASES = ['recorded', 'observed', 'estimated'] as const;
export type HarvestBasis = (typeof HARVEST_BASES)[number];

/** A product a warning concerns, with its FRAC codes as the catalogue gives them. */
export interface WarnedProduct {
  productId: number;
  name: string;
  groups: readonly string[];
  /** R1: a product of the previous spray (the others are of the warned spray). */
  previous?: boolean;
}

export interface EngineWarning {
  code: WarningCode;
  sources: readonly Provenance[];
  disease?: string;
  productId?: number;
  /** FRAC groups or group classes the rule concerns. */
  groups?: readonly string[];
  /** The quantity the rule measured (exposure days, count, dose ratio …). */
  value?: number;
  /** The limit it was compared with. */
  limit?: number;
  /** empty_spray: why no product was possible. */
  reason?: EmptySprayReason;
  /** The products involved, with their FRAC codes (rotation, season_cap; the safety checks' one). */
  products?: readonly WarnedProduct[];
  /** safety_interval, harvest_in_safety_interval: the harvest the interval is compared with. */
  harvest?: { date: string; basis: HarvestBasis };
  /** harvest_in_safety_interval: the position (1-based, date order) of the spray concerned. */
  sprayOrdinal?: number;
}

const WARNING_SOURCES: Readonly<Record<WarningCode, readonly Provenance[]>> = {
  sub_dose: ['S6', 'assumption'],
  registered_dose_not_informed: ['assumption'],
  off_range_stage: ['assumption'],
  stage_not_recommended: ['assumption'],
  curative_exposure: ['S1', 'S2', 'S6', 'assumption'],
  rotation: ['S1', 'S6', 'assumption'],
  season_cap: ['S6', 'assumption'],
  qoi_after_boot: ['S8'],
  qoi_resistant_frogeye: ['S7'],
  white_mold_count: ['S12', 'assumption'],
  spray_limit: ['assumption'],
  empty_spray: ['assumption'],
  unknown_product: [],
  // The interval is the label's (catalogue data, docs/data-sources.md), the rule the law's.
  safety_interval: [],
  harvest_in_safety_interval: [],
};

export function warning(
  code: WarningCode,
  details: Omit<EngineWarning, 'code' | 'sources'> = {},
): EngineWarning {
  return { code, sources: WARNING_SOURCES[code], ...details };
}
