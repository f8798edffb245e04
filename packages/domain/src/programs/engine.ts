import { daysBetween, addDays } from '../calendar-days.ts';
import { COUNTRY_IDS, type CountryId } from '../reference/countries.ts';
import { CROP_IDS, type CropId } from '../reference/crops.ts';
import {
  mixtureEfficacy,
  productContribution,
  protectionFactor,
  timingFactor,
  groupClass,
  residualDays,
  type ProductContribution,
} from './efficacy.ts';
import { engineParameters, param, type EngineParameters, type Provenance } from './parameters.ts';
import {
  inSprayRange,
  resolveDiseaseRisk,
  sprayRangeDays,
  stageOnDay,
  stageStarts,
  startOf,
  WHITE_MOLD,
  type DiseaseRisk,
  type ResolvedWindow,
  type StageStarts,
} from './risk-windows.ts';
import {
  HARVEST_STAGE,
  expectedHarvest,
  harvestInIntervalCheck,
  rotationCheck,
  safetyIntervalCheck,
  safetyIntervalOf,
  seasonCapCheck,
} from './plan-checks.ts';
import { addCounts, emptyCounts } from './rotation.ts';
import { diseaseScore, diseaseWeights, sprayScoreTerm, windowCoverage } from './scores.ts';
import type {
  CropContext,
  DiseaseCode,
  ProductDose,
  ProgramDisease,
  ProgramProduct,
  Severity,
} from './types.ts';
import { warning, type EngineWarning } from './warnings.ts';

/**
 * The engine's one entry point (AGRONOMY.md §5–§6, §8 flags): a program's sprays → per spray and
 * disease the efficacies with their explanation, the protection curves and the scores.
 */

export interface ProgramSprayInput {
  /** The applied date when applied (data_realizada), else the planned date; YYYY-MM-DD. */
  date: string;
  products: readonly ProductDose[];
  /** A white-mold spray (its own count, and its stage check is R1..R3). */
  whiteMold?: boolean;
  /** Recorded as applied: a harvest inside its safety interval warns. */
  applied?: boolean;
}

/** What the safety-interval checks compare with, besides the estimated harvest stage. */
export interface HarvestFacts {
  /** The day the harvest stage (soybean R8, wheat Feekes 11.4) was observed, if it was. */
  observed?: string | null;
  /** The days harvests were recorded (a crop loss is no harvest). */
  recorded?: readonly string[];
}

export interface ProgramInput extends CropContext {
  /** At most one main and two secondary in the product; the engine takes any list. */
  diseases: readonly ProgramDisease[];
  severity: Severity;
  /**
   * Track white mold (white_mold_program_score, white_mold_score). Default: when the program has
   * a white-mold spray or lists white mold. Soybean only.
   */
  whiteMold?: boolean;
  sprays: readonly ProgramSprayInput[];
  /** Catalogue entries (crop and country of the program) of the products the sprays use. */
  products: readonly ProgramProduct[];
  /** The sowing's observed harvest stage and recorded harvests (a plan has none). */
  harvest?: HarvestFacts;
}

export interface EvaluateOptions {
  /** Resolved parameters (engineParameters(overrides)); default the AGRONOMY values. */
  parameters?: EngineParameters;
  /** Include R_d(t), P_d(t) and each spray's P_id curve (for charts). */
  curves?: boolean;
}

interface SprayDiseaseEvaluation {
  code: DiseaseCode;
  /** eficacia_potencial. */
  potential: number;
  /** eficacia_ajustada = potential · τ. */
  adjusted: number;
  /** U: days of full risk in the 14 before the spray with protection below T/2. */
  exposureDays: number;
  /** τ. */
  timingFactor: number;
  inSprayRange: boolean;
  /** ρw: mean window weight over the spray's residual. */
  windowCoverage: number;
  target: number;
  /** ω (1 for white mold). */
  weight: number;
  /** This disease's part of the spray's score (white mold: white_mold_score). */
  scoreTerm: number;
  products: ProductContribution[];
  /** P_id(t_i + Δ), Δ = 0.. (only with options.curves). */
  curve?: number[];
}

