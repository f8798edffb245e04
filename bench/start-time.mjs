// `node bench/start-time.mjs` (after `npm run build`): how long `npm start`'s server takes to answer
// /healthz, five times on an empty DATA_DIR (initdb, migrations, reference data, catalogue, demo
// data, job queue) and five times on the same, unchanged folder. Prints each run, the medians,
// and the phases the app logged for the median run (docs/performance.md, "Start time").
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/api/dist/main.js');
const RUNS = Number(process.env.START_RUNS ?? 5);

if (!fs.existsSync(entry)) {
  console.error('Build first: npm run build');
  process.exit(1);
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts the server on `dataDir`, waits for /healthz, stops it: the milliseconds and its phases. */
async function timedStart(dataDir) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ms = performance.now() - started;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  const line = log.split('\n').find((row) => row.includes('"phasesMs"'));
  return { ms, phases: line ? JSON.parse(line).phasesMs : {} };
}

const median = (runs) => [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const describe = (run) =>
  Object.entries(run.phases)
    .map(([name, ms]) => `${name} ${ms} ms`)
    .join(', ');

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-start-'));
try {
  const fresh = [];
  for (let i = 0; i < RUNS; i += 1) {
    const run = await timedStart(path.join(base, `fresh-${i}`));
    fresh.push(run);
    console.log(`fresh start ${i + 1}: ${seconds(run.ms)}`);
  }
  const warmDir = path.join(base, 'fresh-0');
  const warm = [];
  for (let i = 0; i < RUNS; i += 1) {
    const run = await timedStart(warmDir);
    warm.push(run);
    console.log(`warm start ${i + 1}: ${seconds(run.ms)}`);
  }
  const f = median(fresh);
  const w = median(warm);
  console.log(`\nfresh start, median of ${RUNS}: ${seconds(f.ms)} (${describe(f)})`);
  console.log(`warm start, median of ${RUNS}: ${seconds(w.ms)} (${describe(w)})`);
} finally {
  fs.rmSync(base, { recursive: true, force: true });
}
