import { addDays } from '../calendar-days.ts';
import { CROP_IDS } from '../reference/crops.ts';
import { evaluateProgramDays, sprayLimit, type DaySpray, type DayEvaluation } from './engine.ts';
import {
  isMultisiteGroup,
  isRegistered,
  mixtureEfficacy,
  productContribution,
  residualDays,
} from './efficacy.ts';
import { engineParameters, param, type EngineParameters } from './parameters.ts';
import {
  resolveDiseaseRisk,
  stageStarts,
  startOf,
  WHITE_MOLD,
  type DiseaseRisk,
} from './risk-windows.ts';
import {
  addCounts,
  capsExceeded,
  emptyCounts,
  rotationViolation,
  type CappedClass,
  type ClassCounts,
} from './rotation.ts';
import { diseaseWeights } from './scores.ts';
import type { CropContext, ProgramDisease, ProgramProduct, Severity } from './types.ts';
import { warning, type EmptySprayReason, type EngineWarning } from './warnings.ts';

/** AGRONOMY.md §7: the suggestion algorithm. */

export interface SuggestionInput extends CropContext {
  diseases: readonly ProgramDisease[];
  severity: Severity;
  /** The catalogue entries (crop and country of the program) the suggestion may choose from. */
  catalogue: readonly ProgramProduct[];
  /** n_MB: white-mold sprays requested (0 or absent: none). */
  whiteMoldSprays?: number;
  /** racional: drop the last spray while the score without it is ≥ 97 % of the score with it. */
  racional?: boolean;
  /** At most this many regular sprays (below the crop's and country's maximum). */
  sprayCount?: number;
  /**
   * Only products whose dose is known (label or the grower's last): for a caller that writes the
   * plan as it is, with no grower to fill a dose (the demo data). An empty spray may then be for
   * `no_known_dose`.
   */
  dosedOnly?: boolean;
}

export interface SuggestOptions {
  parameters?: EngineParameters;
}

/**
 * A product of a suggested spray. `dose` null: the product is registered for the main disease but
 * neither the label's dose nor a dose of the grower's own is known, so the grower fills it in
 * (the suggestion's scores wait for it: see `dosesToFill`).
 */
interface SuggestedDose {
  productId: number;
  dose: number | null;
}

/** A candidate the rules blocked although it scored higher than the one chosen. */
interface BlockedCandidate {
  productIds: number[];
  value: number;
  rule: 'rotation' | 'season_cap';
  groups: string[];
}

export interface SprayChoice {
  products: SuggestedDose[];
  /** V = Σ ω_d · min(1, pot_d/T). */
  value: number;
  /** Σ dose × price over the products whose dose is known. */
  cost: number;
  residualDays: number;
  /** Potential efficacy per disease of the chosen mixture. */
  potential: Record<string, number>;
  blocked: BlockedCandidate[];
}

interface SuggestedSpray {
  day: number;
  date: string;
  whiteMold: boolean;
  products: SuggestedDose[];
  value: number;
  cost: number;
  residualDays: number;
  /** I_k to the next regular spray (null for white-mold sprays and the last). */
  intervalDays: number | null;
  potential: Record<string, number>;
  blocked: BlockedCandidate[];
  warnings: EngineWarning[];
}

export interface SuggestionResult {
  /** A = first day with Rc ≥ 0.5; null when the risk never reaches it. */
  riskStart: number | null;
  /** B = last such day + 1. */
  riskEnd: number | null;
  sprays: SuggestedSpray[];
  /** Sprays the racional rule removed. */
  droppedByRacional: number;
  /** Products of the sprays whose dose the grower has to fill (dose null). */
  dosesToFill: number;
  /** Null while a regular spray has a dose to fill: the score waits for the grower's dose. */
  programScore: number | null;
  /** Null without white-mold sprays, or while one of them has a dose to fill. */
  whiteMoldProgramScore: number | null;
  warnings: EngineWarning[];
}

type Entry = { product: ProgramProduct; dose: number | null };

