import { describe, expect, it } from 'vitest';
import { addDays } from '../calendar-days.ts';
import { COUNTRY_IDS } from '../reference/countries.ts';
import { CROP_IDS } from '../reference/crops.ts';
import { doseFactor } from './efficacy.ts';
import { evaluateProgram, type ProgramInput, type ProgramSprayInput } from './engine.ts';
import {
  EXAMPLE_SOYBEAN_PRODUCTS,
  EXAMPLE_WHEAT_PRODUCTS,
  exampleCatalogue,
} from './example-catalogue.ts';
import { engineParameters } from './parameters.ts';
import { applySpray, pauseProgram, resumeProgram, type ScheduledSpray } from './recalculation.ts';
import { residualDays } from './efficacy.ts';
import { suggestProgram } from './suggestion.ts';

/** AGRONOMY.md §9, E1–E7, to ±0.01 (toBeCloseTo(x, 2) checks |Δ| < 0.005; ±0.01 is looser). */
const near = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(0.01);

const EMERGENCE = '2024-11-01';
const soyCatalogue = exampleCatalogue(CROP_IDS.soybean, COUNTRY_IDS.brazil);
const wheatCatalogue = exampleCatalogue(CROP_IDS.wheat, COUNTRY_IDS.brazil);
const idOf = (name: string) =>
  [...soyCatalogue, ...wheatCatalogue].find((product) => product.name === name)!.id;

const spray = (day: number, ...products: [string, number][]): ProgramSprayInput => ({
  date: addDays(EMERGENCE, day),
  products: products.map(([name, dose]) => ({ productId: idOf(name), dose })),
});

const FOX_XPRO: [string, number] = ['Fox Xpro', 0.5];
const UNIZEB: [string, number] = ['Unizeb Gold', 1.5];
const APROACH: [string, number] = ['Aproach Prima', 0.3];
const ELATUS: [string, number] = ['Elatus', 0.2];

const e1Program = (sprays: ProgramSprayInput[], severity: ProgramInput['severity'] = 'high') =>
  evaluateProgram({
    cropId: CROP_IDS.soybean,
    countryId: COUNTRY_IDS.brazil,
    emergence: EMERGENCE,
    cycleDays: 120,
    severity,
    diseases: [
      { code: 'FER', role: 'main' },
      { code: 'MAL', role: 'secondary' },
    ],
    sprays,
    products: soyCatalogue,
  });

const E1_SPRAYS = [
  spray(38, FOX_XPRO, UNIZEB),
  spray(59, APROACH, UNIZEB),
  spray(80, ELATUS, UNIZEB),
];

const efficacies = (evaluation: ReturnType<typeof evaluateProgram>, code: string) =>
  evaluation.sprays.map((s) => s.diseases.find((d) => d.code === code)!);
const scoreOf = (evaluation: ReturnType<typeof evaluateProgram>, code: string) =>
  evaluation.diseases.find((d) => d.code === code)!.score;

describe('the example catalogue of AGRONOMY.md §4', () => {
  it('derives each product residual L of the table from its FRAC groups', () => {
    const parameters = engineParameters();
    for (const example of [...EXAMPLE_SOYBEAN_PRODUCTS, ...EXAMPLE_WHEAT_PRODUCTS]) {
      const product = [...soyCatalogue, ...wheatCatalogue].find((p) => p.id === example.id)!;
      expect(residualDays(product, parameters), example.name).toBe(example.tableResidualDays);
    }
  });

  it('reproduces the dose factors §5 quotes', () => {
    const parameters = engineParameters();
    near(doseFactor(0.5, parameters), 0.6124);
    expect(doseFactor(0.5, parameters)).toBeCloseTo(0.6124, 4);
    expect(doseFactor(0.75, parameters)).toBeCloseTo(0.8292, 4);
    expect(doseFactor(1, parameters)).toBe(1);
    expect(doseFactor(1.7, parameters)).toBe(1);
    expect(doseFactor(0.2, parameters)).toBe(0);
  });

  it('gives Aproach Prima + mancozeb 0.81 against rust (§4 check against S4)', () => {
    const evaluation = e1Program([spray(59, APROACH, UNIZEB)]);
    near(efficacies(evaluation, 'FER')[0]!.potential, 0.81);
  });
});

