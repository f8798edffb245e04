/**
 * Every number the spray-program engine uses, with where it comes from (AGRONOMY.md §1 source ids,
 * or 'assumption' for the [A] and [interpretation] values). The UI labels a parameter whose source
 * is 'assumption'; callers may override any value (it then becomes a configured assumption).
 */

export type SourceId =
  | 'S1'
  | 'S2'
  | 'S3'
  | 'S4'
  | 'S5'
  | 'S6'
  | 'S7'
  | 'S8'
  | 'S9'
  | 'S10'
  | 'S11'
  | 'S12'
  | 'S13'
  | 'S14'
  | 'S15'
  | 'S16'
  | 'S17'
  | 'S18'
  | 'S19';

export type Provenance = SourceId | 'assumption';

export interface Sourced {
  value: number;
  source: Provenance;
  /** Sources that support an assumption without fixing its value ("[A; S7]"). */
  basis?: readonly SourceId[];
  /** The AGRONOMY.md section that states the value. */
  section: string;
  /** True when the caller replaced the default value. */
  overridden?: boolean;
}

const A = 'assumption' as const;

export const DEFAULT_ENGINE_PARAMETERS = {
  // §3 severity → risk multiplier m and target T [A].
  'severity.high.multiplier': { value: 1.25, source: A, section: '§3' },
  'severity.medium_high.multiplier': { value: 1.1, source: A, section: '§3' },
  'severity.medium.multiplier': { value: 1, source: A, section: '§3' },
  'severity.medium_low.multiplier': { value: 0.85, source: A, section: '§3' },
  'severity.low.multiplier': { value: 0.7, source: A, section: '§3' },
  'severity.high.target': { value: 0.85, source: A, section: '§3' },
  'severity.medium_high.target': { value: 0.8, source: A, section: '§3' },
  'severity.medium.target': { value: 0.75, source: A, section: '§3' },
  'severity.medium_low.target': { value: 0.7, source: A, section: '§3' },
  'severity.low.target': { value: 0.65, source: A, section: '§3' },
  // White mold: top of the 0–60 % reduction range.
  'white_mold.target': { value: 0.6, source: 'S12', section: '§3' },

  // §4 residual L by FRAC group, decay D.
  'residual.qoi': { value: 21, source: 'S7', section: '§4' },
  'residual.dmi': { value: 14, source: 'S7', section: '§4' },
  'residual.sdhi': { value: 21, source: A, section: '§4' },
  'residual.multisite': { value: 7, source: A, section: '§4' },
  'residual.white_mold_groups': { value: 14, source: 'S12', section: '§4' },
  // AGRONOMY gives no residual for other groups: a DMI-like fortnight (docs/agronomy.md).
  'residual.other': { value: 14, source: A, section: 'docs/agronomy.md' },
  'decay.days': { value: 7, source: A, section: '§4' },

  // §5 dose factor f(ρ) = sqrt(clamp((ρ − floor)/(1 − floor), 0, 1)).
  'dose.floor': { value: 0.2, source: A, basis: ['S6'], section: '§5' },
  // Cap of the independent-action mixture.
  'efficacy.cap': { value: 0.95, source: A, section: '§5' },
  // Exposure: days before a spray, threshold as a fraction of T, penalty per day.
  'exposure.lookback_days': { value: 14, source: A, basis: ['S1', 'S2', 'S6'], section: '§5' },
  'exposure.threshold_fraction': {
    value: 0.5,
    source: A,
    basis: ['S1', 'S2', 'S6'],
    section: '§5',
  },
  'exposure.penalty_per_day': { value: 0.03, source: A, basis: ['S1', 'S2', 'S6'], section: '§5' },
  'timing.off_range_factor': { value: 0.7, source: A, section: '§5' },

  // §6 disease weights ω before normalisation.
  'weight.main': { value: 3, source: A, section: '§6' },
  'weight.secondary': { value: 1, source: A, section: '§6' },

  // §7 suggestion.
  'suggestion.risk_threshold': { value: 0.5, source: A, section: '§7' },
  'suggestion.interval_min': { value: 10, source: A, basis: ['S7'], section: '§7' },
  'suggestion.interval_max': { value: 21, source: A, basis: ['S7'], section: '§7' },
  'suggestion.end_margin_days': { value: 7, source: A, section: '§7' },
  'max_sprays.soybean': { value: 7, source: A, section: '§7' },
  'max_sprays.wheat': { value: 5, source: A, section: '§7' },
  'max_sprays.usa': { value: 5, source: A, section: '§7' },
  'season_cap.sdhi': { value: 2, source: A, basis: ['S6'], section: '§7' },
  'season_cap.qoi': { value: 3, source: A, basis: ['S6'], section: '§7' },
  'season_cap.dmi': { value: 4, source: A, basis: ['S6'], section: '§7' },
  'white_mold.interval_days': { value: 14, source: 'S12', section: '§7' },
  'white_mold.max_sprays': { value: 3, source: A, basis: ['S12'], section: '§7' },
  'racional.keep_ratio': { value: 0.97, source: A, section: '§7' },

  // §8 recalculation.
  'apply.tolerance_days': { value: 2, source: A, section: '§8' },
  'resume.min_gap_days': { value: 10, source: A, section: '§8' },
  'sowing_change.tolerance_days': { value: 6, source: A, section: '§8' },
  'cycle_change.tolerance_days': { value: 5, source: A, section: '§8' },
} as const satisfies Record<string, Sourced>;

export type EngineParameterKey = keyof typeof DEFAULT_ENGINE_PARAMETERS;
export type EngineParameters = Readonly<Record<EngineParameterKey, Sourced>>;
export type EngineParameterOverrides = Partial<Record<EngineParameterKey, number>>;

/** The parameters with the caller's overrides; an overridden value is labelled an assumption. */
export function engineParameters(overrides?: EngineParameterOverrides): EngineParameters {
  if (!overrides) return DEFAULT_ENGINE_PARAMETERS;
  const resolved: Record<string, Sourced> = { ...DEFAULT_ENGINE_PARAMETERS };
  for (const [key, value] of Object.entries(overrides)) {
    const base = DEFAULT_ENGINE_PARAMETERS[key as EngineParameterKey] as Sourced | undefined;
    if (!base || value === undefined) continue;
    if (!Number.isFinite(value)) throw new Error(`Parameter ${key} must be a finite number`);
    resolved[key] = { ...base, value, source: A, overridden: true };
  }
  return resolved as EngineParameters;
}

/** The value of a parameter. */
export function param(parameters: EngineParameters, key: EngineParameterKey): number {
  return parameters[key].value;
}

/** Registered dose meaning "no registration for this target" in the catalogue's data. */
export const NO_REGISTRATION_DOSE = 999999;
