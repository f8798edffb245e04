// `npm run bench`: load figures for the API. Starts the built server on a temporary database and a
// baseline server (bench/reference-server.mjs: a bare Fastify route, and the reference route, bare
// Fastify plus one pooled primary-key SELECT on the same kind of database), loads each endpoint
// with concurrent connections (autocannon) and prints requests/s and p50/p99 latency, each as a
// ratio to both baselines measured in the same run. Authenticated calls sign in as a customer (a Full-plan account's administrator with a
// started contract), not as the platform administrator, whose account skips the contract check.
// Budgets live in docs/performance.md. Later areas add their endpoints to SCENARIOS.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sowingsSql } from './sowings-data.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
// BENCH_ONLY=permissions,farms runs only the scenarios whose name contains one of the words.
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);

const ADMIN = { email: 'bench-admin@lavoura.test', password: 'Bench-2026-load' };
const CUSTOMER_EMAIL = 'bench-customer@lavoura.test';

/** What every browser sends: a kept list answer (http/versioned-answers.ts) goes compressed. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';

/**
 * Each scenario: a name, a path on the app, and autocannon request options; `auth` sends the
 * customer's token.
 */
const SCENARIOS = [
  { name: 'GET /api/crops', path: '/api/crops' },
  {
    // argon2id makes each login cost tens of milliseconds of CPU on purpose: fewer connections,
    // and fewer than five, since five sign-ins of one e-mail at once lock it (login lockout).
    name: 'POST /admin-api/login (4 conn.)',
    path: '/admin-api/login',
    options: {
      connections: 4,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    },
  },
  { name: 'GET /api/permissions (session)', path: '/api/permissions', auth: true },
  { name: 'GET /api/menu/dados-usuario', path: '/api/menu/dados-usuario', auth: true },
  { name: 'GET /api/users', path: '/api/users', auth: true },
  // Plans: the tiers and the price list (memory), the subscription and the free uses (one account).
  { name: 'GET /api/plans', path: '/api/plans' },
  { name: 'GET /payment-api/plans', path: '/payment-api/plans?language=pt', auth: true },
  { name: 'GET /api/subscription', path: '/api/subscription', auth: true },
  { name: 'GET /api/freemium', path: '/api/freemium', auth: true },
  // The farms area on a large account: 200 farms, one of them with 2,000 plots (bench data below).
  // The lists ask for compression with a browser's header (BROWSER_ENCODINGS): the uncompressed
  // farm list is about 130 kB.
  {
    name: 'GET /api/farms (200 farms, br)',
    path: '/api/farms',
    auth: true,
    options: { headers: { 'accept-encoding': BROWSER_ENCODINGS } },
  },
  {
    name: 'GET /api/talhoes/{farm} (2,000 plots, br, 10 conn.)',
    path: ({ bigFarmId }) => `/api/talhoes/${bigFarmId}`,
    auth: true,
    options: { connections: 10, headers: { 'accept-encoding': BROWSER_ENCODINGS } },
    sameBytes: true,
  },
  // Sowings: the big farm's current season (2,000 sowings, one a plot) out of 20,000 over ten
  // soybean seasons, the nine past ones harvested (bench data: sowingsData).
  {
    name: 'GET /api/semeaduras (2,000 of 20,000 sowings, br, 10 conn.)',
    path: ({ bigFarmId }) => `/api/semeaduras?fazenda_id=${bigFarmId}`,
    auth: true,
    sowings: true,
    options: { connections: 10, headers: { 'accept-encoding': BROWSER_ENCODINGS } },
  },
  // Spray programs: the big farm's 500 plans (50 for each of its ten seasons' varieties) and the
  // 2,000 programs its previous season's sowings followed, each with three applications of two
  // products, scored by the engine on every new version of the data.
  {
    name: 'GET /api/programas (2,500 programs, basic, br, 10 conn.)',
    path: ({ bigFarmId }) => `/api/programas?fazenda_id=${bigFarmId}&basic_list=1`,
    auth: true,
    sowings: true,
    options: { connections: 10, headers: { 'accept-encoding': BROWSER_ENCODINGS } },
  },
  // Performance: the big farm's previous soybean season, 2,000 harvested sowings on 2,000 plots,
  // each with a program of three applied sprays of two products (12,000 product rows); computed
  // once per version of the account's data, like the lists.
  {
    name: 'GET /api/performance (2,000 harvested sowings, 10 conn.)',
    path: ({ bigFarmId, previousSeasonCropId }) =>
      `/api/performance?farm_id=${bigFarmId}&season_crop_id=${previousSeasonCropId}`,
    auth: true,
    sowings: true,
    options: { connections: 10, headers: { 'accept-encoding': BROWSER_ENCODINGS } },
  },
  // Weather: the big farm's forecast (simulated provider), cached per location and hour.
  {
    name: 'GET /api/farms/{id}/weather (cached, br)',
    path: ({ bigFarmId }) => `/api/farms/${bigFarmId}/weather`,
    auth: true,
    farms: true,
    options: { headers: { 'accept-encoding': BROWSER_ENCODINGS } },
  },
  // Spray windows: a current-season sowing's program with three sprayings this week (made through
  // the API just before it is measured, so the lists above keep their sizes), on the cached
  // simulated forecast.
  {
    name: 'GET /api/programs/{id}/spray-windows (cached forecast, br)',
    path: ({ weekProgramId }) => `/api/programs/${weekProgramId}/spray-windows?days=7`,
    auth: true,
    sowings: true,
    prepare: weekProgram,
    options: { headers: { 'accept-encoding': BROWSER_ENCODINGS } },
  },
  // The catalogue: a text query and two filters over the whole bundled data set (1,500 products).
  {
    name: 'GET /api/catalogs (text + 2 filters, br)',
    path: '/api/catalogs?version=v2&category=fungicide&crop=1&chemical_group=estrobilurina&search=azoxistrobina',
    auth: true,
    options: { headers: { 'accept-encoding': BROWSER_ENCODINGS } },
  },
];

