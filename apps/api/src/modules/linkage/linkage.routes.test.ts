import { PROFILE_IDS, addDays, todayIn, type LinkageOverview } from '@lavoura/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import * as t from '../../db/schema.ts';
import { outboxMailer } from '../../providers/mail/mailer.ts';
import { WeatherProviderError } from '../../providers/weather/weather-provider.ts';
import { assignFarms, makeFarm, makePlot, makeSowing } from '../../test/farm-factory.ts';
import {
  accountWith,
  bearer,
  makeAccount,
  makeUser,
  tokenFor,
} from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * GET /api/linkage/overview (issue 30 item 9): a consultant who belongs to several accounts sees,
 * across them, the farms each membership lets them see, and nothing of an account they do not
 * belong to.
 */
let app: TestApp;
let token: string;
let today: string;
const ids = {
  accountA: 0,
  accountB: 0,
  accountC: 0,
  accountPro: 0,
  farmA: 0,
  farmAHidden: 0,
  farmB: 0,
  farmPro: 0,
  dueA: 0,
  dueB: 0,
  laterA: 0,
  pausedProgramB: 0,
  pausedSprayB: 0,
  hiddenSpray: 0,
  otherSpray: 0,
  ripeSowingA: 0,
  harvestedSowingA: 0,
};

/** A sowing with an execution program and its sprayings (planned dates relative to today). */
async function program(
  accountId: number,
  farmId: number,
  plotName: string,
  sprays: { inDays: number; applied?: boolean }[],
  sowing: { emergedDaysAgo?: number; cycleDays?: number } = {},
) {
  const plotId = await makePlot(app.db, accountId, farmId, { name: plotName });
  const sowingId = await makeSowing(app.db, accountId, farmId, plotId);
  if (sowing.emergedDaysAgo !== undefined)
    await app.db
      .update(t.sowings)
      .set({
        sowingDate: addDays(today, -sowing.emergedDaysAgo - 7),
        emergenceDate: addDays(today, -sowing.emergedDaysAgo),
        estimatedCycle: sowing.cycleDays ?? 120,
      })
      .where(eq(t.sowings.id, sowingId));
  const [row] = await app.db
    .select({ seasonCropId: t.sowings.seasonCropId })
    .from(t.sowings)
    .where(eq(t.sowings.id, sowingId));
  const [created] = await app.db
    .insert(t.programs)
    .values({ accountId, farmId, sowingId, seasonCropId: row!.seasonCropId, name: plotName })
    .returning({ id: t.programs.id });
  const sprayIds = sprays.length
    ? (
        await app.db
          .insert(t.sprayings)
          .values(
            sprays.map((spray, index) => ({
              accountId,
              programId: created!.id,
              ordinal: index + 1,
              plannedDate: addDays(today, spray.inDays),
              appliedAt: spray.applied ? addDays(today, spray.inDays) : null,
            })),
          )
          .returning({ id: t.sprayings.id })
      ).map((spray) => spray.id)
    : [];
  return { sowingId, programId: created!.id, sprayIds };
}