interface SprayEvaluation {
  /** Position in the input. */
  index: number;
  /** 1-based position in (date, index) order. */
  ordinal: number;
  date: string;
  /** DAE. */
  day: number;
  /** Estimated stage on the spray day (null before emergence). */
  stage: string | null;
  whiteMold: boolean;
  /** L_i = max L_k. */
  residualDays: number;
  /** estadio_nao_recomendado. */
  stageNotRecommended: boolean;
  /** spray_score_i (priority diseases). */
  score: number;
  /** white_mold_score_i (null when white mold is not tracked). */
  whiteMoldScore: number | null;
  diseases: SprayDiseaseEvaluation[];
  warnings: EngineWarning[];
}

interface DiseaseEvaluation {
  code: DiseaseCode;
  role: 'main' | 'secondary' | 'white_mold';
  /** ω (white mold: 1, in its own score). */
  weight: number;
  severity: Severity;
  multiplier: number;
  target: number;
  windows: readonly ResolvedWindow[];
  sprayRange: { from: string; to: string; startDay: number; endDay: number };
  sources: readonly Provenance[];
  /** Score_d. */
  score: number;
  /** R_d(t), t = 0..C (only with options.curves). */
  risk?: number[];
  /** P_d(t), t = 0..C (only with options.curves). */
  protection?: number[];
}

export interface ProgramEvaluation {
  cropId: CropId;
  countryId: CountryId;
  emergence: string;
  cycleDays: number;
  stages: { code: string; day: number; date: string }[];
  diseases: DiseaseEvaluation[];
  sprays: SprayEvaluation[];
  /** program_score = Σ ω_d Score_d (white mold excluded). */
  programScore: number;
  /** white_mold_program_score (null when white mold is not tracked). */
  whiteMoldProgramScore: number | null;
  maxSprays: number;
  warnings: EngineWarning[];
  parameters: EngineParameters;
}

/** Maximum sprays: soybean 7, wheat 5, USA 5; the lower applies. */
export function sprayLimit(
  cropId: CropId,
  countryId: CountryId,
  parameters: EngineParameters,
): number {
  const byCrop = param(
    parameters,
    cropId === CROP_IDS.wheat ? 'max_sprays.wheat' : 'max_sprays.soybean',
  );
  return countryId === COUNTRY_IDS.usa
    ? Math.min(byCrop, param(parameters, 'max_sprays.usa'))
    : byCrop;
}

/** A spray on the day axis, products resolved: the engine's internal form. */
export interface DaySpray {
  day: number;
  products: readonly ProductDose[];
  whiteMold?: boolean;
}

export interface DayProgram {
  cropId: CropId;
  countryId: CountryId;
  cycleDays: number;
  diseases: readonly ProgramDisease[];
  severity: Severity;
  whiteMold?: boolean;
  sprays: readonly DaySpray[];
  products: ReadonlyMap<number, ProgramProduct> | readonly ProgramProduct[];
}

interface PreparedDisease {
  risk: DiseaseRisk;
  role: 'main' | 'secondary' | 'white_mold';
  weight: number;
  protection: Float64Array;
}

export interface DayEvaluation {
  starts: StageStarts;
  diseases: PreparedDisease[];
  sprays: Omit<SprayEvaluation, 'date'>[];
  programScore: number;
  whiteMoldProgramScore: number | null;
  maxSprays: number;
  warnings: EngineWarning[];
}

function productMap(products: DayProgram['products']): ReadonlyMap<number, ProgramProduct> {
  if (products instanceof Map) return products;
  return new Map((products as readonly ProgramProduct[]).map((product) => [product.id, product]));
}

/** Tracks white mold when asked, or when a spray or the disease list says so (soybean only). */
function tracksWhiteMold(program: DayProgram): boolean {
  if (program.cropId !== CROP_IDS.soybean) return false;
  return (
    program.whiteMold ??
    (program.sprays.some((spray) => spray.whiteMold) ||
      program.diseases.some((disease) => disease.code === WHITE_MOLD))
  );
}