describe('E1: soybean, Brazil, rust main and target spot secondary, severity high', () => {
  const evaluation = e1Program(E1_SPRAYS);

  it('answers the potential and adjusted efficacies, with U = 0 and τ = 1', () => {
    const rust = efficacies(evaluation, 'FER');
    const spot = efficacies(evaluation, 'MAL');
    [0.89, 0.8075, 0.8625].forEach((value, i) => {
      near(rust[i]!.adjusted, value);
      near(rust[i]!.potential, value);
    });
    [0.805, 0.675, 0.7075].forEach((value, i) => {
      near(spot[i]!.adjusted, value);
      near(spot[i]!.potential, value);
    });
    for (const item of [...rust, ...spot]) {
      expect(item.exposureDays).toBe(0);
      expect(item.timingFactor).toBe(1);
    }
  });

  it('weights rust .75 and target spot .25 with target T .85', () => {
    expect(evaluation.diseases.map((d) => [d.code, d.weight, d.target])).toEqual([
      ['FER', 0.75, 0.85],
      ['MAL', 0.25, 0.85],
    ]);
  });

  it('answers spray scores 68.98 / 89.69 / 81.93', () => {
    [68.98, 89.69, 81.93].forEach((value, i) => near(evaluation.sprays[i]!.score, value));
  });

  it('answers Score rust 88.80, target spot 72.89 and program 84.82', () => {
    near(scoreOf(evaluation, 'FER'), 88.8);
    near(scoreOf(evaluation, 'MAL'), 72.89);
    near(evaluation.programScore, 84.82);
  });

  it('answers 95.55 at severity low, 58.70 without S3, 81.64 with S2 without mancozeb', () => {
    near(e1Program(E1_SPRAYS, 'low').programScore, 95.55);
    near(e1Program(E1_SPRAYS.slice(0, 2)).programScore, 58.7);
    near(e1Program([E1_SPRAYS[0]!, spray(59, APROACH), E1_SPRAYS[2]!]).programScore, 81.64);
  });

  it('explains each efficacy by its product contributions', () => {
    const first = efficacies(evaluation, 'FER')[0]!;
    expect(first.products.map((p) => [p.name, p.efficacy, p.doseFactor, p.residualDays])).toEqual([
      ['Fox Xpro', 0.8, 1, 21],
      ['Unizeb Gold', 0.45, 1, 7],
    ]);
    expect(evaluation.sprays[0]!.residualDays).toBe(21);
    expect(evaluation.sprays[0]!.stage).toBe('V7-V9');
    expect(evaluation.sprays.every((s) => !s.stageNotRecommended)).toBe(true);
  });
});

describe('E2: S2 applied late, at DAE 66', () => {
  const schedule = {
    pausedAt: null,
    sprays: E1_SPRAYS.map((s): ScheduledSpray => ({
      ...s,
      plannedDate: s.date,
      appliedDate: null,
    })),
  };
  const context = {
    cropId: CROP_IDS.soybean,
    emergence: EMERGENCE,
    cycleDays: 120,
    diseases: [
      { code: 'FER', role: 'main' as const },
      { code: 'MAL', role: 'secondary' as const },
    ],
    products: soyCatalogue,
  };
  const first = applySpray(schedule, 0, addDays(EMERGENCE, 38), context);
  if (!first.ok) throw new Error(first.error);
  const applied = applySpray(first.schedule, 1, addDays(EMERGENCE, 66), context);
  if (!applied.ok) throw new Error(applied.error);
  const evaluation = e1Program(
    applied.schedule.sprays.map((s) => ({ date: s.date, products: s.products })),
  );

  it('moves S3 from 80 to 87 (7 days > tolerance 2)', () => {
    expect(first.moves).toEqual([]);
    expect(applied.schedule.sprays.map((s) => s.date)).toEqual(
      [38, 66, 87].map((day) => addDays(EMERGENCE, day)),
    );
    expect(applied.moves).toEqual([
      { index: 2, from: addDays(EMERGENCE, 80), to: addDays(EMERGENCE, 87), capped: false },
    ]);
  });

  it('gives S2 rust U 4, τ .88, adj .7106 and target spot U 4, adj .5940', () => {
    const rust = efficacies(evaluation, 'FER')[1]!;
    const spot = efficacies(evaluation, 'MAL')[1]!;
    expect(rust.exposureDays).toBe(4);
    near(rust.timingFactor, 0.88);
    near(rust.adjusted, 0.7106);
    expect(spot.exposureDays).toBe(4);
    near(spot.adjusted, 0.594);
    expect(evaluation.sprays[1]!.warnings).toContainEqual(
      expect.objectContaining({ code: 'curative_exposure', disease: 'FER', value: 4 }),
    );
  });

  it('answers spray scores 68.98 / 80.17 / 62.49 and program 79.21', () => {
    [68.98, 80.17, 62.49].forEach((value, i) => near(evaluation.sprays[i]!.score, value));
    near(evaluation.programScore, 79.21);
  });
});