/** A grid of square plots of about 9 ha west of Cascavel (PR), row by row. */
function plotGrid(count) {
  const side = 0.003; // degrees: about 300 m
  return Array.from({ length: count }, (_, index) => {
    const lng = -53.6 + (index % 50) * side;
    const lat = -24.9 - Math.floor(index / 50) * side;
    const ring = [
      [lng, lat],
      [lng + side * 0.95, lat],
      [lng + side * 0.95, lat - side * 0.95],
      [lng, lat - side * 0.95],
      [lng, lat],
    ];
    return { nome: `Talhão ${index + 1}`, geometry: { type: 'Polygon', coordinates: [ring] } };
  });
}

/**
 * The large account of the farms scenarios: 200 farms in Cascavel (PR), the first with 2,000
 * plots, created through the API as a customer would.
 */
async function farmsData(base, token) {
  const states = await call(base, 'GET', '/api/estados/1');
  const parana = states.find((state) => state.code === 'PR');
  const cities = await call(base, 'GET', `/api/municipios/${parana.id}`);
  const cascavel = cities.find((city) => city.name === 'Cascavel');
  const body = (index) => ({
    nome: `Fazenda ${index + 1}`,
    pais: 1,
    estado: parana.id,
    municipio: cascavel.id,
    bag_price: [
      { crop_id: 1, price: 125 },
      { crop_id: 2, price: 75 },
    ],
  });
  const first = await call(base, 'POST', '/api/fazendas', token, body(0));
  for (let index = 1; index < 200; index += 1)
    await call(base, 'POST', '/api/fazendas', token, body(index));
  const plots = plotGrid(2000);
  for (let index = 0; index < plots.length; index += 500)
    await call(base, 'POST', '/api/plots/many', token, {
      fazenda_id: first.id,
      plots: plots.slice(index, index + 500),
    });
  return { bigFarmId: first.id };
}

/** A program of one of the big farm's current sowings with sprayings in 1, 3 and 5 days. */
async function weekProgram(base, token, data) {
  const sowings = await call(base, 'GET', `/api/semeaduras?fazenda_id=${data.bigFarmId}`, token);
  const program = await call(base, 'POST', '/api/programas', token, {
    semeadura_id: sowings[0].id,
    nome: 'Programa da semana',
    doenca_principal_id: 1,
  });
  const products = await call(
    base,
    'GET',
    `/api/defensives?farm_id=${data.bigFarmId}&crop_id=1`,
    token,
  );
  const fox = products.find((product) => product.nome === 'Fox');
  const today = new Date();
  for (const days of [1, 3, 5]) {
    const day = new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    await call(base, 'POST', `/api/programas/${program.id}/planejamentos`, token, {
      data: day,
      produtos: [{ defensivo_id: fox.id, dose: 0.4, preco: 180 }],
    });
  }
  data.weekProgramId = program.id;
}

