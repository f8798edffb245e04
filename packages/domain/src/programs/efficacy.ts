import { COUNTRY_IDS, type CountryId } from '../reference/countries.ts';
import {
  NO_REGISTRATION_DOSE,
  param,
  type EngineParameters,
  type Provenance,
} from './parameters.ts';
import type { DiseaseCode, ProgramProduct } from './types.ts';

/** AGRONOMY.md §4–§5: product efficacy per target, dose factor, mixtures, timing, curves. */

export type GroupClass = 'qoi' | 'dmi' | 'sdhi' | 'multisite' | 'white_mold_groups' | 'other';

/** FRAC code → the class the residual and the season caps use (S6). */
export function groupClass(group: string): GroupClass {
  const code = group.trim().toUpperCase();
  if (code.startsWith('M')) return 'multisite';
  if (code === '11') return 'qoi';
  if (code === '3') return 'dmi';
  if (code === '7') return 'sdhi';
  if (code === '29' || code === '2') return 'white_mold_groups';
  return 'other';
}

export function isMultisiteGroup(group: string): boolean {
  return groupClass(group) === 'multisite';
}

/** A product with a multisite group ("an M product", rule R1). */
export function hasMultisite(product: ProgramProduct): boolean {
  return product.groups.some(isMultisiteGroup);
}

/** Residual L of a product: its own, else the longest of its groups' (§4). */
export function residualDays(product: ProgramProduct, parameters: EngineParameters): number {
  if (product.residualDays !== undefined) return product.residualDays;
  let longest = 0;
  for (const group of product.groups)
    longest = Math.max(longest, param(parameters, `residual.${groupClass(group)}`));
  return longest || param(parameters, 'residual.other');
}

/** f(ρ) = sqrt(clamp((ρ − 0.2)/0.8, 0, 1)) [A]. */
export function doseFactor(ratio: number, parameters: EngineParameters): number {
  const floor = param(parameters, 'dose.floor');
  const x = (ratio - floor) / (1 - floor);
  return Math.sqrt(Math.min(1, Math.max(0, x)));
}

export function isRegistered(registeredDose: number | null | undefined): registeredDose is number {
  return (
    registeredDose !== null &&
    registeredDose !== undefined &&
    registeredDose > 0 &&
    registeredDose < NO_REGISTRATION_DOSE
  );
}

/** One product's part in a spray against one disease: the explanation of e_kd. */
export interface ProductContribution {
  productId: number;
  name: string;
  dose: number;
  /** E at the registered dose, percent (null = not informed). */
  efficacyPercent: number | null;
  registeredDose: number | null;
  /** No registration for the target: e = 0. */
  semRegistro: boolean;
  /** Registered but without an efficacy value: e = 0. */
  notInformed: boolean;
  /** ρ = dose / registered dose (null without registration). */
  doseRatio: number | null;
  /** f(ρ). */
  doseFactor: number;
  /** e_kd = E/100 · f(ρ). */
  efficacy: number;
  /** ρ < 1 (S6: no reduced rates). */
  subDose: boolean;
  /** Registered without a dose in the source: f(ρ) taken as 1 (assumption). */
  doseAssumed?: true;
  residualDays: number;
  /** Why a registered value was set to 0 by a rule of §4 (USA frogeye: QoI counts 0, S7). */
  excluded?: { rule: 'qoi_resistant_frogeye'; source: Provenance };
}

export interface EfficacyContext {
  countryId: CountryId;
  parameters: EngineParameters;
}

// Per-product facts reused by every disease and spray: a pure memo keyed by the product object.
const traitsCache = new WeakMap<
  ProgramProduct,
  { parameters: EngineParameters; residual: number; qoiOnly: boolean }
>();

function traitsOf(product: ProgramProduct, parameters: EngineParameters) {
  let traits = traitsCache.get(product);
  if (!traits || traits.parameters !== parameters) {
    traits = {
      parameters,
      residual: residualDays(product, parameters),
      qoiOnly:
        product.groups.length > 0 && product.groups.every((group) => groupClass(group) === 'qoi'),
    };
    traitsCache.set(product, traits);
  }
  return traits;
}

export function productContribution(
  product: ProgramProduct,
  disease: DiseaseCode,
  dose: number,
  context: EfficacyContext,
): ProductContribution {
  const entry = product.perDisease[disease];
  const registeredDose = entry?.registeredDose ?? null;
  const percent = entry?.efficacy ?? null;
  const traits = traitsOf(product, context.parameters);
  const doseKnown = isRegistered(registeredDose);
  const registered = doseKnown || entry?.registeredDoseNotInformed === true;
  // Registered without a dose in the source: f(ρ) = 1, an assumption the engine warns about
  // (only where an efficacy counts at all).
  const doseAssumed = registered && !doseKnown && percent !== null;
  const doseRatio = doseKnown ? dose / registeredDose : null;
  const factor = doseAssumed
    ? 1
    : doseRatio === null
      ? 0
      : doseFactor(doseRatio, context.parameters);
  // USA frogeye populations are QoI-resistant (S7): a QoI-only product adds nothing.
  const excluded =
    registered && disease === 'OLR' && context.countryId === COUNTRY_IDS.usa && traits.qoiOnly;
  const contribution: ProductContribution = {
    productId: product.id,
    name: product.name,
    dose,
    efficacyPercent: percent,
    registeredDose: doseKnown ? registeredDose : null,
    semRegistro: !registered,
    notInformed: registered && percent === null,
    doseRatio,
    doseFactor: factor,
    efficacy:
      !registered || excluded || percent === null
        ? 0
        : (Math.max(0, Math.min(100, percent)) / 100) * factor,
    // Like the assumed dose, warned only where an efficacy counts: a rust spray's product below
    // its white-mold dose, with no white-mold efficacy, says nothing about white mold.
    subDose: doseRatio !== null && doseRatio < 1 && percent !== null,
    residualDays: traits.residual,
  };
  if (doseAssumed) contribution.doseAssumed = true;
  if (excluded) contribution.excluded = { rule: 'qoi_resistant_frogeye', source: 'S7' };
  return contribution;
}

/** eficacia_potencial = min(cap, 1 − Π(1 − e_k)) (independent action). */
export function mixtureEfficacy(
  efficacies: readonly number[],
  parameters: EngineParameters,
): number {
  let survival = 1;
  for (const e of efficacies) survival *= 1 - e;
  return Math.min(param(parameters, 'efficacy.cap'), 1 - survival);
}

/** g_k(Δ): 1 within the residual, linear decay over D days, then 0. */
export function protectionFactor(delta: number, residual: number, decay: number): number {
  if (delta < 0) return 0;
  if (delta < residual) return 1;
  if (delta < residual + decay) return (residual + decay - delta) / (decay + 1);
  return 0;
}

/** τ = (1 − 0.03·U) · (1 in the recommended range, else 0.7). */
export function timingFactor(
  exposureDays: number,
  inRange: boolean,
  parameters: EngineParameters,
): number {
  const exposure = Math.max(0, 1 - param(parameters, 'exposure.penalty_per_day') * exposureDays);
  return exposure * (inRange ? 1 : param(parameters, 'timing.off_range_factor'));
}