interface Candidate {
  products: Entry[];
  value: number;
  cost: number;
  potential: Record<string, number>;
}

/**
 * The dose a suggestion uses: the label's dose for the main disease (registered dose); when the
 * source gives no dose for a registered target, the grower's own last dose of the product, if any;
 * else null, a dose for the grower to fill.
 */
function suggestedDose(product: ProgramProduct, disease: string): number | null {
  const entry = product.perDisease[disease];
  if (isRegistered(entry?.registeredDose)) return entry.registeredDose;
  return entry?.registeredDoseNotInformed && product.lastDose ? product.lastDose : null;
}

/**
 * The dose a choice weighs a dose-to-fill product at: a label dose for every target (the largest
 * registered dose it has, ρ ≥ 1 counting as ρ = 1; without any, f(ρ) is taken as 1 whatever the
 * dose). Only to compare candidates: no score is answered while a dose is to fill.
 */
function weighingDose(product: ProgramProduct, dose: number | null): number {
  if (dose !== null) return dose;
  let largest = 0;
  for (const entry of Object.values(product.perDisease))
    if (isRegistered(entry.registeredDose)) largest = Math.max(largest, entry.registeredDose);
  return largest || 1;
}

interface ChoiceContext {
  countryId: CropContext['countryId'];
  diseases: { risk: DiseaseRisk; weight: number }[];
  mainCode: string;
  parameters: EngineParameters;
  /** SuggestionInput.dosedOnly. */
  dosedOnly?: boolean;
}

function candidateOf(entries: Entry[], context: ChoiceContext): Candidate {
  const potential: Record<string, number> = {};
  let value = 0;
  for (const { risk, weight } of context.diseases) {
    const pot = mixtureEfficacy(
      entries.map(
        ({ product, dose }) =>
          productContribution(product, risk.code, weighingDose(product, dose), {
            countryId: context.countryId,
            parameters: context.parameters,
          }).efficacy,
      ),
      context.parameters,
    );
    potential[risk.code] = pot;
    value += weight * Math.min(1, pot / risk.target);
  }
  const cost = entries.reduce(
    (sum, { product, dose }) => sum + (dose ?? 0) * (product.price ?? 0),
    0,
  );
  return { products: entries, value, cost, potential };
}

// V within this margin is a tie (sums of floating products).
const TIE = 1e-12;

/** Products of a candidate whose dose (so whose cost) is not known. */
const unknownDoses = (c: Candidate) => c.products.filter((entry) => entry.dose === null).length;

function better(a: Candidate, b: Candidate): boolean {
  if (Math.abs(a.value - b.value) > TIE) return a.value > b.value;
  // An unknown cost is not a lower one: at equal V, the mixture with its doses known first.
  if (unknownDoses(a) !== unknownDoses(b)) return unknownDoses(a) < unknownDoses(b);
  if (Math.abs(a.cost - b.cost) > TIE) return a.cost < b.cost;
  // Lower id: the base product first, then alone before with its partner.
  const ids = (c: Candidate) => c.products.map((entry) => entry.product.id);
  const [ia, ib] = [ids(a), ids(b)];
  for (let i = 0; i < Math.min(ia.length, ib.length); i++)
    if (ia[i] !== ib[i]) return ia[i]! < ib[i]!;
  return ia.length < ib.length;
}

/**
 * Step 3: the best feasible mixture for one spray, given the previous regular spray (R1) and the
 * season's counts so far (R2). Each product alone and with the multisite of best main-disease E.
 */
function chooseSprayProducts(
  catalogue: readonly ProgramProduct[],
  previous: readonly ProgramProduct[] | undefined,
  counts: ClassCounts,
  context: ChoiceContext,
  withPartner = true,
): SprayChoice | null {
  return chooseOrExplain(catalogue, previous, counts, context, withPartner).choice;
}

