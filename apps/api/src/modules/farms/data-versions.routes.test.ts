import type { Farm, Member, Plot } from '@lavoura/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppDependencies } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { outboxMailer } from '../../providers/mail/mailer.ts';
import { makeFarm, makePlot, makeSowing } from '../../test/farm-factory.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** An account with a farm of one plot and one sowing, and its administrator's token. */
async function farmWithPlot() {
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  const { accountId } = account;
  const farmId = await makeFarm(app.db, accountId, { name: 'Fazenda Kept' });
  const plotId = await makePlot(app.db, accountId, farmId, { name: 'Talhão Kept' });
  await makeSowing(app.db, accountId, farmId, plotId);
  return { accountId, farmId, plotId, token: account.members.CONTA!.token };
}

const get = (target: FastifyInstance, token: string, url: string) =>
  target.inject({ method: 'GET', url, headers: bearer(token) });

const farmsOf = (target: FastifyInstance, token: string) => get(target, token, '/api/farms');
const plotsOf = (target: FastifyInstance, token: string, farmId: number) =>
  get(target, token, `/api/talhoes/${farmId}`);
const sowingsOf = (target: FastifyInstance, token: string, farmId: number) =>
  get(target, token, `/api/semeaduras?fazenda_id=${farmId}`);

const plotNames = (response: LightMyRequestResponse) =>
  response.json<Plot[]>().map((plot) => plot.nome);

/** Polls a call until its answer passes `seen`, for at most 5 s; the last answer. */
async function untilSeen(
  call: () => Promise<LightMyRequestResponse>,
  seen: (response: LightMyRequestResponse) => boolean,
) {
  const deadline = performance.now() + 5000;
  let response = await call();
  while (!seen(response) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    response = await call();
  }
  return response;
}

function appOn(db: AppDependencies['db'], notifications: AppDependencies['sessionNotifications']) {
  return buildApp({
    db,
    sessionNotifications: notifications,
    maintenance: { enabled: false },
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    mailer: outboxMailer(app.outboxDir, 'Lavoura <no-reply@lavoura.test>'),
    publicUrl: 'http://lavoura.test',
  });
}

describe('kept lists follow the account data version', () => {
  it('a write through the API is answered by the next list call', async () => {
    const { farmId, plotId, token } = await farmWithPlot();
    expect(plotNames(await plotsOf(app.app, token, farmId))).toEqual(['Talhão Kept']);
    expect((await farmsOf(app.app, token)).json<Farm[]>()[0]).toMatchObject({ total_talhoes: 1 });
    expect((await sowingsOf(app.app, token, farmId)).json()).toHaveLength(1);

    const sowings = await app.db
      .select({ id: t.sowings.id })
      .from(t.sowings)
      .where(eq(t.sowings.plotId, plotId));
    const removeSowing = await app.app.inject({
      method: 'DELETE',
      url: `/api/semeaduras/${sowings[0]!.id}`,
      headers: bearer(token),
    });
    expect(removeSowing.statusCode).toBe(204);
    expect((await sowingsOf(app.app, token, farmId)).json()).toEqual([]);

    const removePlot = await app.app.inject({
      method: 'DELETE',
      url: `/api/talhoes/${plotId}`,
      headers: bearer(token),
    });
    expect(removePlot.statusCode).toBe(204);
    expect(plotNames(await plotsOf(app.app, token, farmId))).toEqual([]);
    expect((await farmsOf(app.app, token)).json<Farm[]>()[0]).toMatchObject({ total_talhoes: 0 });
  });

  it('the users list follows its people, their memberships and farms, however they change', async () => {
    const account = await accountWith(app, ['CONTA', 'FARM'], { planId: 4 });
    const { accountId } = account;
    const admin = account.members.CONTA!.token;
    const farmer = account.members.FARM!;
    const farmId = await makeFarm(app.db, accountId, { name: 'Fazenda Equipe' });
    const usersOf = () => get(app.app, admin, '/api/users');
    const farmerIn = (response: LightMyRequestResponse) =>
      response.json<Member[]>().find((member) => member.id === farmer.id);
    expect(farmerIn(await usersOf())).toMatchObject({ name: 'Test User', farm_ids: [] });

    // The person's own phone, through the API: the next list shows it.
    const phone = await app.app.inject({
      method: 'POST',
      url: `/api/users/${farmer.id}/phones`,
      headers: bearer(farmer.token),
      payload: { phone: '+5543999990000' },
    });
    expect(phone.statusCode).toBeLessThan(300);
    expect(farmerIn(await usersOf())?.phones).toEqual(['+5543999990000']);

    // Straight to the database, as another process would: the name and a farm assignment.
    await app.db.update(t.users).set({ name: 'Renamed Farmer' }).where(eq(t.users.id, farmer.id));
    await untilSeen(usersOf, (response) => farmerIn(response)?.name === 'Renamed Farmer');
    const [membership] = await app.db
      .select({ id: t.memberships.id })
      .from(t.memberships)
      .where(eq(t.memberships.userId, farmer.id));
    await app.db
      .insert(t.membershipFarms)
      .values({ accountId, membershipId: membership!.id, farmId });
    const assigned = await untilSeen(usersOf, (response) =>
      (farmerIn(response)?.farm_ids ?? []).includes(farmId),
    );
    expect(farmerIn(assigned)).toMatchObject({ name: 'Renamed Farmer', farm_ids: [farmId] });
  });

  it('what another process writes is answered once its notification arrives', async () => {
    const { accountId, farmId, token } = await farmWithPlot();
    expect(plotNames(await plotsOf(app.app, token, farmId))).toEqual(['Talhão Kept']);
    expect((await farmsOf(app.app, token)).json<Farm[]>()[0]).toMatchObject({
      nome: 'Fazenda Kept',
    });
    expect((await sowingsOf(app.app, token, farmId)).json()).toHaveLength(1);

    // Straight to the database, as another process would: only the notification tells this one.
    await makePlot(app.db, accountId, farmId, { name: 'Talhão Elsewhere', east: 1 });
    expect(
      plotNames(
        await untilSeen(
          () => plotsOf(app.app, token, farmId),
          (response) => plotNames(response).length === 2,
        ),
      ).sort(),
    ).toEqual(['Talhão Elsewhere', 'Talhão Kept']);

    await app.db.update(t.farms).set({ name: 'Renamed Elsewhere' }).where(eq(t.farms.id, farmId));
    const farms = await untilSeen(
      () => farmsOf(app.app, token),
      (response) => response.json<Farm[]>()[0]?.nome === 'Renamed Elsewhere',
    );
    expect(farms.json<Farm[]>()[0]).toMatchObject({ nome: 'Renamed Elsewhere', total_talhoes: 2 });

    await app.db.delete(t.sowings).where(eq(t.sowings.farmId, farmId));
    const sowings = await untilSeen(
      () => sowingsOf(app.app, token, farmId),
      (response) => response.json<unknown[]>().length === 0,
    );
    expect(sowings.json()).toEqual([]);

    // The farm's facts are kept with the version: a farm deleted elsewhere is no longer found.
    await app.db.update(t.farms).set({ deletedAt: new Date() }).where(eq(t.farms.id, farmId));
    const gone = await untilSeen(
      () => plotsOf(app.app, token, farmId),
      (response) => response.statusCode === 404,
    );
    expect(gone.statusCode).toBe(404);
    // The plots list finds its farm by a query of its own; the sowings list by the kept facts.
    const sowingsGone = await untilSeen(
      () => sowingsOf(app.app, token, farmId),
      (response) => response.statusCode === 404,
    );
    expect(sowingsGone.statusCode).toBe(404);
    // The forecast finds its farm by the kept facts too.
    const weatherGone = await untilSeen(
      () => get(app.app, token, `/api/farms/${farmId}/weather`),
      (response) => response.statusCode === 404,
    );
    expect(weatherGone.statusCode).toBe(404);
  });
});