/** The evaluation on DAE days; `evaluateProgram` is the date-based wrapper. */
export function evaluateProgramDays(
  program: DayProgram,
  options: EvaluateOptions = {},
): DayEvaluation {
  const parameters = options.parameters ?? engineParameters();
  const starts = stageStarts(program.cropId, program.cycleDays);
  const size = program.cycleDays + 1;
  const products = productMap(program.products);
  const weights = diseaseWeights(program.diseases, parameters);
  const diseases: PreparedDisease[] = [];
  for (const disease of program.diseases) {
    if (disease.code === WHITE_MOLD || diseases.some((d) => d.risk.code === disease.code)) continue;
    // A disease listed twice keeps its main role.
    const main = program.diseases.some((d) => d.code === disease.code && d.role === 'main');
    diseases.push({
      risk: resolveDiseaseRisk(starts, disease.code, program.severity, parameters),
      role: main ? 'main' : 'secondary',
      weight: weights.get(disease.code) ?? 0,
      protection: new Float64Array(size),
    });
  }
  const priorityCount = diseases.length;
  if (tracksWhiteMold(program))
    diseases.push({
      risk: resolveDiseaseRisk(starts, WHITE_MOLD, program.severity, parameters),
      role: 'white_mold',
      weight: 1,
      protection: new Float64Array(size),
    });

  const decay = param(parameters, 'decay.days');
  const cap = param(parameters, 'efficacy.cap');
  const lookback = param(parameters, 'exposure.lookback_days');
  const threshold = param(parameters, 'exposure.threshold_fraction');
  const limit = sprayLimit(program.cropId, program.countryId, parameters);
  const boot = program.cropId === CROP_IDS.wheat ? startOf(starts, '10') : Infinity;
  // White-mold sprays are judged on white mold's range R1..R3 (§8).
  const whiteMoldRange =
    program.cropId === CROP_IDS.soybean ? { sprayRange: sprayRangeDays(starts, WHITE_MOLD) } : null;

  // (date, index) order: earlier sprays protect later ones (exposure U).
  const order = program.sprays.map((_, index) => index);
  order.sort((a, b) => program.sprays[a]!.day - program.sprays[b]!.day || a - b);

  const results: Omit<SprayEvaluation, 'date'>[] = new Array(program.sprays.length);
  let previousProducts: ProgramProduct[] | undefined;
  let counts = emptyCounts();
  let regularCount = 0;
  let whiteMoldCount = 0;
  const programWarnings: EngineWarning[] = [];

  for (let position = 0; position < order.length; position++) {
    const index = order[position]!;
    const spray = program.sprays[index]!;
    const day = spray.day;
    const warnings: EngineWarning[] = [];
    // Canonical product order: the result cannot depend on how the user listed them (§10.5).
    const doses = [...spray.products].sort((a, b) => a.productId - b.productId || a.dose - b.dose);
    const resolved: { product: ProgramProduct; dose: number }[] = [];
    for (const dose of doses) {
      const product = products.get(dose.productId);
      if (product) resolved.push({ product, dose: dose.dose });
      else warnings.push(warning('unknown_product', { productId: dose.productId }));
    }
    if (resolved.length === 0) warnings.push(warning('empty_spray'));
    const sprayProducts = resolved.map((entry) => entry.product);

    const perDisease: SprayDiseaseEvaluation[] = [];
    let residual = 0;
    let score = 0;
    let whiteMoldScore: number | null = null;
    const subDose = new Map<number, string[]>();
    const doseAssumed = new Map<number, string[]>();
    for (const prepared of diseases) {
      const { risk } = prepared;
      const contributions = resolved.map(({ product, dose }) =>
        productContribution(product, risk.code, dose, {
          countryId: program.countryId,
          parameters,
        }),
      );
      const efficacies = contributions.map((c) => c.efficacy);
      const potential = mixtureEfficacy(efficacies, parameters);
      // U: full-risk days just before the spray left below half the target by earlier sprays.
      let exposure = 0;
      const below = threshold * risk.target;
      for (let t = Math.max(0, day - lookback); t < Math.min(day, size); t++)
        if (risk.weight[t] === 1 && prepared.protection[t]! < below) exposure++;
      const inRange = inSprayRange(risk, day);
      const tau = timingFactor(exposure, inRange, parameters);
      const adjusted = potential * tau;

      // Protection curve P_id(t) = τ · min(cap, 1 − Π(1 − e_k·g_k(t − t_i))).
      let longest = 0;
      for (const c of contributions) longest = Math.max(longest, c.residualDays);
      residual = Math.max(residual, longest);
      const span = longest + decay;
      const curve = options.curves ? new Array<number>(span) : undefined;
      for (let delta = 0; delta < span; delta++) {
        let survival = 1;
        for (const c of contributions)
          if (c.efficacy > 0)
            survival *= 1 - c.efficacy * protectionFactor(delta, c.residualDays, decay);
        const value = tau * Math.min(cap, 1 - survival);
        if (curve) curve[delta] = value;
        const t = day + delta;
        if (t >= 0 && t < size && value > prepared.protection[t]!) prepared.protection[t] = value;
      }

      const coverage = windowCoverage(risk, day, longest);
      const term = 100 * sprayScoreTerm(prepared.weight, adjusted, risk.target, coverage);
      if (prepared.role === 'white_mold') whiteMoldScore = term;
      else score += term;

      if (exposure > 0)
        warnings.push(warning('curative_exposure', { disease: risk.code, value: exposure }));
      if (!inRange && prepared.role !== 'white_mold')
        warnings.push(warning('off_range_stage', { disease: risk.code }));
      for (const c of contributions) {
        if (c.subDose) subDose.set(c.productId, [...(subDose.get(c.productId) ?? []), risk.code]);
        if (c.doseAssumed)
          doseAssumed.set(c.productId, [...(doseAssumed.get(c.productId) ?? []), risk.code]);
        if (c.excluded)
          warnings.push(
            warning('qoi_resistant_frogeye', { disease: risk.code, productId: c.productId }),
          );
      }
      perDisease.push({
        code: risk.code,
        potential,
        adjusted,
        exposureDays: exposure,
        timingFactor: tau,
        inSprayRange: inRange,
        windowCoverage: coverage,
        target: risk.target,
        weight: prepared.weight,
        scoreTerm: term,
        products: contributions,
        ...(curve ? { curve } : {}),
      });
    }
    for (const [productId, codes] of subDose)
      for (const code of codes) warnings.push(warning('sub_dose', { productId, disease: code }));
    for (const [productId, codes] of doseAssumed)
      for (const code of codes)
        warnings.push(warning('registered_dose_not_informed', { productId, disease: code }));

    // L_i = max L_k, also when no disease is evaluated.
    for (const product of sprayProducts)
      residual = Math.max(residual, residualDays(product, parameters));

    const whiteMold = spray.whiteMold === true;
    const stageNotRecommended = whiteMold
      ? whiteMoldRange !== null && !inSprayRange(whiteMoldRange, day)
      : priorityCount > 0 &&
        diseases.slice(0, priorityCount).every((prepared) => !inSprayRange(prepared.risk, day));
    if (stageNotRecommended) warnings.push(warning('stage_not_recommended'));

    // R1 between consecutive regular sprays: §7.4 repeats one white-mold product by design.
    // R2 counts every spray of the season, white-mold ones included.
    if (!whiteMold && resolved.length) {
      const rotation = rotationCheck(previousProducts, sprayProducts);
      if (rotation) warnings.push(rotation);
      previousProducts = sprayProducts;
    }
    warnings.push(...seasonCapCheck(counts, sprayProducts, parameters));
    counts = addCounts(counts, sprayProducts);

    if (
      day >= boot &&
      program.countryId === COUNTRY_IDS.usa &&
      sprayProducts.some((p) => p.groups.some((g) => groupClass(g) === 'qoi'))
    )
      warnings.push(warning('qoi_after_boot'));

    if (whiteMold) {
      whiteMoldCount++;
      const most = param(parameters, 'white_mold.max_sprays');
      if (whiteMoldCount > most)
        warnings.push(warning('white_mold_count', { value: whiteMoldCount, limit: most }));
    } else {
      regularCount++;
      if (regularCount > limit)
        warnings.push(warning('spray_limit', { value: regularCount, limit }));
    }

    results[index] = {
      index,
      ordinal: position + 1,
      day,
      stage: stageOnDay(starts, day),
      whiteMold,
      residualDays: residual,
      stageNotRecommended,
      score,
      whiteMoldScore,
      diseases: perDisease,
      warnings,
    };
  }

  const mostWhiteMold = param(parameters, 'white_mold.max_sprays');
  if (whiteMoldCount > mostWhiteMold)
    programWarnings.push(
      warning('white_mold_count', { value: whiteMoldCount, limit: mostWhiteMold }),
    );
  if (regularCount > limit)
    programWarnings.push(warning('spray_limit', { value: regularCount, limit }));

  let programScore = 0;
  let whiteMoldProgramScore: number | null = null;
  for (const prepared of diseases) {
    const score = diseaseScore(prepared.risk, prepared.protection);
    if (prepared.role === 'white_mold') whiteMoldProgramScore = score;
    else programScore += prepared.weight * score;
  }
  return {
    starts,
    diseases,
    sprays: results,
    programScore,
    whiteMoldProgramScore,
    maxSprays: limit,
    warnings: programWarnings,
  };
}

