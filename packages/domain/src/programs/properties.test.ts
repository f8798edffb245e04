import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../calendar-days.ts';
import { COUNTRY_IDS, type CountryId } from '../reference/countries.ts';
import { CROP_IDS, type CropId } from '../reference/crops.ts';
import {
  evaluateProgram,
  sprayLimit,
  type ProgramInput,
  type ProgramEvaluation,
} from './engine.ts';
import {
  EXAMPLE_SOYBEAN_PRODUCTS,
  EXAMPLE_WHEAT_PRODUCTS,
  exampleCatalogue,
} from './example-catalogue.ts';
import { engineParameters, NO_REGISTRATION_DOSE } from './parameters.ts';
import {
  applySpray,
  changeTimeline,
  pauseProgram,
  unapplySpray,
  type ScheduledSpray,
} from './recalculation.ts';
import { addCounts, capsExceeded, emptyCounts, rotationViolation } from './rotation.ts';
import { suggestProgram } from './suggestion.ts';
import type { ProgramDisease, Severity } from './types.ts';

/** AGRONOMY.md §10: the seven properties, on the §4 example catalogue. */

const RUNS = { numRuns: 150 };
const EPS = 1e-9;
const BASE = '2024-10-01';
const SEVERITIES: Severity[] = ['high', 'medium_high', 'medium', 'medium_low', 'low'];
const SOY_DISEASES = ['FER', 'ANT', 'MAL', 'OID', 'CER', 'SEP', 'MEL', 'OLR', 'DIA'];
const WHEAT_DISEASES = ['FFO', 'OIT', 'MAM', 'GIB', 'BRU'];
const parameters = engineParameters();

const tableOf = (cropId: CropId) =>
  cropId === CROP_IDS.wheat ? EXAMPLE_WHEAT_PRODUCTS : EXAMPLE_SOYBEAN_PRODUCTS;

const sprayArb = (cropId: CropId, cycleDays: number) =>
  fc.record({
    day: fc.integer({ min: -10, max: cycleDays + 10 }),
    products: fc.uniqueArray(
      fc.record({
        index: fc.nat({ max: tableOf(cropId).length - 1 }),
        ratio: fc.double({ min: 0, max: 1.6, noNaN: true }),
      }),
      { minLength: 1, maxLength: 3, selector: (p) => p.index },
    ),
    whiteMold: cropId === CROP_IDS.soybean ? fc.boolean() : fc.constant(false),
  });

type SprayDraft = { day: number; products: { index: number; ratio: number }[]; whiteMold: boolean };

const programArb = fc
  .record({
    cropId: fc.constantFrom<CropId>(CROP_IDS.soybean, CROP_IDS.wheat),
    countryId: fc.constantFrom<CountryId>(
      COUNTRY_IDS.brazil,
      COUNTRY_IDS.paraguay,
      COUNTRY_IDS.usa,
    ),
    cycleDays: fc.integer({ min: 90, max: 150 }),
    severity: fc.constantFrom(...SEVERITIES),
    offset: fc.integer({ min: 0, max: 400 }),
  })
  .chain((base) =>
    fc.record({
      base: fc.constant(base),
      diseases: fc.uniqueArray(
        fc.constantFrom(...(base.cropId === CROP_IDS.wheat ? WHEAT_DISEASES : SOY_DISEASES)),
        { minLength: 1, maxLength: 3 },
      ),
      sprays: fc.array(sprayArb(base.cropId, base.cycleDays), { maxLength: 7 }),
    }),
  );

type Draft = typeof programArb extends fc.Arbitrary<infer T> ? T : never;

function toInput(draft: Draft, sprays: SprayDraft[] = draft.sprays, shift = 0): ProgramInput {
  const { cropId, countryId, cycleDays, severity, offset } = draft.base;
  const emergence = addDays(BASE, offset + shift);
  const table = tableOf(cropId);
  return {
    cropId,
    countryId,
    cycleDays,
    severity,
    emergence,
    diseases: draft.diseases.map((code, i): ProgramDisease => ({
      code,
      role: i === 0 ? 'main' : 'secondary',
    })),
    sprays: sprays.map((spray) => ({
      date: addDays(emergence, spray.day),
      whiteMold: spray.whiteMold,
      products: spray.products.map((p) => ({
        productId: table[p.index]!.id,
        dose: table[p.index]!.dose * p.ratio,
      })),
    })),
    products: exampleCatalogue(cropId, countryId),
  };
}

/** The numbers of an evaluation (no warnings, no explanation texts). */
function numbers(evaluation: ProgramEvaluation) {
  return {
    program: evaluation.programScore,
    whiteMold: evaluation.whiteMoldProgramScore,
    diseases: evaluation.diseases.map((d) => [d.code, d.score]),
    sprays: evaluation.sprays.map((s) => [
      s.score,
      s.whiteMoldScore,
      s.residualDays,
      s.stageNotRecommended,
      ...s.diseases.map((d) => [d.potential, d.adjusted, d.exposureDays, d.timingFactor]),
    ]),
  };
}