beforeAll(async () => {
  app = await createTestApp();
  today = todayIn('America/Sao_Paulo', app.clock.now);
  ids.accountA = await makeAccount(app.db, { planId: 4, name: 'A Linkage Alfa' });
  ids.accountB = await makeAccount(app.db, { planId: 4, name: 'B Linkage Beta' });
  ids.accountC = await makeAccount(app.db, { planId: 4, name: 'C Linkage Gama' });
  // Pro: planning without executions or sowings.
  ids.accountPro = await makeAccount(app.db, { planId: 2, name: 'D Linkage Pro' });
  const consultant = await makeUser(app.db, { accountId: ids.accountA, profile: 'CON_REV' });
  await app.db.insert(t.memberships).values([
    {
      accountId: ids.accountB,
      userId: consultant.id,
      profileId: PROFILE_IDS.FARM,
      jobTitleId: 1,
    },
    {
      accountId: ids.accountPro,
      userId: consultant.id,
      profileId: PROFILE_IDS.CONTA,
      jobTitleId: 1,
    },
  ]);

  ids.farmA = await makeFarm(app.db, ids.accountA, { name: 'Fazenda Alfa' });
  ids.farmAHidden = await makeFarm(app.db, ids.accountA, { name: 'Fazenda Alfa Oculta' });
  ids.farmB = await makeFarm(app.db, ids.accountB, { name: 'Fazenda Beta' });
  const farmC = await makeFarm(app.db, ids.accountC, { name: 'Fazenda Gama' });
  ids.farmPro = await makeFarm(app.db, ids.accountPro, { name: 'Fazenda Pro' });
  await assignFarms(app.db, ids.accountA, consultant.id, [ids.farmA]);
  await assignFarms(app.db, ids.accountB, consultant.id, [ids.farmB]);

  const a = await program(ids.accountA, ids.farmA, 'Talhão A1', [
    { inDays: -5, applied: true },
    { inDays: 2 },
    { inDays: 10 },
  ]);
  ids.dueA = a.sprayIds[1]!;
  ids.laterA = a.sprayIds[2]!;
  const ripe = await program(ids.accountA, ids.farmA, 'Talhão A2', [], {
    emergedDaysAgo: 130,
    cycleDays: 120,
  });
  ids.ripeSowingA = ripe.sowingId;
  const harvested = await program(ids.accountA, ids.farmA, 'Talhão A3', [], {
    emergedDaysAgo: 130,
    cycleDays: 120,
  });
  ids.harvestedSowingA = harvested.sowingId;
  await app.db.insert(t.harvests).values({
    accountId: ids.accountA,
    sowingId: harvested.sowingId,
    harvestDate: addDays(today, -1),
    productivity: 60,
  });
  // Growing: emerged 30 days ago of a 120-day cycle.
  await program(ids.accountA, ids.farmA, 'Talhão A4', [], { emergedDaysAgo: 30, cycleDays: 120 });
  ids.hiddenSpray = (
    await program(ids.accountA, ids.farmAHidden, 'Talhão Oculto', [{ inDays: 1 }])
  ).sprayIds[0]!;

  ids.dueB = (await program(ids.accountB, ids.farmB, 'Talhão B1', [{ inDays: 0 }])).sprayIds[0]!;
  const paused = await program(ids.accountB, ids.farmB, 'Talhão B2', [{ inDays: 3 }]);
  ids.pausedProgramB = paused.programId;
  ids.pausedSprayB = paused.sprayIds[0]!;
  await app.db.insert(t.programPauses).values({
    accountId: ids.accountB,
    programId: paused.programId,
    reasonId: 1,
    pausedAt: addDays(today, -2),
  });
  ids.otherSpray = (await program(ids.accountC, farmC, 'Talhão C1', [{ inDays: 1 }])).sprayIds[0]!;
  await program(ids.accountPro, ids.farmPro, 'Talhão Pro', [{ inDays: 1 }]);

  token = await tokenFor(app, consultant.email);
});

afterAll(async () => {
  await app?.close();
});

async function overview(bearerToken = token) {
  return app.app.inject({
    method: 'GET',
    url: '/api/linkage/overview',
    headers: bearer(bearerToken),
  });
}