/** Evaluate a program: per spray and disease the efficacies, their explanation and the scores. */
export function evaluateProgram(
  input: ProgramInput,
  options: EvaluateOptions = {},
): ProgramEvaluation {
  const parameters = options.parameters ?? engineParameters();
  const sprays = input.sprays.map((spray) => ({
    day: daysBetween(input.emergence, spray.date),
    products: spray.products,
    ...(spray.whiteMold !== undefined ? { whiteMold: spray.whiteMold } : {}),
  }));
  const evaluation = evaluateProgramDays(
    {
      cropId: input.cropId,
      countryId: input.countryId,
      cycleDays: input.cycleDays,
      diseases: input.diseases,
      severity: input.severity,
      ...(input.whiteMold !== undefined ? { whiteMold: input.whiteMold } : {}),
      sprays,
      products: input.products,
    },
    { ...options, parameters },
  );
  const stages = evaluation.starts.codes.map((code, i) => {
    const day = evaluation.starts.days[i]!;
    return { code, day, date: addDays(input.emergence, day) };
  });
  const evaluated = evaluation.sprays.map((spray, i) => ({
    ...spray,
    date: input.sprays[i]!.date,
  }));
  const programWarnings = [...evaluation.warnings];
  checkSafetyIntervals(input, stages, evaluated, programWarnings);
  return {
    cropId: input.cropId,
    countryId: input.countryId,
    emergence: input.emergence,
    cycleDays: input.cycleDays,
    stages,
    diseases: evaluation.diseases.map((prepared) => ({
      code: prepared.risk.code,
      role: prepared.role,
      weight: prepared.weight,
      severity: prepared.risk.severity,
      multiplier: prepared.risk.multiplier,
      target: prepared.risk.target,
      windows: prepared.risk.windows,
      sprayRange: prepared.risk.sprayRange,
      sources: prepared.risk.definition.sources,
      score: diseaseScore(prepared.risk, prepared.protection),
      ...(options.curves
        ? { risk: Array.from(prepared.risk.risk), protection: Array.from(prepared.protection) }
        : {}),
    })),
    sprays: evaluated,
    programScore: evaluation.programScore,
    whiteMoldProgramScore: evaluation.whiteMoldProgramScore,
    maxSprays: evaluation.maxSprays,
    warnings: programWarnings,
    parameters,
  };
}

