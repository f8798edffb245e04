import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { outboxMailer } from '../../providers/mail/mailer.ts';
import { assignFarms, makeFarm, makePlot, makeSowing } from '../../test/farm-factory.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, versionsHeard, type TestApp } from '../../test/test-app.ts';

// The farm and plot lists are computed once per version of the account's data and then served
// from memory (http/versioned-answers.ts): every write, by any route, any process or straight
// SQL, must show on the next read.

let app: TestApp;
let accountId: number;
let admin: { id: number; token: string };
let farmer: { id: number; token: string };
let farmId: number;

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA', 'FARM'], { planId: 4 });
  accountId = account.accountId;
  admin = account.members.CONTA!;
  farmer = account.members.FARM!;
  farmId = await makeFarm(app.db, accountId, { name: 'Fazenda Santa Rita' });
});
afterAll(() => app.close());

async function get(url: string, token = admin.token, on: FastifyInstance = app.app) {
  const response = await on.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json() as Record<string, unknown>[];
}

const farmNamed = (farms: Record<string, unknown>[], name: string) =>
  farms.find((farm) => farm.nome === name);

describe('cached farm and plot lists', () => {
  it('show a plot created through the API right after the list was read', async () => {
    const before = await get(`/api/talhoes/${farmId}`);
    const created = await app.app.inject({
      method: 'POST',
      url: '/api/talhoes',
      headers: bearer(admin.token),
      payload: {
        fazenda_id: farmId,
        nome: 'Talhão do Açude',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [-51.2401, -23.3012],
              [-51.2302, -23.3019],
              [-51.2311, -23.3101],
              [-51.2409, -23.3093],
              [-51.2401, -23.3012],
            ],
          ],
        },
      },
    });
    expect(created.statusCode).toBe(201);
    const after = await get(`/api/talhoes/${farmId}`);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ nome: 'Talhão do Açude' });
    const farm = farmNamed(await get('/api/farms'), 'Fazenda Santa Rita')!;
    expect(farm.total_plots).toBe(after.length);
  });

  it('follow writes made in SQL, outside every route: plots, bag prices, sowings', async () => {
    const farmsBefore = await get('/api/farms');
    expect(farmNamed(farmsBefore, 'Fazenda Santa Rita')).toMatchObject({ active_sowing: false });
    const plotsBefore = await get(`/api/talhoes/${farmId}`);

    const plotId = await makePlot(app.db, accountId, farmId, { name: 'Talhão da Sede', area: 40 });
    await app.db
      .update(t.farmBagPrices)
      .set({ price: '131.50' })
      .where(eq(t.farmBagPrices.farmId, farmId));
    await makeSowing(app.db, accountId, farmId, plotId, { area: 30 });
    // Another process's write reaches a kept list once its notification arrives.
    await versionsHeard(app);

    const farm = farmNamed(await get('/api/farms'), 'Fazenda Santa Rita')!;
    expect(farm).toMatchObject({ active_sowing: true, total_plots: plotsBefore.length + 1 });
    expect(farm.bag_price).toEqual(
      expect.arrayContaining([expect.objectContaining({ crop_id: 1, price: 131.5 })]),
    );
    const plots = await get(`/api/talhoes/${farmId}`);
    expect(plots.find((plot) => plot.id === plotId)).toMatchObject({
      nome: 'Talhão da Sede',
      remaining_area: 10,
    });
  });

  it('never serve one member the list another member sees', async () => {
    const other = await makeFarm(app.db, accountId, { name: 'Fazenda Boa Vista' });
    await versionsHeard(app);
    expect(farmNamed(await get('/api/farms'), 'Fazenda Boa Vista')).toBeDefined();
    await assignFarms(app.db, accountId, farmer.id, [farmId]);
    await versionsHeard(app);
    const farmers = await get('/api/farms', farmer.token);
    expect(farmers.map((farm) => farm.id)).toEqual([farmId]);
    const refused = await app.app.inject({
      method: 'GET',
      url: `/api/talhoes/${other}`,
      headers: bearer(farmer.token),
    });
    expect(refused.statusCode).toBe(404);
    // Another account's administrator reading the same farm id: not found, not the cached list.
    const stranger = await accountWith(app, ['CONTA'], { planId: 4 });
    const foreign = await app.app.inject({
      method: 'GET',
      url: `/api/talhoes/${farmId}`,
      headers: bearer(stranger.members.CONTA!.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await get('/api/farms', stranger.members.CONTA!.token)).toEqual([]);
  });

  it('answer the same list compressed as br, gzip or not at all', async () => {
    const plain = await app.app.inject({
      method: 'GET',
      url: `/api/talhoes/${farmId}`,
      headers: bearer(admin.token),
    });
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const response = await app.app.inject({
        method: 'GET',
        url: `/api/talhoes/${farmId}`,
        headers: { ...bearer(admin.token), 'accept-encoding': encoding },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(plain.json());
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('two app instances on one database', () => {
  let other: { app: FastifyInstance; handle?: DatabaseHandle };

  beforeAll(async () => {
    // On PostgreSQL a second pool on the same database, like a second process; PGlite is one
    // process's database, so the second instance shares it (and still has a cache of its own).
    const handle =
      app.database.kind === 'postgres'
        ? await openDatabase({ databaseUrl: app.databaseUrl })
        : undefined;
    other = {
      app: await buildApp({
        db: (handle ?? app.database).db,
        maintenance: { enabled: false },
        jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
        mailer: outboxMailer(app.outboxDir, 'Lavoura <no-reply@lavoura.test>'),
        publicUrl: 'http://lavoura.test',
      }),
      ...(handle ? { handle } : {}),
    };
    await other.app.ready();
  });
  afterAll(async () => {
    await other.app.close();
    await other.handle?.close();
  });

  it('a farm renamed on one instance reads renamed on the other at once', async () => {
    const before = farmNamed(
      await get('/api/farms', admin.token, other.app),
      'Fazenda Santa Rita',
    )!;
    const renamed = await app.app.inject({
      method: 'PUT',
      url: `/api/fazendas/${farmId}`,
      headers: bearer(admin.token),
      payload: {
        nome: 'Fazenda Santa Rita II',
        pais: (before.pais as { id: number }).id,
        estado: (before.estado as { id: number }).id,
        municipio: (before.municipio as { id: number }).id,
        bag_price: before.bag_price,
        updated_at: before.updated_at,
      },
    });
    expect(renamed.statusCode).toBe(200);
    const after = await get('/api/farms', admin.token, other.app);
    expect(farmNamed(after, 'Fazenda Santa Rita II')).toBeDefined();
    expect(farmNamed(after, 'Fazenda Santa Rita')).toBeUndefined();
  });
});
