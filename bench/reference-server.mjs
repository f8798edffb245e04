// The bench's baselines: a bare Fastify route, and the reference route: bare Fastify plus one pooled primary-key SELECT (a named, prepared
// statement) on the same kind of database as the app. With BENCH_DATABASE_URL and REFERENCE_TABLE
// it reads that table of the app's PostgreSQL through a pg.Pool the app's size; otherwise an
// in-process PGlite holding a small table of its own (PGlite's data directory cannot be shared
// with the app's process). Usage: node bench/reference-server.mjs <port>
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const url = process.env.BENCH_DATABASE_URL;
const table = process.env.REFERENCE_TABLE;

let query;
if (url) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const config = { name: 'reference_row', text: `select id, name from ${table} where id = $1` };
  query = async (id) => (await pool.query({ ...config, values: [id] })).rows[0];
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  await db.exec(`create table reference_rows (id integer primary key, name text not null);
    insert into reference_rows select i, 'row ' || i from generate_series(1, 1000) i;`);
  query = async (id) =>
    (await db.query('select id, name from reference_rows where id = $1', [id])).rows[0];
}

const app = Fastify();
app.get('/healthz', async () => ({ status: 'ok' }));
// The bare route: the same JSON as GET /api/crops, no database.
const crops = [
  { id: 1, code: 'soybean', message_key: 'crop.soybean' },
  { id: 2, code: 'wheat', message_key: 'crop.wheat' },
];
app.get('/bare', async () => crops);
app.get('/reference', async () => (await query(1)) ?? {});
// Bare Fastify sending a body of a given size, as a kept answer is sent (compressed once, then the
// same bytes): the ceiling of a large answer on this machine, whatever the server does before it.
const bodies = new Map();
app.get('/bytes/:size', (request, reply) => {
  const size = Math.min(Number(request.params.size) || 0, 10_000_000);
  if (!bodies.has(size)) bodies.set(size, randomBytes(size));
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-encoding', 'br')
    .send(bodies.get(size));
});
await app.listen({ port, host: '127.0.0.1' });