/** Runs the sowings' SQL on the bench database: PostgreSQL in its schema, or the app's PGlite. */
async function writeSowings(farmId, pgliteDir) {
  const statements = sowingsSql(farmId);
  if (DATABASE_URL) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`SET search_path TO "${SCHEMA}"`);
    for (const statement of statements) await client.query(statement);
    await client.end();
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(pgliteDir);
  for (const statement of statements) await db.exec(statement);
  await db.close();
}

async function call(base, method, url, token, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * A customer like the demo's: the back office creates a Full-plan account with a contract that
 * has started; its administrator signs in with the e-mailed temporary password.
 */
async function customerToken(base, outboxDir) {
  const admin = await call(base, 'POST', '/admin-api/login', undefined, ADMIN);
  await call(base, 'POST', '/admin-api/accounts', admin.token, {
    name: 'Bench Farms',
    country_id: 1,
    plan_id: 4,
    max_users: 50,
    contract_start: '2026-01-01',
    contracted_area: 1000,
    admin: { name: 'Bench Customer', email: CUSTOMER_EMAIL, language: 'en' },
  });
  const { simpleParser } = await import('mailparser');
  const mails = fs.readdirSync(outboxDir).filter((file) => file.includes('bench-customer'));
  const mail = await simpleParser(fs.readFileSync(path.join(outboxDir, mails.sort().at(-1))));
  const password = /temporary password ([A-Za-z0-9]+)/.exec(mail.text ?? '')?.[1];
  if (!password) throw new Error('no temporary password in the customer’s e-mail');
  return (
    await call(base, 'POST', '/admin-api/login', undefined, { email: CUSTOMER_EMAIL, password })
  ).token;
}

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

/** One request alone, timed: on a kept answer (http/versioned-answers.ts) this one computes it. */
async function first(url, options = {}) {
  const started = performance.now();
  const response = await fetch(url, {
    method: options.method,
    headers: options.headers,
    body: options.body,
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return Math.round(performance.now() - started);
}

async function load(url, options = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, ...options }); // warm-up
  // The warm-up's last requests are still served after it stops: let them end, or five sign-ins
  // of one e-mail in flight at once (the warm-up's and the run's) lock it (login lockout).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    ...options,
  });
  // A wrong answer voids the figures; a timeout (autocannon's 10 s) is a figure of its own.
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    timeouts: result.errors,
    bytes: Math.round(result.throughput.average / result.requests.average),
  };
}