/** Step 3 with, when no mixture is feasible, the reason (EmptySprayReason). */
function chooseOrExplain(
  catalogue: readonly ProgramProduct[],
  previous: readonly ProgramProduct[] | undefined,
  counts: ClassCounts,
  context: ChoiceContext,
  withPartner = true,
): { choice: SprayChoice; reason: null } | { choice: null; reason: EmptySprayReason } {
  const main = context.mainCode;
  // Registered for the main disease with e > 0; a product without a known dose is kept, its dose
  // left for the grower to fill.
  const registered = catalogue
    .map((product): Entry => ({ product, dose: suggestedDose(product, main) }))
    .filter(
      (entry) =>
        productContribution(entry.product, main, weighingDose(entry.product, entry.dose), {
          countryId: context.countryId,
          parameters: context.parameters,
        }).efficacy > 0,
    )
    .sort((a, b) => a.product.id - b.product.id);
  const usable = context.dosedOnly ? registered.filter((entry) => entry.dose !== null) : registered;
  // The multisite partner: a pure multisite product with the best E on the main disease.
  let partner: Candidate | null = null;
  for (const entry of withPartner ? usable : [])
    if (entry.product.groups.length > 0 && entry.product.groups.every(isMultisiteGroup)) {
      const alone = candidateOf([entry], context);
      const e = alone.potential[main] ?? 0;
      const best = partner?.potential[main] ?? -1;
      if (!partner || e > best + TIE || (Math.abs(e - best) <= TIE && better(alone, partner)))
        partner = alone;
    }
  let chosen: Candidate | null = null;
  const blocked: BlockedCandidate[] = [];
  let byRotation = false;
  let byCap = false;
  const consider = (entries: Entry[]) => {
    const candidate = candidateOf(entries, context);
    const products = entries.map((entry) => entry.product);
    const recurring = rotationViolation(previous, products);
    const exceeded: CappedClass[] = capsExceeded(counts, products, context.parameters);
    byRotation ||= recurring.length > 0;
    byCap ||= exceeded.length > 0;
    if (recurring.length || exceeded.length) {
      blocked.push({
        productIds: products.map((p) => p.id),
        value: candidate.value,
        rule: recurring.length ? 'rotation' : 'season_cap',
        groups: recurring.length ? recurring : exceeded,
      });
      return;
    }
    if (!chosen || better(candidate, chosen)) chosen = candidate;
  };
  for (const entry of usable) {
    consider([entry]);
    const partnerEntry = partner?.products[0];
    if (partnerEntry && partnerEntry.product.id !== entry.product.id)
      consider([entry, partnerEntry].sort((a, b) => a.product.id - b.product.id));
  }
  const best = chosen as Candidate | null;
  if (!best)
    return {
      choice: null,
      reason:
        registered.length === 0
          ? 'no_registered_product'
          : usable.length === 0
            ? 'no_known_dose'
            : byRotation && byCap
              ? 'rotation_and_season_cap'
              : byRotation
                ? 'rotation'
                : 'season_cap',
    };
  return {
    choice: {
      products: best.products.map(({ product, dose }) => ({ productId: product.id, dose })),
      value: best.value,
      cost: best.cost,
      residualDays: Math.max(
        0,
        ...best.products.map(({ product }) => residualDays(product, context.parameters)),
      ),
      potential: best.potential,
      blocked: blocked.filter((b) => b.value > best.value + TIE).sort((a, b) => b.value - a.value),
    },
    reason: null,
  };
}

/** Rc(t) = Σ ω_d R_d(t): A = first t with Rc ≥ 0.5, B = last such t + 1. */
function riskPeriod(
  diseases: readonly { risk: DiseaseRisk; weight: number }[],
  cycleDays: number,
  parameters: EngineParameters,
): { start: number; end: number } | null {
  const threshold = param(parameters, 'suggestion.risk_threshold');
  let start: number | null = null;
  let end: number | null = null;
  for (let t = 0; t <= cycleDays; t++) {
    let combined = 0;
    for (const { risk, weight } of diseases) combined += weight * risk.risk[t]!;
    // A float sum like .75·.625 + .25·.625 must not miss the threshold by an ulp.
    if (combined >= threshold - 1e-12) {
      start ??= t;
      end = t + 1;
    }
  }
  return start === null || end === null ? null : { start, end };
}