/**
 * Safety intervals (issue 30 item 4): each spray's products against the harvest (recorded, else
 * the observed or estimated R8 / Feekes 11.4), and each recorded harvest against the applied
 * sprays before it (program warnings).
 */
function checkSafetyIntervals(
  input: ProgramInput,
  stages: readonly { code: string; date: string }[],
  sprays: SprayEvaluation[],
  programWarnings: EngineWarning[],
): void {
  const byId = productMap(input.products);
  const productsOf = (index: number) =>
    input.sprays[index]!.products.flatMap((dose) => byId.get(dose.productId) ?? []);
  // Nothing to check when no product of the program has a known interval on the crop.
  const known = input.sprays.some((spray) =>
    spray.products.some((dose) => {
      const product = byId.get(dose.productId);
      return product !== undefined && safetyIntervalOf(product, input.cropId) !== null;
    }),
  );
  if (!known) return;
  const harvest = expectedHarvest({
    recorded: input.harvest?.recorded,
    observed: input.harvest?.observed,
    estimated: stages.find((stage) => stage.code === HARVEST_STAGE[input.cropId])?.date ?? null,
  });
  for (const spray of sprays)
    spray.warnings.push(
      ...safetyIntervalCheck(
        { date: spray.date, products: productsOf(spray.index) },
        input.cropId,
        harvest,
      ),
    );
  const applied = sprays
    .filter((spray) => input.sprays[spray.index]!.applied === true)
    .map((spray) => ({
      ordinal: spray.ordinal,
      date: spray.date,
      products: productsOf(spray.index),
    }))
    .sort((a, b) => a.ordinal - b.ordinal);
  programWarnings.push(
    ...harvestInIntervalCheck(input.harvest?.recorded ?? [], applied, input.cropId),
  );
}