function expectNotLower(after: ProgramEvaluation, before: ProgramEvaluation) {
  expect(after.programScore).toBeGreaterThanOrEqual(before.programScore - EPS);
  for (const disease of before.diseases) {
    const next = after.diseases.find((d) => d.code === disease.code)!;
    expect(next.score).toBeGreaterThanOrEqual(disease.score - EPS);
  }
}

describe('AGRONOMY.md §10 properties', () => {
  it('1. scores lie in [0, 100] and efficacies in [0, 0.95]; an empty program scores 0', () => {
    fc.assert(
      fc.property(programArb, (draft) => {
        const evaluation = evaluateProgram(toInput(draft), { curves: true });
        const scores = [
          evaluation.programScore,
          evaluation.whiteMoldProgramScore ?? 0,
          ...evaluation.diseases.map((d) => d.score),
          ...evaluation.sprays.flatMap((s) => [s.score, s.whiteMoldScore ?? 0]),
        ];
        for (const score of scores) {
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(100 + EPS);
        }
        for (const spray of evaluation.sprays)
          for (const d of spray.diseases)
            for (const value of [d.potential, d.adjusted, ...d.curve!]) {
              expect(value).toBeGreaterThanOrEqual(0);
              expect(value).toBeLessThanOrEqual(0.95);
            }
        const empty = evaluateProgram(toInput(draft, []));
        expect(empty.programScore).toBe(0);
        for (const d of empty.diseases) expect(d.score).toBe(0);
      }),
      RUNS,
    );
  });

  it('2. adding a spray or a product, or raising a dose up to the registered one, never lowers a score', () => {
    fc.assert(
      fc.property(
        programArb.chain((draft) =>
          fc.record({
            draft: fc.constant(draft),
            extra: sprayArb(draft.base.cropId, draft.base.cycleDays),
            product: fc.nat({ max: tableOf(draft.base.cropId).length - 1 }),
            ratio: fc.double({ min: 0, max: 1.6, noNaN: true }),
            pick: fc.nat(),
            raise: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
        ),
        ({ draft, extra, product, ratio, pick, raise }) => {
          const before = evaluateProgram(toInput(draft));
          // (a) one more spray
          expectNotLower(evaluateProgram(toInput(draft, [...draft.sprays, extra])), before);
          if (draft.sprays.length === 0) return;
          const target = pick % draft.sprays.length;
          const sprays = draft.sprays;
          // (b) one more product in a spray
          if (!sprays[target]!.products.some((p) => p.index === product)) {
            const added = sprays.map((s, i) =>
              i === target ? { ...s, products: [...s.products, { index: product, ratio }] } : s,
            );
            expectNotLower(evaluateProgram(toInput(draft, added)), before);
          }
          // (c) a dose raised towards the registered dose (ratio 1)
          const which = pick % sprays[target]!.products.length;
          const raised = sprays.map((s, i) =>
            i === target
              ? {
                  ...s,
                  products: s.products.map((p, j) =>
                    j === which && p.ratio < 1
                      ? { ...p, ratio: p.ratio + (1 - p.ratio) * raise }
                      : p,
                  ),
                }
              : s,
          );
          expectNotLower(evaluateProgram(toInput(draft, raised)), before);
        },
      ),
      RUNS,
    );
  });

  it('3. a spray whose residual and decay miss every window scores 0 and changes nothing', () => {
    fc.assert(
      fc.property(
        programArb.chain((draft) =>
          fc.record({
            draft: fc.constant(draft),
            extra: sprayArb(draft.base.cropId, draft.base.cycleDays).map((s) => ({
              ...s,
              whiteMold: false,
            })),
            day: fc.integer({ min: -60, max: draft.base.cycleDays + 60 }),
          }),
        ),
        ({ draft, extra, day }) => {
          const before = evaluateProgram(toInput(draft));
          const spray = { ...extra, day };
          const after = evaluateProgram(toInput(draft, [...draft.sprays, spray]));
          const added = after.sprays[after.sprays.length - 1]!;
          const reach = added.residualDays + parameters['decay.days'].value;
          const misses = after.diseases.every((d) =>
            d.windows.every((w) => day + reach <= w.startDay || day >= w.endDay),
          );
          fc.pre(misses);
          expect(added.score).toBe(0);
          expect(after.programScore).toBe(before.programScore);
          expect(after.diseases.map((d) => d.score)).toEqual(before.diseases.map((d) => d.score));
          expect(after.whiteMoldProgramScore).toBe(before.whiteMoldProgramScore);
        },
      ),
      RUNS,
    );
  });

  it('4. without registration e = 0 (sem_registro); ρ ≥ 1 gives the result of ρ = 1', () => {
    fc.assert(
      fc.property(
        programArb,
        fc.double({ min: 1, max: 4, noNaN: true }),
        fc.constantFrom<number | null | undefined>(NO_REGISTRATION_DOSE, null, undefined),
        (draft, factor, registered) => {
          const input = toInput(draft);
          // Remove the main disease's registration of every product.
          const main = draft.diseases[0]!;
          const unregistered = evaluateProgram({
            ...input,
            products: input.products.map((p) => {
              const perDisease = { ...p.perDisease };
              if (registered === undefined) delete perDisease[main];
              else perDisease[main] = { efficacy: 80, registeredDose: registered };
              return { ...p, perDisease };
            }),
          });
          for (const spray of unregistered.sprays) {
            const d = spray.diseases.find((x) => x.code === main)!;
            expect(d.potential).toBe(0);
            for (const c of d.products) {
              expect(c.semRegistro).toBe(true);
              expect(c.efficacy).toBe(0);
            }
          }
          for (const spray of evaluateProgram(input).sprays)
            for (const d of spray.diseases)
              for (const c of d.products) if (c.semRegistro) expect(c.efficacy).toBe(0);
          // ρ ≥ 1 versus ρ = 1
          const atLabel = draft.sprays.map((s) => ({
            ...s,
            products: s.products.map((p) => ({ ...p, ratio: 1 })),
          }));
          const above = atLabel.map((s) => ({
            ...s,
            products: s.products.map((p) => ({ ...p, ratio: factor })),
          }));
          expect(numbers(evaluateProgram(toInput(draft, above)))).toEqual(
            numbers(evaluateProgram(toInput(draft, atLabel))),
          );
        },
      ),
      RUNS,
    );
  });

  it('5. deterministic, and the order of products inside a spray is irrelevant', () => {
    fc.assert(
      fc.property(programArb, fc.nat(), (draft, seed) => {
        const input = toInput(draft);
        const first = evaluateProgram(input, { curves: true });
        expect(evaluateProgram(input, { curves: true })).toEqual(first);
        const shuffled = {
          ...input,
          sprays: input.sprays.map((s, i) => {
            const products = [...s.products];
            const k = (seed + i) % Math.max(1, products.length);
            return { ...s, products: [...products.slice(k), ...products.slice(0, k)].reverse() };
          }),
        };
        expect(evaluateProgram(shuffled, { curves: true })).toEqual(first);
      }),
      RUNS,
    );
  });

  it('6. nothing moves while paused; shifting emergence and every spray by k days keeps the scores', () => {
    fc.assert(
      fc.property(
        programArb,
        fc.integer({ min: -200, max: 200 }),
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: -20, max: 20 }),
        (draft, k, pauseDay, emergenceShift) => {
          const input = toInput(draft);
          expect(numbers(evaluateProgram(toInput(draft, draft.sprays, k)))).toEqual(
            numbers(evaluateProgram(input)),
          );
          const sprays = [...input.sprays]
            .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
            .map((s, i): ScheduledSpray => ({
              ...s,
              plannedDate: s.date,
              appliedDate: i === 0 ? s.date : null,
            }));
          const paused = pauseProgram(
            { sprays, pausedAt: null },
            addDays(input.emergence, pauseDay),
          );
          if (!paused.ok) throw new Error(paused.error);
          const context = { ...input, products: input.products };
          const attempts = [
            applySpray(
              paused.schedule,
              sprays.length - 1,
              addDays(input.emergence, pauseDay + 3),
              context,
            ),
            unapplySpray(paused.schedule, 0, context),
            changeTimeline(
              paused.schedule,
              { emergence: input.emergence, cycleDays: input.cycleDays },
              {
                emergence: addDays(input.emergence, emergenceShift),
                cycleDays: input.cycleDays + 10,
              },
              context,
            ),
            pauseProgram(paused.schedule, addDays(input.emergence, pauseDay + 1)),
          ];
          for (const attempt of attempts)
            expect(attempt).toEqual({ ok: false, error: 'program_paused' });
          expect(paused.schedule.sprays).toEqual(sprays);
        },
      ),
      RUNS,
    );
  });

  it('7. suggested plans respect the spray limit, R1, R2 and intervals within [10, 21]', () => {
    fc.assert(
      fc.property(
        programArb,
        fc.nat({ max: 4 }),
        fc.boolean(),
        fc.func(fc.boolean()),
        (draft, whiteMoldSprays, racional, keep) => {
          const input = toInput(draft);
          const catalogue = input.products.filter((p, i) => keep(i) || i === 0);
          const suggestion = suggestProgram({ ...input, catalogue, whiteMoldSprays, racional });
          const regular = suggestion.sprays.filter((s) => !s.whiteMold);
          expect(regular.length).toBeLessThanOrEqual(
            sprayLimit(input.cropId, input.countryId, parameters),
          );
          const productsOf = (s: (typeof regular)[number]) =>
            s.products.map((p) => catalogue.find((c) => c.id === p.productId)!);
          for (let i = 1; i < regular.length; i++) {
            const gap = regular[i]!.day - regular[i - 1]!.day;
            expect(gap).toBeGreaterThanOrEqual(10);
            expect(gap).toBeLessThanOrEqual(21);
            const previous = productsOf(regular[i - 1]!);
            expect(
              rotationViolation(previous.length ? previous : undefined, productsOf(regular[i]!)),
            ).toEqual([]);
          }
          let counts = emptyCounts();
          for (const spray of suggestion.sprays) {
            expect(capsExceeded(counts, productsOf(spray), parameters)).toEqual([]);
            counts = addCounts(counts, productsOf(spray));
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