export function suggestProgram(
  input: SuggestionInput,
  options: SuggestOptions = {},
): SuggestionResult {
  const parameters = options.parameters ?? engineParameters();
  const starts = stageStarts(input.cropId, input.cycleDays);
  const weights = diseaseWeights(input.diseases, parameters);
  const diseases = [...weights.entries()].map(([code, weight]) => ({
    risk: resolveDiseaseRisk(starts, code, input.severity, parameters),
    weight,
  }));
  const main = input.diseases.find((d) => d.role === 'main' && d.code !== WHITE_MOLD);
  const warnings: EngineWarning[] = [];
  const period = riskPeriod(diseases, input.cycleDays, parameters);
  const limit = Math.min(
    sprayLimit(input.cropId, input.countryId, parameters),
    input.sprayCount ?? Infinity,
  );
  const context: ChoiceContext = {
    countryId: input.countryId,
    diseases,
    mainCode: main?.code ?? '',
    parameters,
    ...(input.dosedOnly ? { dosedOnly: true } : {}),
  };

  // Steps 1–3: regular sprays from A every I_k = clamp(L_k, 10, 21) while t < B − 7.
  const regular: SuggestedSpray[] = [];
  let counts = emptyCounts();
  if (main && period && limit > 0) {
    const minInterval = param(parameters, 'suggestion.interval_min');
    const maxInterval = param(parameters, 'suggestion.interval_max');
    const lastDay = period.end - param(parameters, 'suggestion.end_margin_days');
    let previous: ProgramProduct[] | undefined;
    let day = period.start;
    for (let k = 1; ; k++) {
      const { choice, reason } = chooseOrExplain(input.catalogue, previous, counts, context);
      const sprayWarnings = reason ? [warning('empty_spray', { disease: main.code, reason })] : [];
      const products = choice
        ? choice.products.map((dose) => input.catalogue.find((p) => p.id === dose.productId)!)
        : [];
      const interval = Math.min(maxInterval, Math.max(minInterval, choice?.residualDays ?? 0));
      regular.push({
        day,
        date: addDays(input.emergence, day),
        whiteMold: false,
        products: choice?.products ?? [],
        value: choice?.value ?? 0,
        cost: choice?.cost ?? 0,
        residualDays: choice?.residualDays ?? 0,
        intervalDays: null,
        potential: choice?.potential ?? {},
        blocked: choice?.blocked ?? [],
        warnings: sprayWarnings,
      });
      counts = addCounts(counts, products);
      // R1 looks at the previous spray; an empty spray leaves nothing to recur.
      previous = products.length ? products : undefined;
      const next = day + interval;
      if (!(next < lastDay && k < limit)) break;
      regular[regular.length - 1]!.intervalDays = interval;
      day = next;
    }
  }

  // Step 4: white-mold sprays from R1 every 14 days while before R4, best white-mold product.
  const whiteMold: SuggestedSpray[] = [];
  const requested = input.whiteMoldSprays ?? 0;
  if (requested > 0 && input.cropId === CROP_IDS.soybean) {
    const mostWhiteMold = param(parameters, 'white_mold.max_sprays');
    if (requested > mostWhiteMold)
      warnings.push(warning('white_mold_count', { value: requested, limit: mostWhiteMold }));
    const whiteMoldContext: ChoiceContext = {
      countryId: input.countryId,
      diseases: [
        { risk: resolveDiseaseRisk(starts, WHITE_MOLD, input.severity, parameters), weight: 1 },
      ],
      mainCode: WHITE_MOLD,
      parameters,
      ...(input.dosedOnly ? { dosedOnly: true } : {}),
    };
    const end = startOf(starts, 'R4');
    const interval = param(parameters, 'white_mold.interval_days');
    let wmCounts = counts;
    for (
      let day = startOf(starts, 'R1');
      day < end && whiteMold.length < requested;
      day += interval
    ) {
      // No R1 among white-mold sprays (the same best product repeats by design); R2 still holds.
      const { choice, reason } = bestWhiteMoldProduct(input.catalogue, wmCounts, whiteMoldContext);
      if (!choice) {
        warnings.push(warning('empty_spray', { disease: WHITE_MOLD, reason }));
        break;
      }
      wmCounts = addCounts(
        wmCounts,
        choice.products.map((dose) => input.catalogue.find((p) => p.id === dose.productId)!),
      );
      whiteMold.push({
        day,
        date: addDays(input.emergence, day),
        whiteMold: true,
        products: choice.products,
        value: choice.value,
        cost: choice.cost,
        residualDays: choice.residualDays,
        intervalDays: null,
        potential: choice.potential,
        blocked: [],
        warnings: [],
      });
    }
  }

  const byId = new Map(input.catalogue.map((product) => [product.id, product]));
  const evaluate = (sprays: readonly SuggestedSpray[]): DayEvaluation =>
    evaluateProgramDays(
      {
        cropId: input.cropId,
        countryId: input.countryId,
        cycleDays: input.cycleDays,
        diseases: input.diseases,
        severity: input.severity,
        whiteMold: whiteMold.length > 0,
        // A dose to fill is weighed at a label dose (the racional rule compares with it); no
        // score is answered while one is left.
        sprays: sprays.map((spray): DaySpray => ({
          day: spray.day,
          products: spray.products.map(({ productId, dose }) => ({
            productId,
            dose: weighingDose(byId.get(productId)!, dose),
          })),
          whiteMold: spray.whiteMold,
        })),
        products: input.catalogue,
      },
      { parameters },
    );
  const merge = () =>
    [...regular, ...whiteMold].sort(
      (a, b) => a.day - b.day || Number(a.whiteMold) - Number(b.whiteMold),
    );

  // Step 5: racional drops the last regular spray while it adds less than 3 % of the score.
  let dropped = 0;
  let evaluation = evaluate(merge());
  if (input.racional) {
    const keep = param(parameters, 'racional.keep_ratio');
    while (regular.length > 0) {
      const last = regular.pop()!;
      const without = evaluate(merge());
      if (without.programScore >= keep * evaluation.programScore) {
        dropped++;
        evaluation = without;
        const newLast = regular[regular.length - 1];
        if (newLast) newLast.intervalDays = null;
      } else {
        regular.push(last);
        break;
      }
    }
  }
  const sprays = merge();
  const toFill = (whiteMoldSprays: boolean) =>
    sprays
      .filter((spray) => spray.whiteMold === whiteMoldSprays)
      .reduce((sum, spray) => sum + spray.products.filter((p) => p.dose === null).length, 0);
  const regularToFill = toFill(false);
  const whiteMoldToFill = toFill(true);
  return {
    riskStart: period?.start ?? null,
    riskEnd: period?.end ?? null,
    sprays,
    droppedByRacional: dropped,
    dosesToFill: regularToFill + whiteMoldToFill,
    programScore: regularToFill > 0 ? null : evaluation.programScore,
    whiteMoldProgramScore: whiteMoldToFill > 0 ? null : evaluation.whiteMoldProgramScore,
    warnings,
  };
}