describe('an instance whose listener hears nothing', () => {
  let deaf: FastifyInstance;

  beforeAll(async () => {
    // Listening, as far as it knows, but told of no change: only its own writes move its versions.
    deaf = await appOn(app.db, {
      schema: app.database.schema,
      listen: async (_channel, handlers) => {
        handlers.onState(true);
        return async () => undefined;
      },
    });
    await deaf.ready();
  });
  afterAll(() => deaf.close());

  it('answers its kept version until it writes itself', async () => {
    const { accountId, farmId, plotId, token } = await farmWithPlot();
    expect(plotNames(await plotsOf(deaf, token, farmId))).toEqual(['Talhão Kept']);

    // A write it is not told of: the kept version still names the answer (no query was made).
    await makePlot(app.db, accountId, farmId, { name: 'Talhão Unheard', east: 1 });
    expect(plotNames(await plotsOf(deaf, token, farmId))).toEqual(['Talhão Kept']);

    // Its own write forgets the account's version before it answers.
    const [sowing] = await app.db
      .select({ id: t.sowings.id })
      .from(t.sowings)
      .where(eq(t.sowings.plotId, plotId));
    const remove = await deaf.inject({
      method: 'DELETE',
      url: `/api/semeaduras/${sowing!.id}`,
      headers: bearer(token),
    });
    expect(remove.statusCode).toBe(204);
    expect(plotNames(await plotsOf(deaf, token, farmId)).sort()).toEqual([
      'Talhão Kept',
      'Talhão Unheard',
    ]);
  });
});

describe('two app instances on one database', () => {
  let other: { app: FastifyInstance; handle?: DatabaseHandle };

  beforeAll(async () => {
    // On PostgreSQL a second pool and listener on the same database, like a second process; PGlite
    // is one process's database, so the second instance shares it.
    const handle =
      app.database.kind === 'postgres'
        ? await openDatabase({ databaseUrl: app.databaseUrl })
        : undefined;
    const database = handle ?? app.database;
    other = { app: await appOn(database.db, database), ...(handle ? { handle } : {}) };
    await other.app.ready();
  });
  afterAll(async () => {
    await other.app.close();
    await other.handle?.close();
  });

  it("a write on one instance is answered by the other's next lists", async () => {
    const { farmId, plotId, token } = await farmWithPlot();
    expect(plotNames(await plotsOf(app.app, token, farmId))).toEqual(['Talhão Kept']);
    expect((await farmsOf(app.app, token)).json<Farm[]>()[0]).toMatchObject({ total_talhoes: 1 });

    const [sowing] = await app.db
      .select({ id: t.sowings.id })
      .from(t.sowings)
      .where(eq(t.sowings.plotId, plotId));
    for (const url of [`/api/semeaduras/${sowing!.id}`, `/api/talhoes/${plotId}`]) {
      const response = await other.app.inject({ method: 'DELETE', url, headers: bearer(token) });
      expect(response.statusCode).toBe(204);
    }
    const plots = await untilSeen(
      () => plotsOf(app.app, token, farmId),
      (response) => plotNames(response).length === 0,
    );
    expect(plotNames(plots)).toEqual([]);
    expect((await farmsOf(app.app, token)).json<Farm[]>()[0]).toMatchObject({ total_talhoes: 0 });
  });
});