describe('GET /api/linkage/overview', () => {
  it('answers every account the consultant belongs to, and only those', async () => {
    const response = await overview();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<LinkageOverview>();
    expect(body.days).toBe(7);
    expect(body.accounts.map((account) => [account.id, account.name, account.current])).toEqual([
      [ids.accountA, 'A Linkage Alfa', true],
      [ids.accountB, 'B Linkage Beta', false],
      [ids.accountPro, 'D Linkage Pro', false],
    ]);
    expect(JSON.stringify(body)).not.toContain('Gama');
    expect(JSON.stringify(body)).not.toContain(`"spraying_id":${ids.otherSpray}`);
  });

  it("lists both accounts' sprayings due in the next 7 days with their window", async () => {
    const body = (await overview()).json<LinkageOverview>();
    const farmA = body.accounts[0]!.farms.find((farm) => farm.id === ids.farmA)!;
    expect(farmA.today).toBe(today);
    expect(
      farmA.due.map((spray) => [spray.spraying_id, spray.ordinal, spray.planned_date]),
    ).toEqual([[ids.dueA, 2, addDays(today, 2)]]);
    expect(farmA.due[0]!.plot_name).toBe('Talhão A1');
    // The offline provider's forecast: each due day has its window, marked simulated.
    expect(farmA.due[0]!.spray_window?.simulated).toBe(true);
    expect(farmA.weather_available).toBe(true);
    const farmB = body.accounts[1]!.farms.find((farm) => farm.id === ids.farmB)!;
    expect(farmB.due.map((spray) => spray.spraying_id)).toEqual([ids.dueB]);
    for (const alert of [...farmA.rain_alerts, ...farmB.rain_alerts]) {
      expect(alert.rain_mm).toBeGreaterThanOrEqual(10);
      expect([ids.dueA, ids.dueB]).toContain(alert.spraying_id);
    }
  });

  it('leaves out a farm the membership is not assigned', async () => {
    const body = (await overview()).json<LinkageOverview>();
    expect(body.accounts[0]!.farms.map((farm) => farm.id)).toEqual([ids.farmA]);
    expect(body.accounts[1]!.farms.map((farm) => farm.id)).toEqual([ids.farmB]);
    expect(JSON.stringify(body)).not.toContain(`"spraying_id":${ids.hiddenSpray}`);
  });

  it('lists paused programs, whose sprayings are not due', async () => {
    const farmB = (await overview())
      .json<LinkageOverview>()
      .accounts[1]!.farms.find((farm) => farm.id === ids.farmB)!;
    expect(farmB.paused).toEqual([
      {
        program_id: ids.pausedProgramB,
        sowing_id: expect.any(Number),
        plot_name: 'Talhão B2',
        reason_id: 1,
        paused_at: addDays(today, -2),
      },
    ]);
    expect(farmB.due.map((spray) => spray.spraying_id)).not.toContain(ids.pausedSprayB);
  });

  it('lists current-season sowings past their expected harvest without one', async () => {
    const farmA = (await overview())
      .json<LinkageOverview>()
      .accounts[0]!.farms.find((farm) => farm.id === ids.farmA)!;
    expect(farmA.missing_harvests).toEqual([
      { sowing_id: ids.ripeSowingA, plot_name: 'Talhão A2', expected_harvest: addDays(today, -10) },
    ]);
  });

  it("shows nothing of executions where the account's plan does not include them", async () => {
    const pro = (await overview())
      .json<LinkageOverview>()
      .accounts.find((account) => account.id === ids.accountPro)!;
    expect(pro.sections).toEqual({ executions: false, sowings: false });
    expect(pro.farms).toEqual([
      expect.objectContaining({ id: ids.farmPro, due: [], paused: [], missing_harvests: [] }),
    ]);
  });

  it('leaves the windows and rain alerts out when the forecast fails, never the page', async () => {
    const down = () => Promise.reject(new WeatherProviderError('provider down'));
    const other = await buildApp({
      db: app.db,
      maintenance: { enabled: false },
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
      mailer: outboxMailer(app.outboxDir, 'Lavoura <no-reply@lavoura.test>'),
      publicUrl: 'http://lavoura.test',
      now: () => app.clock.now,
      weatherProvider: { name: 'open-meteo', simulated: false, forecast: down, history: down },
    });
    try {
      await other.ready();
      const response = await other.inject({
        method: 'GET',
        url: '/api/linkage/overview',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      const farmA = response
        .json<LinkageOverview>()
        .accounts[0]!.farms.find((farm) => farm.id === ids.farmA)!;
      expect(farmA.weather_available).toBe(false);
      expect(farmA.due.map((spray) => [spray.spraying_id, spray.spray_window])).toEqual([
        [ids.dueA, undefined],
      ]);
      expect(farmA.rain_alerts).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('forgets a membership deactivated since', async () => {
    const user = await makeUser(app.db, { accountId: ids.accountB, profile: 'CONTA' });
    await app.db.insert(t.memberships).values({
      accountId: ids.accountC,
      userId: user.id,
      profileId: PROFILE_IDS.CONTA,
      jobTitleId: 1,
      active: false,
    });
    const body = (await overview(await tokenFor(app, user.email))).json<LinkageOverview>();
    expect(body.accounts.map((account) => account.id)).toEqual([ids.accountB]);
    // An administrator's membership sees every farm of the account.
    expect(body.accounts[0]!.farms.map((farm) => farm.id)).toEqual([ids.farmB]);
  });

  it('refuses a member without the permission (a plan below Full) with 403', async () => {
    const lavoura = await accountWith(app, ['CONTA'], { planId: 3 });
    const response = await overview(lavoura.members.CONTA!.token);
    expect(response.statusCode).toBe(403);
  });

  it('refuses without a session with 401', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/linkage/overview' });
    expect(response.statusCode).toBe(401);
  });
});