/** Step 4's product: the best white-mold efficacy, alone, within the season caps (R2). */
function bestWhiteMoldProduct(
  catalogue: readonly ProgramProduct[],
  counts: ClassCounts,
  context: ChoiceContext,
) {
  // Alone: step 4 names one product, with no multisite partner.
  return chooseOrExplain(catalogue, undefined, counts, context, false);
}

export interface NextSprayInput extends CropContext {
  diseases: readonly ProgramDisease[];
  severity: Severity;
  catalogue: readonly ProgramProduct[];
  /** The program's earlier regular sprays, in date order (R1 looks at the last, R2 at all). */
  previousSprays: readonly (readonly SuggestedDose[])[];
}

/** Step 3 for one spray of an existing program ("sugerir" for application N). */
export function suggestSprayProducts(
  input: NextSprayInput,
  options: SuggestOptions = {},
): SprayChoice | null {
  const context = choiceContextOf(input, options);
  if (!context) return null;
  const byId = new Map(input.catalogue.map((product) => [product.id, product]));
  const resolve = (doses: readonly SuggestedDose[]) =>
    doses.flatMap((dose) => byId.get(dose.productId) ?? []);
  let counts = emptyCounts();
  for (const spray of input.previousSprays) counts = addCounts(counts, resolve(spray));
  const last = input.previousSprays[input.previousSprays.length - 1];
  const previous = last && last.length ? resolve(last) : undefined;
  return chooseSprayProducts(input.catalogue, previous, counts, context);
}

