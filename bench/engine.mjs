// The spray-program engine's recalculation time (issue 13: a 7-spray program with 3 diseases
// ≤ 0.2 ms on this machine). Not a test: run `npx tsx bench/engine.mjs` and read the figures.
// Imports the TypeScript sources directly (tsx), so no build is needed.
import { performance } from 'node:perf_hooks';
import {
  addDays,
  applySpray,
  evaluateProgram,
  exampleCatalogue,
} from '../packages/domain/src/index.ts';

const EMERGENCE = '2024-11-01';
const catalogue = exampleCatalogue(1, 1);
const id = (name) => catalogue.find((product) => product.name === name).id;
const mix = (...names) => names.map((name) => ({ productId: id(name), dose: 0.9 }));
const plan = [
  [38, mix('Fox Xpro', 'Unizeb Gold')],
  [52, mix('Aproach Prima', 'Unizeb Gold')],
  [66, mix('Elatus', 'Bravonil 720')],
  [80, mix('Fox', 'Unizeb Gold')],
  [94, mix('Priori Xtra', 'Bravonil 720')],
  [101, mix('Sphere Max', 'Unizeb Gold')],
  [108, mix('Orkestra SC', 'Unizeb Gold')],
];
const program = {
  cropId: 1,
  countryId: 1,
  emergence: EMERGENCE,
  cycleDays: 120,
  severity: 'high',
  diseases: [
    { code: 'FER', role: 'main' },
    { code: 'MAL', role: 'secondary' },
    { code: 'OID', role: 'secondary' },
  ],
  sprays: plan.map(([day, products]) => ({ date: addDays(EMERGENCE, day), products })),
  products: catalogue,
};
const schedule = {
  pausedAt: null,
  sprays: program.sprays.map((spray) => ({ ...spray, plannedDate: spray.date, appliedDate: null })),
};

function measure(label, run, iterations = 20_000) {
  for (let i = 0; i < 2_000; i++) run(); // warm-up (JIT)
  const samples = [];
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    for (let i = 0; i < iterations; i++) run();
    samples.push(((performance.now() - start) * 1000) / iterations);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(58)} median ${samples[2].toFixed(1)} µs  (min ${samples[0].toFixed(1)}, max ${samples[4].toFixed(1)})`,
  );
}

let sink = 0;
measure('evaluateProgram, 7 sprays × 3 diseases', () => {
  sink += evaluateProgram(program).programScore;
});
measure('evaluateProgram with curves (chart data)', () => {
  sink += evaluateProgram(program, { curves: true }).programScore;
});
const context = { ...program };
measure('applySpray (3 d late, shifts 5) + evaluateProgram', () => {
  const applied = applySpray(schedule, 1, addDays(EMERGENCE, 55), context);
  sink += evaluateProgram({ ...program, sprays: applied.schedule.sprays }).programScore;
});
console.log(`(checksum ${sink.toFixed(0)}; node ${process.version})`);