describe('E3: Aproach Prima at half dose', () => {
  const evaluation = e1Program([
    E1_SPRAYS[0]!,
    spray(59, ['Aproach Prima', 0.15], UNIZEB),
    E1_SPRAYS[2]!,
  ]);

  it('gives ρ .5, f .6124 and S2 rust pot .6689, with the sub-dose warning', () => {
    const rust = efficacies(evaluation, 'FER')[1]!;
    const aproach = rust.products.find((p) => p.name === 'Aproach Prima')!;
    expect(aproach.doseRatio).toBe(0.5);
    near(aproach.doseFactor, 0.6124);
    expect(aproach.subDose).toBe(true);
    near(rust.potential, 0.6689);
    expect(evaluation.sprays[1]!.warnings).toContainEqual(
      expect.objectContaining({
        code: 'sub_dose',
        productId: idOf('Aproach Prima'),
        disease: 'FER',
      }),
    );
  });

  it('leaves S3 exposed: U 7 (rust) and 10 (target spot), adj .6814 / .4952', () => {
    const rust = efficacies(evaluation, 'FER')[2]!;
    const spot = efficacies(evaluation, 'MAL')[2]!;
    expect(rust.exposureDays).toBe(7);
    expect(spot.exposureDays).toBe(10);
    near(rust.adjusted, 0.6814);
    near(spot.adjusted, 0.4952);
  });

  it('answers program 70.37', () => near(evaluation.programScore, 70.37));
});

describe('E4: the suggestion with the four products of E1', () => {
  const catalogue = soyCatalogue.filter((p) =>
    ['Fox Xpro', 'Unizeb Gold', 'Aproach Prima', 'Elatus'].includes(p.name),
  );
  const suggestion = suggestProgram({
    cropId: CROP_IDS.soybean,
    countryId: COUNTRY_IDS.brazil,
    emergence: EMERGENCE,
    cycleDays: 120,
    severity: 'high',
    diseases: [
      { code: 'FER', role: 'main' },
      { code: 'MAL', role: 'secondary' },
    ],
    catalogue,
  });
  const names = (ids: number[]) => ids.map((id) => catalogue.find((p) => p.id === id)!.name);

  it('finds A = 38, B = 96 and sprays at 38, 59, 80 (101 ≥ 89 stops)', () => {
    expect([suggestion.riskStart, suggestion.riskEnd]).toEqual([38, 96]);
    expect(suggestion.sprays.map((s) => s.day)).toEqual([38, 59, 80]);
    expect(suggestion.sprays.map((s) => s.intervalDays)).toEqual([21, 21, null]);
  });

  it('chooses Fox Xpro+Unizeb twice, then Aproach Prima+Unizeb (SDHI cap)', () => {
    expect(suggestion.sprays.map((s) => names(s.products.map((p) => p.productId)))).toEqual([
      ['Fox Xpro', 'Unizeb Gold'],
      ['Fox Xpro', 'Unizeb Gold'],
      ['Aproach Prima', 'Unizeb Gold'],
    ]);
    const blocked = suggestion.sprays[2]!.blocked;
    expect(blocked.filter((b) => b.rule === 'season_cap').map((b) => names(b.productIds))).toEqual([
      ['Fox Xpro', 'Unizeb Gold'],
      ['Elatus', 'Unizeb Gold'],
    ]);
  });

  it('answers program_score 87.13', () => near(suggestion.programScore!, 87.13));
});

describe('E5: wheat, Brazil, FHB main and leaf rust secondary, severity medium', () => {
  const wheat = (sprays: ProgramSprayInput[]) =>
    evaluateProgram({
      cropId: CROP_IDS.wheat,
      countryId: COUNTRY_IDS.brazil,
      emergence: EMERGENCE,
      cycleDays: 120,
      severity: 'medium',
      diseases: [
        { code: 'GIB', role: 'main' },
        { code: 'FFO', role: 'secondary' },
      ],
      sprays,
      products: wheatCatalogue,
    });
  const S1 = spray(58, ['Opera Ultra', 0.6]);
  const evaluation = wheat([S1, spray(79, ['Folicur 200 EC', 0.75])]);

  it('sprays at Feekes 8 and 10.5.1', () => {
    expect(evaluation.sprays.map((s) => s.stage)).toEqual(['8', '10.5.1']);
  });

  it('S1: leaf rust adj .75, FHB off range τ .7 adj .3087, spray score 25.00', () => {
    const [fhb, rust] = ['GIB', 'FFO'].map((code) => efficacies(evaluation, code)[0]!);
    near(rust!.adjusted, 0.75);
    near(fhb!.timingFactor, 0.7);
    expect(fhb!.inSprayRange).toBe(false);
    near(fhb!.adjusted, 0.3087);
    near(evaluation.sprays[0]!.score, 25);
    expect(evaluation.sprays[0]!.warnings).toContainEqual(
      expect.objectContaining({ code: 'off_range_stage', disease: 'GIB' }),
    );
  });

  it('S2: FHB adj .59, spray score 51.07; Score FHB 78.67, leaf rust 81.25, program 79.31', () => {
    near(efficacies(evaluation, 'GIB')[1]!.adjusted, 0.59);
    near(evaluation.sprays[1]!.score, 51.07);
    near(scoreOf(evaluation, 'GIB'), 78.67);
    near(scoreOf(evaluation, 'FFO'), 81.25);
    near(evaluation.programScore, 79.31);
  });

  it('S2 at DAE 91: FHB U 10, τ .49, estadio_nao_recomendado, program 29.65 = S1 alone', () => {
    const late = wheat([S1, spray(91, ['Folicur 200 EC', 0.75])]);
    const fhb = efficacies(late, 'GIB')[1]!;
    expect(fhb.exposureDays).toBe(10);
    near(fhb.timingFactor, 0.49);
    expect(late.sprays[1]!.stageNotRecommended).toBe(true);
    near(late.programScore, 29.65);
    near(wheat([S1]).programScore, 29.65);
  });

  it('suggests one spray at 79: Folicur 200 EC, V = 0.84 (A 79, B 89)', () => {
    const suggestion = suggestProgram({
      cropId: CROP_IDS.wheat,
      countryId: COUNTRY_IDS.brazil,
      emergence: EMERGENCE,
      cycleDays: 120,
      severity: 'medium',
      diseases: [
        { code: 'GIB', role: 'main' },
        { code: 'FFO', role: 'secondary' },
      ],
      catalogue: wheatCatalogue,
    });
    expect([suggestion.riskStart, suggestion.riskEnd]).toEqual([79, 89]);
    expect(suggestion.sprays.map((s) => [s.day, s.products])).toEqual([
      [79, [{ productId: idOf('Folicur 200 EC'), dose: 0.75 }]],
    ]);
    near(suggestion.sprays[0]!.value, 0.84);
  });
});