/** What step 3 weighs a mixture with: the diseases' risk and weight; null without a main disease. */
function choiceContextOf(
  input: Omit<NextSprayInput, 'previousSprays' | 'emergence'>,
  options: SuggestOptions,
): ChoiceContext | null {
  const parameters = options.parameters ?? engineParameters();
  const starts = stageStarts(input.cropId, input.cycleDays);
  const weights = diseaseWeights(input.diseases, parameters);
  const main = input.diseases.find((d) => d.role === 'main' && d.code !== WHITE_MOLD);
  if (!main) return null;
  return {
    countryId: input.countryId,
    diseases: [...weights.entries()].map(([code, weight]) => ({
      risk: resolveDiseaseRisk(starts, code, input.severity, parameters),
      weight,
    })),
    mainCode: main.code,
    parameters,
  };
}

/**
 * n_MB when a program asks for white-mold sprays without saying how many: the two-spray programme
 * of the trials (S16: first at R1–R2, second 10 days later; S12: R1, optional second at R3).
 */
export const DEFAULT_WHITE_MOLD_SPRAYS = 2;

/** AGRONOMY §2's reference cycle (C = 120), for a suggestion with no sowing or plan to date it. */
export const REFERENCE_CYCLE_DAYS = 120;

export interface SprayPositionsInput extends Omit<NextSprayInput, 'previousSprays' | 'emergence'> {
  /** How many sprays: positions 1..sprays. */
  sprays: number;
  /** The grower's own product for the first spray, at its suggested dose. */
  firstProductId?: number;
}

/**
 * Step 3 for sprays 1..N of a program not yet written (POST /api/defensives/suggest): each position
 * chosen after the ones before it (R1, R2); the grower's product, when named, is the first. A
 * position is null when no product is left; a product whose dose is not known comes with dose null.
 */
export function suggestSprayPositions(
  input: SprayPositionsInput,
  options: SuggestOptions = {},
): (SprayChoice | null)[] {
  const context = choiceContextOf(input, options);
  if (!context) return Array.from({ length: input.sprays }, () => null);
  const previous: SuggestedDose[][] = [];
  const positions: (SprayChoice | null)[] = [];
  for (let position = 1; position <= input.sprays; position++) {
    const choice =
      position === 1 && input.firstProductId !== undefined
        ? firstProductChoice(input.catalogue, input.firstProductId, context)
        : suggestSprayProducts({ ...input, emergence: '', previousSprays: previous }, options);
    positions.push(choice);
    if (choice) previous.push(choice.products);
  }
  return positions;
}

/**
 * The grower's product alone, at the dose a suggestion would use (null: for the grower to fill);
 * null if it is not in the catalogue.
 */
function firstProductChoice(
  catalogue: readonly ProgramProduct[],
  productId: number,
  context: ChoiceContext,
): SprayChoice | null {
  const product = catalogue.find((candidate) => candidate.id === productId);
  if (!product) return null;
  const dose = suggestedDose(product, context.mainCode);
  const candidate = candidateOf([{ product, dose }], context);
  return {
    products: [{ productId, dose }],
    value: candidate.value,
    cost: candidate.cost,
    residualDays: residualDays(product, context.parameters),
    potential: candidate.potential,
    blocked: [],
  };
}
