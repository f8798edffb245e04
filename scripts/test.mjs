// `npm test`: the checks and the build (side by side, two at a time), then every Vitest tier in one
// run (vitest.config.ts). The end of the run prints each step's and tier's wall time, the ten
// slowest files and the test counts (scripts/summary-reporter.ts). Arguments go to Vitest.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PHASES_ENV = 'LAVOURA_TEST_PHASES'; // read by scripts/summary-reporter.ts

/** Runs a command; resolves with its exit code, its output and how long it took. */
function run(command) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: root, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) =>
      resolve({ code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }),
    );
  });
}

/**
 * The steps before Vitest. The dependency rules and the unused code are checked once, by the
 * checks tier (scripts/checks/layering.test.ts runs `npm run lint:deps`, unused.test.ts
 * `npm run lint:unused`), not here a second time.
 */
const STEPS = [
  { name: 'typecheck', command: 'npm run --silent typecheck' },
  { name: 'lint', command: 'npm run --silent lint' },
  { name: 'build', command: 'npm run --silent build' },
  { name: 'error texts', command: 'npm run --silent check:errors' },
  { name: 'openapi lint', command: 'npm run --silent lint:openapi' },
];

async function runSteps(concurrency) {
  const queue = [...STEPS];
  const phases = [];
  let failed = false;
  const worker = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const result = await run(step.command);
      phases.push({ name: step.name, seconds: result.seconds });
      const status = result.code === 0 ? 'ok' : `FAILED (exit ${result.code})`;
      console.log(`[test] ${step.name}: ${status} in ${result.seconds.toFixed(1)} s`);
      if (result.code !== 0) {
        failed = true;
        process.stdout.write(result.output);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { phases, failed };
}

const started = Date.now();
const { phases, failed } = await runSteps(Math.max(2, os.availableParallelism()));
phases.push({ name: 'checks+build', seconds: (Date.now() - started) / 1000 });
if (failed) {
  console.error('[test] the checks or the build failed: no tests run');
  process.exit(1);
}

const vitest = await new Promise((resolve) => {
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit', env: { ...process.env, [PHASES_ENV]: JSON.stringify(phases) } },
  );
  child.on('close', (code) => resolve({ code: code ?? 1 }));
});
console.log(`[test] total wall time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(vitest.code);
