import { param, type EngineParameters } from './parameters.ts';
import { WHITE_MOLD, type DiseaseRisk } from './risk-windows.ts';
import type { ProgramDisease } from './types.ts';

/** AGRONOMY.md §6: disease weights and scores (0..100, unrounded; round only for display). */

/** ω: main 3, each secondary 1, normalised; white mold has its own score and no ω here. */
export function diseaseWeights(
  diseases: readonly ProgramDisease[],
  parameters: EngineParameters,
): Map<string, number> {
  const raw = new Map<string, number>();
  for (const disease of diseases) {
    if (disease.code === WHITE_MOLD) continue;
    const weight = param(parameters, disease.role === 'main' ? 'weight.main' : 'weight.secondary');
    raw.set(disease.code, Math.max(raw.get(disease.code) ?? 0, weight));
  }
  let total = 0;
  for (const weight of raw.values()) total += weight;
  const weights = new Map<string, number>();
  for (const [code, weight] of raw) weights.set(code, total > 0 ? weight / total : 0);
  return weights;
}

/** Score_d = 100 · Σ_t R_d(t)·min(1, P_d(t)/T) / Σ_t R_d(t), t = 0..C. */
export function diseaseScore(disease: DiseaseRisk, protection: Float64Array): number {
  if (disease.riskTotal <= 0) return 0;
  let covered = 0;
  const { risk, target } = disease;
  for (let t = 0; t < risk.length; t++) {
    const r = risk[t]!;
    if (r > 0) covered += r * Math.min(1, protection[t]! / target);
  }
  return (100 * covered) / disease.riskTotal;
}

/** ρw_id: mean of w_d(t) over [t_i, t_i + L_i) (0 for a spray without residual). */
export function windowCoverage(disease: DiseaseRisk, day: number, residual: number): number {
  if (residual <= 0) return 0;
  let sum = 0;
  const end = Math.min(day + residual, disease.weight.length);
  for (let t = Math.max(0, day); t < end; t++) sum += disease.weight[t]!;
  return sum / residual;
}

/** One disease's term of spray_score_i: ω_d · min(1, adj_id/T) · ρw_id (times 100 in the sum). */
export function sprayScoreTerm(
  weight: number,
  adjusted: number,
  target: number,
  coverage: number,
): number {
  return weight * Math.min(1, adjusted / target) * coverage;
}
