// `npm run bench`: load figures for the API. Starts the built server on a temporary embedded
// database, loads each endpoint with concurrent connections (autocannon) and prints requests/s and
// p50/p99 latency next to a bare Fastify route measured in the same run, and their ratio.
// Budgets live in docs/performance.md. Later areas add their endpoints to SCENARIOS.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const ADMIN = { email: 'bench-admin@lavoura.test', password: 'Bench-2026-load' };

/**
 * Each scenario: a name, a path on the app, and autocannon request options; `setup` runs once
 * before it with the app's base URL and returns extra options (a token, say).
 */
const SCENARIOS = [
  { name: 'GET /api/crops', path: '/api/crops' },
  {
    // argon2id makes each login cost tens of milliseconds of CPU on purpose: fewer connections.
    name: 'POST /admin-api/login (10 conn.)',
    path: '/admin-api/login',
    options: {
      connections: 10,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    },
  },
  {
    name: 'GET /api/menu/dados-usuario',
    path: '/api/menu/dados-usuario',
    setup: async (base) => {
      const response = await fetch(`${base}/admin-api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const { token } = await response.json();
      return { headers: { authorization: `Bearer ${token}` } };
    },
  },
];

// With BENCH_DATABASE_URL the app runs on that PostgreSQL, in a schema of its own dropped after;
// otherwise on a temporary embedded PGlite (single-threaded: every query waits its turn).
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const SCHEMA = `bench_${process.pid}`;

function start(command, args, env, port) {
  const baseEnv = { ...process.env };
  delete baseEnv.DATABASE_URL;
  const child = spawn(command, args, {
    cwd: root,
    env: { ...baseEnv, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (response.ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) return reject(new Error(`server on ${port} did not start`));
      setTimeout(poll, 250);
    };
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}`)));
    poll();
  });
}

async function load(url, options = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, ...options }); // warm-up
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    ...options,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-bench-'));
const appPort = 3900 + Math.floor(Math.random() * 50);
const barePort = appPort + 50;
const children = [];
try {
  const crops = [
    { id: 1, code: 'soybean', message_key: 'crop.soybean' },
    { id: 2, code: 'wheat', message_key: 'crop.wheat' },
  ];
  const bareSource = `
    const app = require('fastify')();
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/bare', async () => (${JSON.stringify(crops)}));
    app.listen({ port: ${barePort}, host: '127.0.0.1' });`;
  children.push(await start(process.execPath, ['-e', bareSource], {}, barePort));
  children.push(
    await start(
      process.execPath,
      ['apps/api/dist/main.js'],
      {
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        // One client signs in again and again: the login figures are the point, not the limits.
        RATE_LIMITS: 'off',
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ...(DATABASE_URL ? { DATABASE_URL, DATABASE_SCHEMA: SCHEMA } : {}),
      },
      appPort,
    ),
  );

  console.log(
    `\nLavoura bench: ${CONNECTIONS} connections, ${DURATION} s per endpoint, ${os.cpus().length} cores, Node ${process.version}, database ${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}\n`,
  );
  const bare = await load(`http://127.0.0.1:${barePort}/bare`);
  const rows = [{ name: 'bare Fastify route (baseline)', ...bare, ratio: 1 }];
  for (const scenario of SCENARIOS) {
    const base = `http://127.0.0.1:${appPort}`;
    const extra = scenario.setup ? await scenario.setup(base) : {};
    const figures = await load(`${base}${scenario.path}`, { ...scenario.options, ...extra });
    rows.push({ name: scenario.name, ...figures, ratio: figures.rps / bare.rps });
  }
  const pad = (text, width) => String(text).padEnd(width);
  console.log(
    `${pad('endpoint', 36)}${pad('req/s', 10)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}of bare`,
  );
  for (const row of rows) {
    console.log(
      `${pad(row.name, 36)}${pad(Math.round(row.rps), 10)}${pad(row.p50, 8)}${pad(row.p99, 8)}${(row.ratio * 100).toFixed(0)} %`,
    );
  }
  console.log(
    '\nGoal (docs/performance.md): at least 40 % of the bare route’s requests/s, p99 under 25 ms.',
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  if (DATABASE_URL) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
    await client.end();
  }
  setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 2000);
}