describe('E6: white mold, severity high', () => {
  const whiteMold = (days: number[]) =>
    evaluateProgram({
      cropId: CROP_IDS.soybean,
      countryId: COUNTRY_IDS.brazil,
      emergence: EMERGENCE,
      cycleDays: 120,
      severity: 'high',
      diseases: [{ code: 'FER', role: 'main' }],
      sprays: days.map((day) => ({ ...spray(day, ['Frowncide 500 SC', 1]), whiteMold: true })),
      products: soyCatalogue,
    });

  it('Frowncide at R1 and R3: white_mold_program_score 100.0, sprays 100.0 and 28.57', () => {
    const evaluation = whiteMold([48, 62]);
    expect(evaluation.sprays.map((s) => s.stage)).toEqual(['R1', 'R3']);
    near(evaluation.whiteMoldProgramScore!, 100);
    near(evaluation.sprays[0]!.whiteMoldScore!, 100);
    near(evaluation.sprays[1]!.whiteMoldScore!, 28.57);
    expect(evaluation.diseases.find((d) => d.code === 'MBR')!.target).toBe(0.6);
    // White mold is excluded from program_score.
    expect(evaluation.programScore).toBe(0);
  });

  it('R1 alone: 85.2', () => near(whiteMold([48]).whiteMoldProgramScore!, 85.2));

  it('suggests white-mold sprays at R1 and R3 with Frowncide', () => {
    const suggestion = suggestProgram({
      cropId: CROP_IDS.soybean,
      countryId: COUNTRY_IDS.brazil,
      emergence: EMERGENCE,
      cycleDays: 120,
      severity: 'high',
      diseases: [{ code: 'FER', role: 'main' }],
      catalogue: soyCatalogue,
      whiteMoldSprays: 2,
    });
    const white = suggestion.sprays.filter((s) => s.whiteMold);
    expect(white.map((s) => [s.day, s.products])).toEqual([
      [48, [{ productId: idOf('Frowncide 500 SC'), dose: 1 }]],
      [62, [{ productId: idOf('Frowncide 500 SC'), dose: 1 }]],
    ]);
    near(suggestion.whiteMoldProgramScore!, 100);
  });
});

describe('E7: pause and resume', () => {
  it('S1 applied at 38, pause 55, resume 63: S2 59→67, S3 80→88', () => {
    const schedule = {
      pausedAt: null,
      sprays: E1_SPRAYS.map((s, i): ScheduledSpray => ({
        ...s,
        plannedDate: s.date,
        appliedDate: i === 0 ? s.date : null,
      })),
    };
    const paused = pauseProgram(schedule, addDays(EMERGENCE, 55));
    if (!paused.ok) throw new Error(paused.error);
    expect(paused.schedule.sprays).toEqual(schedule.sprays);
    const resumed = resumeProgram(paused.schedule, addDays(EMERGENCE, 63));
    if (!resumed.ok) throw new Error(resumed.error);
    expect(resumed.schedule.pausedAt).toBeNull();
    expect(resumed.schedule.sprays.map((s) => s.date)).toEqual(
      [38, 67, 88].map((day) => addDays(EMERGENCE, day)),
    );
  });
});