/** Stops a server and waits for it to be gone. */
function stop(child) {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-bench-'));
const appPort = 3900 + Math.floor(Math.random() * 50);
const appEnv = {
  PORT: String(appPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  // One client signs in again and again: the login figures are the point, not the limits.
  RATE_LIMITS: 'off',
  // No weekly job polling its queue while the endpoints are measured.
  JOBS: 'off',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
  // Production needs the provider named: the bench buys nothing.
  PAYMENT_PROVIDER: 'sandbox',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ...(DATABASE_URL ? { DATABASE_URL, DATABASE_SCHEMA: SCHEMA } : {}),
};
// BENCH_PROFILE=<dir>: the app writes a CPU profile of the run there when it stops (with
// BENCH_ONLY, one endpoint's profile: open it in Chrome's DevTools or read its self times).
const appArgs = process.env.BENCH_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
  : [];
const referencePort = appPort + 50;
const children = [];
try {
  children.push(
    await start(process.execPath, [...appArgs, 'apps/api/dist/main.js'], appEnv, appPort),
  );
  // After the app: on PostgreSQL the reference reads the app's migrated users table.
  children.push(
    await start(
      process.execPath,
      ['bench/reference-server.mjs', String(referencePort)],
      DATABASE_URL
        ? { BENCH_DATABASE_URL: DATABASE_URL, REFERENCE_TABLE: `"${SCHEMA}".users` }
        : {},
      referencePort,
    ),
  );

  console.log(
    `\nLavoura bench: ${CONNECTIONS} connections, ${DURATION} s per endpoint, ${os.cpus().length} cores, Node ${process.version}, database ${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}\n`,
  );
  const base = `http://127.0.0.1:${appPort}`;
  const token = await customerToken(base, path.join(dataDir, 'outbox'));
  const scenarios = SCENARIOS.filter(
    (scenario) => ONLY.length === 0 || ONLY.some((word) => scenario.name.includes(word)),
  );
  const needsSowings = scenarios.some((scenario) => scenario.sowings);
  const needsFarms =
    needsSowings || scenarios.some((scenario) => scenario.farms || scenario.name.includes('farm'));
  const data = needsFarms ? await farmsData(base, token) : {};
  if (needsSowings) {
    // The embedded database has one owner: the app stops while the bench writes to it.
    if (!DATABASE_URL) await stop(children.shift());
    await writeSowings(data.bigFarmId, path.join(dataDir, 'pglite'));
    if (!DATABASE_URL)
      children.unshift(
        await start(process.execPath, [...appArgs, 'apps/api/dist/main.js'], appEnv, appPort),
      );
    const seasons = await call(base, 'GET', `/api/season-crops?farm_id=${data.bigFarmId}`, token);
    data.previousSeasonCropId = seasons.find(
      (season) => season.crop_id === 1 && season.status === 'previous',
    )?.id;
  }
  const bare = await load(`http://127.0.0.1:${referencePort}/bare`);
  const reference = await load(`http://127.0.0.1:${referencePort}/reference`);
  const rows = [
    { name: 'bare Fastify route', ...bare },
    { name: 'reference: Fastify + 1 PK select', ...reference },
  ];
  for (const scenario of scenarios) {
    const auth = scenario.auth ? { headers: { authorization: `Bearer ${token}` } } : {};
    if (scenario.prepare) await scenario.prepare(base, token, data);
    const url = typeof scenario.path === 'function' ? scenario.path(data) : scenario.path;
    const headers = { ...scenario.options?.headers, ...auth.headers };
    const cold = await first(`${base}${url}`, { ...scenario.options, headers });
    const figures = await load(`${base}${url}`, { ...scenario.options, headers });
    rows.push({ name: scenario.name, ...figures, first: cold });
    if (scenario.sameBytes) {
      // The same connections on bare Fastify sending as many bytes (headers included, roughly).
      const ceiling = await load(`http://127.0.0.1:${referencePort}/bytes/${figures.bytes}`, {
        connections: scenario.options?.connections,
      });
      rows.push({
        name: `  bare Fastify, the same ${(figures.bytes / 1000).toFixed(0)} kB`,
        ...ceiling,
      });
    }
  }
  const pad = (text, width) => String(text).padEnd(width);
  const percent = (rps, of) => `${((rps / of) * 100).toFixed(0)} %`;
  console.log(
    `${pad('endpoint', 36)}${pad('req/s', 10)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('of bare', 9)}${pad('of reference', 14)}${pad('timeouts', 10)}first ms`,
  );
  for (const row of rows) {
    console.log(
      `${pad(row.name, 36)}${pad(Math.round(row.rps), 10)}${pad(row.p50, 8)}${pad(row.p99, 8)}${pad(percent(row.rps, bare.rps), 9)}${pad(percent(row.rps, reference.rps), 14)}${pad(row.timeouts, 10)}${row.first ?? ''}`,
    );
  }
  console.log(
    '\nGoals (docs/performance.md): crops ≥ 40 % of bare; dados-usuario ≥ 40 % of the reference on PostgreSQL (p99 ≤ 50 ms), ≥ 15 % on PGlite; the session-only route ≥ 100 %; on PostgreSQL GET /api/farms (200 farms) ≥ 25 % of the reference, GET /api/talhoes/{farm} (2,000 plots) and GET /api/semeaduras (20,000 sowings) p99 ≤ 100 ms at 10 connections; GET /api/programas (2,500 programs) and GET /api/performance (2,000 sowings) as ratios to the reference.',
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
