// The programs list's first call after a write (issue 29 item 10), in one process on PGlite at
// the bench's sizes: the big farm's 2,500 programs (7,500 sprays, 15,000 products, bench
// sowings-data.mjs) listed once, then, three times, one application's dose changed and the list
// asked for again as the bench asks (basic, br). `npx tsx bench/programs-after-write.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { findMigrationsDir, migrate } from '../apps/api/src/db/migrate.ts';
import * as t from '../apps/api/src/db/schema.ts';
import { seedReferenceData } from '../apps/api/src/db/seed.ts';
import { outboxMailer } from '../apps/api/src/providers/mail/mailer.ts';
import { makeFarm } from '../apps/api/src/test/farm-factory.ts';
import { makeAccount, makeUser, PASSWORD } from '../apps/api/src/test/identity-factory.ts';
import { sowingsSql } from './sowings-data.mjs';

const ROUNDS = 3;

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-programs-'));
const database = await openDatabase({});
await migrate(database, 'public', findMigrationsDir());
await seedReferenceData(database.db, new Date());
const app = await buildApp({
  db: database.db,
  sessionNotifications: database,
  maintenance: { enabled: false },
  jwtSecret: 'programs-after-write-secret-long-enough-for-hs256',
  mailer: outboxMailer(outboxDir, 'Lavoura <no-reply@lavoura.test>'),
  publicUrl: 'http://lavoura.test',
  rateLimits: false,
});
await app.ready();

try {
  const accountId = await makeAccount(database.db, { planId: 4 });
  const user = await makeUser(database.db, { accountId, profile: 'CONTA' });
  const login = await app.inject({
    method: 'POST',
    url: '/admin-api/login',
    payload: { email: user.email, password: PASSWORD },
  });
  const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
  const farmId = await makeFarm(database.db, accountId);
  const ring = [
    [-51.17, -23.32],
    [-51.16, -23.32],
    [-51.16, -23.31],
    [-51.17, -23.31],
    [-51.17, -23.32],
  ];
  await database.db.insert(t.plots).values(
    Array.from({ length: 2000 }, (_, index) => ({
      accountId,
      farmId,
      name: `Talhão ${index + 1}`,
      area: 8,
      areaCalculated: 8,
      geometry: { type: 'Polygon', coordinates: [ring] },
      minLat: -23.32,
      minLng: -51.17,
      maxLat: -23.31,
      maxLng: -51.16,
      latitude: -23.315,
      longitude: -51.165,
    })),
  );
  await database.execute(sowingsSql(farmId).join(';\n'));

  const list = async () => {
    const started = performance.now();
    const answer = await app.inject({
      method: 'GET',
      url: `/api/programas?fazenda_id=${farmId}&basic_list=1`,
      headers: { ...headers, 'accept-encoding': 'br, gzip' },
    });
    const ms = Math.round(performance.now() - started);
    if (answer.statusCode !== 200) throw new Error(`list: ${answer.statusCode} ${answer.body}`);
    return { ms, bytes: answer.rawPayload.length };
  };
  const cold = await list();
  console.log(`first list of the process: ${cold.ms} ms (${cold.bytes} bytes br)`);
  const full = await app.inject({
    method: 'GET',
    url: `/api/programas?fazenda_id=${farmId}&basic_list=1`,
    headers,
  });
  interface Listed {
    id: number;
    semeadura_id: number | null;
    planejamentos: {
      id: number;
      data_aplicacao_planejada: string;
      produtos: { defensivo_id: number; dose: number; preco: number }[];
    }[];
  }
  const programs = full.json<Listed[]>();
  console.log(
    `${programs.length} programs, ${programs.reduce((sum, program) => sum + program.planejamentos.length, 0)} sprays, ${(full.rawPayload.length / 1e6).toFixed(1)} MB of JSON`,
  );
  // A plan's first application (a sowing's of a past season is read-only).
  const plan = programs.find((program) => program.semeadura_id === null)!;
  const application = plan.planejamentos[0]!;
  const after: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const written = await app.inject({
      method: 'PUT',
      url: `/api/programas/${plan.id}/planejamentos/${application.id}`,
      headers,
      payload: {
        data: application.data_aplicacao_planejada,
        produtos: application.produtos.map((product, index) => ({
          defensivo_id: product.defensivo_id,
          dose: index === 0 ? product.dose + round / 10 : product.dose,
          preco: product.preco,
        })),
      },
    });
    if (written.statusCode !== 200) throw new Error(`write: ${written.statusCode} ${written.body}`);
    const { ms } = await list();
    after.push(ms);
    console.log(`after write ${round}: ${ms} ms; kept: ${(await list()).ms} ms`);
  }
  console.log(`after a write: ${after.join(' / ')} ms`);
} finally {
  await app.close();
  await database.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
}
