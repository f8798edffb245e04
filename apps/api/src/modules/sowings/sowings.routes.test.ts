import {
  addDays,
  currentSeasonStartYear,
  currentStage,
  seasonPeriod,
  todayIn,
} from '@lavoura/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import {
  assignFarms,
  makeFarm,
  makePlot,
  makeSowing,
  place,
  seasonCropStarting,
} from '../../test/farm-factory.ts';
import { accountWith, bearer, makeUser, tokenFor } from '../../test/identity-factory.ts';
import { createTestApp, versionsHeard, type TestApp } from '../../test/test-app.ts';

/** Sowings (issue 12 items 1–2): the CRUD, every refusal with its key and nothing written. */

let app: TestApp;
let accountId: number;
let token: string;
let farmId: number;
let plotId: number;
let farmVarietyId: number;
let varietyId: number;
let seasonCropId: number;
let previousSeasonCropId: number;
let season: { start_period: string; end_period: string };
let agronomist: { token: string; assignedFarmId: number };
let stranger: { token: string; accountId: number; farmId: number; plotId: number; variety: number };

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  as = token,
  payload?: unknown,
) => app.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

const sowingCount = async (account = accountId) => {
  const [row] = await app.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(t.sowings)
    .where(eq(t.sowings.accountId, account));
  return row!.n;
};
const sowingRow = async (id: number) =>
  (await app.db.select().from(t.sowings).where(eq(t.sowings.id, id)))[0]!;

const seasonCropOf = (cropId: number, startPeriod: string) =>
  seasonCropStarting(app.db, startPeriod, 1, cropId);

async function addVariety(account: number, farm: number, seasonCrop = seasonCropId) {
  const [row] = await app.db
    .insert(t.farmVarieties)
    .values({ accountId: account, farmId: farm, seasonCropId: seasonCrop, varietyId })
    .returning({ id: t.farmVarieties.id });
  return row!.id;
}

async function harvest(account: number, sowingId: number) {
  await app.db.insert(t.harvests).values({
    accountId: account,
    sowingId,
    harvestDate: todayIn('America/Sao_Paulo'),
    productivity: 62,
  });
}

/** A valid body for the account's farm and plot, with every seeding parameter. */
const body = (overrides: Record<string, unknown> = {}) => ({
  fazenda_id: farmId,
  talhao_id: plotId,
  cultivar_id: farmVarietyId,
  area: 40,
  data_semeadura: addDays(season.start_period, 10),
  data_emergencia: addDays(season.start_period, 16),
  quantidade: 1200,
  origem: 'comprado',
  seeder_system_id: 6,
  seed_class_id: 1,
  estimated_cycle: 120,
  germinative_power: 90,
  seed_vigor: 85,
  line_spacing: 45,
  population_lines: 14,
  operating_speed: 6,
  seed_treatment: 'fungicida',
  inoculant: 'bradyrhizobium',
  ...overrides,
});

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  token = account.members.CONTA!.token;
  farmId = await makeFarm(app.db, accountId, { name: 'Sede' });
  plotId = await makePlot(app.db, accountId, farmId, { area: 100 });
  const year = currentSeasonStartYear(1, 1, todayIn('America/Sao_Paulo'));
  season = seasonPeriod(1, 1, year);
  seasonCropId = await seasonCropOf(1, season.start_period);
  previousSeasonCropId = await seasonCropOf(1, seasonPeriod(1, 1, year - 1).start_period);
  const [variety] = await app.db
    .select({ id: t.varieties.id })
    .from(t.varieties)
    .where(and(eq(t.varieties.cropId, 1), eq(t.varieties.listed, true)))
    .limit(1);
  varietyId = variety!.id;
  farmVarietyId = await addVariety(accountId, farmId);

  const assignedFarmId = await makeFarm(app.db, accountId, { name: 'Retiro' });
  const member = await makeUser(app.db, { accountId, profile: 'FARM' });
  await assignFarms(app.db, accountId, member.id, [assignedFarmId]);
  agronomist = { token: await tokenFor(app, member.email), assignedFarmId };

  const other = await accountWith(app, ['CONTA'], { planId: 4 });
  const otherFarm = await makeFarm(app.db, other.accountId);
  stranger = {
    token: other.members.CONTA!.token,
    accountId: other.accountId,
    farmId: otherFarm,
    plotId: await makePlot(app.db, other.accountId, otherFarm),
    variety: await addVariety(other.accountId, otherFarm),
  };
});
afterAll(() => app.close());

describe('a sowing’s life', () => {
  it('creates, lists, changes and deletes a sowing', async () => {
    const created = await call('POST', '/api/semeaduras', token, body());
    expect(created.statusCode).toBe(201);
    const sowing = created.json();
    const today = todayIn('America/Sao_Paulo', app.clock.now);
    const stage = currentStage(1, { emergence: body().data_emergencia, cycleDays: 120 }, [], today);
    expect(sowing).toMatchObject({
      talhao_id: plotId,
      fazenda_id: farmId,
      cultivar_id: farmVarietyId,
      semente_id: varietyId,
      crop_id: 1,
      season_crop_id: seasonCropId,
      area: 40,
      data_semeadura: body().data_semeadura,
      data_emergencia: body().data_emergencia,
      quantidade: 1200,
      origem: 'comprado',
      seeder_system_id: 6,
      seed_class_id: 1,
      estimated_cycle: 120,
      germinative_power: 90,
      seed_vigor: 85,
      line_spacing: 45,
      population_lines: 14,
      operating_speed: 6,
      seed_treatment: 'fungicida',
      inoculant: 'bradyrhizobium',
      estadio_atual: stage
        ? { id: stage.id, code: stage.code, message_key: stage.message_key }
        : null,
      colheita: null,
      plot_enabled: true,
      active: true,
    });
    expect(['sown', 'ready_to_harvest']).toContain(sowing.status);

    const listed = await call('GET', `/api/semeaduras?fazenda_id=${farmId}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([sowing]);
    const outside = await call(
      'GET',
      `/api/semeaduras?fazenda_id=${farmId}&start_period=2001-01-01&end_period=2001-12-31`,
    );
    expect(outside.json()).toEqual([]);
    const inside = await call(
      'GET',
      `/api/semeaduras?fazenda_id=${farmId}&start_period=${season.start_period}&end_period=${season.end_period}`,
    );
    expect(inside.json().map((row: { id: number }) => row.id)).toEqual([sowing.id]);

    // An observed stage wins over the estimate.
    await app.db.insert(t.sowingStageObservations).values({
      accountId,
      sowingId: sowing.id,
      growthStageId: 12, // a soybean stage
      observedAt: new Date(app.clock.now.getTime() - 60_000),
    });
    await versionsHeard(app);
    const observed = (await call('GET', `/api/semeaduras?fazenda_id=${farmId}`)).json()[0];
    expect(observed.estadio_atual.id).toBe(12);

    const changed = await call(
      'PUT',
      `/api/semeaduras/${sowing.id}`,
      token,
      body({ area: 55.5, origem: 'próprio', seed_vigor: null }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: sowing.id,
      area: 55.5,
      origem: 'próprio',
      seed_vigor: null,
    });
    expect(await sowingRow(sowing.id)).toMatchObject({ area: 55.5, seedOrigin: 'próprio' });

    const deleted = await call('DELETE', `/api/semeaduras/${sowing.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await sowingRow(sowing.id)).deletedAt).not.toBeNull();
    expect((await call('GET', `/api/semeaduras?fazenda_id=${farmId}`)).json()).toEqual([]);
    expect((await call('DELETE', `/api/semeaduras/${sowing.id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/semeaduras/${sowing.id}`, token, body())).statusCode).toBe(404);
  });
});

describe('refusals of a new sowing, each writing nothing', () => {
  const refused = async (payload: unknown, status: number, key: string, as = token) => {
    const before = await sowingCount();
    const answer = await call('POST', '/api/semeaduras', as, payload);
    expect(answer.statusCode).toBe(status);
    expect(answer.json().key).toBe(key);
    expect(await sowingCount()).toBe(before);
    return answer;
  };

  it('a farm of another account, or not assigned to the member, in the body: 400 exception.farm_not_found', async () => {
    await refused(
      body({
        fazenda_id: stranger.farmId,
        talhao_id: stranger.plotId,
        cultivar_id: stranger.variety,
      }),
      400,
      'exception.farm_not_found',
    );
    expect(await sowingCount(stranger.accountId)).toBe(0);
    await refused(body(), 400, 'exception.farm_not_found', agronomist.token);
    // In the query (a page of the farm's sowings) the same farm is not found.
    expect((await call('GET', `/api/semeaduras?fazenda_id=${stranger.farmId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/api/semeaduras?fazenda_id=${farmId}`, agronomist.token)).statusCode,
    ).toBe(404);
  });

  it('a plot of another farm: 400 exception.plot_not_found', async () => {
    const otherPlot = await makePlot(app.db, accountId, agronomist.assignedFarmId);
    await refused(body({ talhao_id: otherPlot }), 400, 'exception.plot_not_found');
    await refused(body({ talhao_id: stranger.plotId }), 400, 'exception.plot_not_found');
  });

  it('a disabled farm or plot: 409 exception.farm.disabled / exception.plot.disabled', async () => {
    const disabledFarm = await makeFarm(app.db, accountId, { enabled: false });
    const itsPlot = await makePlot(app.db, accountId, disabledFarm);
    const itsVariety = await addVariety(accountId, disabledFarm);
    await refused(
      body({ fazenda_id: disabledFarm, talhao_id: itsPlot, cultivar_id: itsVariety }),
      409,
      'exception.farm.disabled',
    );
    const disabledPlot = await makePlot(app.db, accountId, farmId, { enabled: false });
    await refused(body({ talhao_id: disabledPlot }), 409, 'exception.plot.disabled');
  });

  it('a variety not added to the farm: 400 exception.variety.not_added', async () => {
    const elsewhere = await addVariety(accountId, agronomist.assignedFarmId);
    await refused(body({ cultivar_id: elsewhere }), 400, 'exception.variety.not_added');
    await refused(body({ cultivar_id: stranger.variety }), 400, 'exception.variety.not_added');
  });

  it('emergence before sowing, or outside the season: 400', async () => {
    await refused(
      body({
        data_semeadura: addDays(season.start_period, 20),
        data_emergencia: addDays(season.start_period, 19),
      }),
      400,
      'exception.sowing.emergence_before_sowing',
    );
    await refused(
      body({ data_semeadura: null, data_emergencia: addDays(season.end_period, 1) }),
      400,
      'exception.sowing.emergence_outside_season',
    );
    await refused(
      body({ data_semeadura: null, data_emergencia: addDays(season.start_period, -1) }),
      400,
      'exception.sowing.emergence_outside_season',
    );
  });

  it('a seeding parameter out of its limits: 400 exception.validation_error', async () => {
    await refused(body({ population_lines: 26 }), 400, 'exception.validation_error');
    await refused(body({ seed_vigor: 101 }), 400, 'exception.validation_error');
  });
});

describe('the USA’s season calendar (item 6)', () => {
  it('takes a winter-wheat sowing that emerges in the fall into the US season that ends next August', async () => {
    const iowa = await place(app.db, 'IA', 'Story County', 3);
    const usFarm = await makeFarm(app.db, accountId, {
      name: 'Ames',
      at: { place: iowa, timeZone: 'America/Chicago' },
    });
    const usPlot = await makePlot(app.db, accountId, usFarm, { area: 80 });
    const today = todayIn('America/Chicago');
    const wheatSeason = seasonPeriod(3, 2, currentSeasonStartYear(3, 2, today));
    expect(wheatSeason.start_period.slice(5)).toBe('09-01');
    const [seasonCrop] = await app.db
      .select()
      .from(t.seasonCrops)
      .where(
        and(
          eq(t.seasonCrops.countryId, 3),
          eq(t.seasonCrops.cropId, 2),
          eq(t.seasonCrops.startPeriod, wheatSeason.start_period),
        ),
      );
    expect(seasonCrop!.endPeriod).toBe(wheatSeason.end_period);
    const [wheat] = await app.db
      .select({ id: t.varieties.id })
      .from(t.varieties)
      .where(eq(t.varieties.cropId, 2))
      .limit(1);
    const [farmVariety] = await app.db
      .insert(t.farmVarieties)
      .values({ accountId, farmId: usFarm, seasonCropId: seasonCrop!.id, varietyId: wheat!.id })
      .returning({ id: t.farmVarieties.id });
    // Emerging in October: after Brazil's wheat season (Jan 1 – Sep 30) has ended that year.
    const emergence = addDays(wheatSeason.start_period, 40);
    const created = await call('POST', '/api/semeaduras', token, {
      ...body({ fazenda_id: usFarm, talhao_id: usPlot, cultivar_id: farmVariety!.id }),
      data_semeadura: addDays(wheatSeason.start_period, 32),
      data_emergencia: emergence,
      estimated_cycle: 260,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      season_crop_id: seasonCrop!.id,
      data_emergencia: emergence,
    });
    // It is the current season there, so the sowing can still be changed.
    const changed = await call('PUT', `/api/semeaduras/${created.json().id}`, token, {
      ...body({ fazenda_id: usFarm, talhao_id: usPlot, cultivar_id: farmVariety!.id }),
      data_semeadura: addDays(wheatSeason.start_period, 32),
      data_emergencia: emergence,
      area: 60,
    });
    expect(changed.statusCode).toBe(200);
  });
});

describe('the plot’s sowings', () => {
  let plot: number;
  let first: number;
  let second: number;

  beforeAll(async () => {
    plot = await makePlot(app.db, accountId, farmId, { name: 'Talhão 2', area: 100 });
  });

  it('a plot with an unharvested sowing takes no other: 409 exception.plot.has_unharvested_sowing', async () => {
    const created = await call(
      'POST',
      '/api/semeaduras',
      token,
      body({ talhao_id: plot, area: 60 }),
    );
    expect(created.statusCode).toBe(201);
    first = created.json().id;
    const before = await sowingCount();
    const answer = await call(
      'POST',
      '/api/semeaduras',
      token,
      body({ talhao_id: plot, area: 10 }),
    );
    expect(answer.statusCode).toBe(409);
    expect(answer.json().key).toBe('exception.plot.has_unharvested_sowing');
    expect(await sowingCount()).toBe(before);
  });

  it('once harvested, the sown area counts against the plot: 400 with the remaining area', async () => {
    await harvest(accountId, first);
    const before = await sowingCount();
    const tooMuch = await call(
      'POST',
      '/api/semeaduras',
      token,
      body({ talhao_id: plot, area: 40.01 }),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().key).toBe('exception.sowing.area_exceeds_remaining');
    expect(tooMuch.json().context.additionalInfo).toEqual({ remaining_area: 40 });
    expect(await sowingCount()).toBe(before);

    const fits = await call('POST', '/api/semeaduras', token, body({ talhao_id: plot, area: 40 }));
    expect(fits.statusCode).toBe(201);
    second = fits.json().id;
    expect(
      (await call('GET', `/api/semeaduras?fazenda_id=${farmId}`))
        .json()
        .find((row: { id: number }) => row.id === first),
    ).toMatchObject({ status: 'harvested', colheita: { produtividade: 62, perda: false } });
  });

  it('a change counts the other sowings, not itself', async () => {
    const snapshot = await sowingRow(second);
    const tooMuch = await call(
      'PUT',
      `/api/semeaduras/${second}`,
      token,
      body({ talhao_id: plot, area: 41 }),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().key).toBe('exception.sowing.area_exceeds_remaining');
    expect(tooMuch.json().context.additionalInfo).toEqual({ remaining_area: 40 });
    expect(await sowingRow(second)).toEqual(snapshot);
    const same = await call(
      'PUT',
      `/api/semeaduras/${second}`,
      token,
      body({ talhao_id: plot, area: 40, inoculant: 'x' }),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json().inoculant).toBe('x');
  });

  it('a harvested sowing keeps its sowing date (409 exception.sowing.date_locked) and is not deleted (409 exception.sowing.has_harvest)', async () => {
    const snapshot = await sowingRow(first);
    const moved = await call(
      'PUT',
      `/api/semeaduras/${first}`,
      token,
      body({ talhao_id: plot, area: 60, data_semeadura: addDays(season.start_period, 11) }),
    );
    expect(moved.statusCode).toBe(409);
    expect(moved.json().key).toBe('exception.sowing.date_locked');
    expect(await sowingRow(first)).toEqual(snapshot);

    const kept = await call(
      'PUT',
      `/api/semeaduras/${first}`,
      token,
      body({ talhao_id: plot, area: 60, origem: 'próprio' }),
    );
    expect(kept.statusCode).toBe(200);
    expect(kept.json().origem).toBe('próprio');

    const deleted = await call('DELETE', `/api/semeaduras/${first}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().key).toBe('exception.sowing.has_harvest');
    expect((await sowingRow(first)).deletedAt).toBeNull();
  });

  it('a sowing of another season is read-only: 409 exception.sowing.other_season', async () => {
    const plot3 = await makePlot(app.db, accountId, farmId, { name: 'Talhão 3' });
    const old = await makeSowing(app.db, accountId, farmId, plot3, {
      seasonCropId: previousSeasonCropId,
      area: 30,
    });
    const snapshot = await sowingRow(old);
    const changed = await call(
      'PUT',
      `/api/semeaduras/${old}`,
      token,
      body({ talhao_id: plot3, area: 30 }),
    );
    expect(changed.statusCode).toBe(409);
    expect(changed.json().key).toBe('exception.sowing.other_season');
    const deleted = await call('DELETE', `/api/semeaduras/${old}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().key).toBe('exception.sowing.other_season');
    expect(await sowingRow(old)).toEqual(snapshot);
    // The list answers the current season; a past one is asked for by its season-crop.
    const current = (await call('GET', `/api/semeaduras?fazenda_id=${farmId}`)).json();
    expect(current.some((row: { id: number }) => row.id === old)).toBe(false);
    const listed = (
      await call(
        'GET',
        `/api/semeaduras?fazenda_id=${farmId}&season_crop_id=${previousSeasonCropId}`,
      )
    ).json();
    expect(listed.find((row: { id: number }) => row.id === old)).toMatchObject({
      active: false,
      cultivar_id: null,
      status: 'planned',
    });
  });

  it('another account’s sowing, or one of a farm not assigned: 404, unchanged', async () => {
    const snapshot = await sowingRow(second);
    for (const as of [stranger.token, agronomist.token]) {
      const changed = await call(
        'PUT',
        `/api/semeaduras/${second}`,
        as,
        body({ talhao_id: plot, area: 1 }),
      );
      expect(changed.statusCode).toBe(404);
      expect(changed.json().key).toBe('exception.not_found');
      const deleted = await call('DELETE', `/api/semeaduras/${second}`, as);
      expect(deleted.statusCode).toBe(404);
    }
    expect(await sowingRow(second)).toEqual(snapshot);
  });

  it('its own sowing moved to another account’s farm: 400 exception.farm_not_found, unchanged', async () => {
    const snapshot = await sowingRow(second);
    const moved = await call(
      'PUT',
      `/api/semeaduras/${second}`,
      token,
      body({
        fazenda_id: stranger.farmId,
        talhao_id: stranger.plotId,
        cultivar_id: stranger.variety,
        area: 1,
      }),
    );
    expect([moved.statusCode, moved.json().key]).toEqual([400, 'exception.farm_not_found']);
    expect(await sowingRow(second)).toEqual(snapshot);
    expect(await sowingCount(stranger.accountId)).toBe(0);
  });
});

describe('the plot’s remaining area and the sowing rule count the same sowings', () => {
  it('a harvested sowing counts in both: exactly the remaining area fits, 0.01 ha more is refused', async () => {
    const plot = await makePlot(app.db, accountId, farmId, { name: 'Talhão R', area: 39.15 });
    // Planned (no sowing date), so today's harvest is valid whatever day the season is at.
    const planned = { talhao_id: plot, data_semeadura: null, data_emergencia: null };
    const harvested = await call('POST', '/api/semeaduras', token, body({ ...planned, area: 30 }));
    expect(harvested.statusCode).toBe(201);
    const harvestedId = harvested.json().id;
    const harvesting = await call('POST', `/api/semeaduras/${harvestedId}/colheita`, token, {
      data_colheita: todayIn('America/Sao_Paulo'),
      produtividade: 60,
    });
    expect(harvesting.statusCode).toBe(201);
    // The harvest closed the sowing: the plot takes a new one.
    expect((await sowingRow(harvestedId)).closedAt).not.toBeNull();

    const remaining = async () =>
      (await call('GET', `/api/talhoes/${plot}/remaining-area`)).json<{
        area: number;
        sown_area: number;
        remaining_area: number;
      }>();
    const listed = async () =>
      (await call('GET', `/api/talhoes/${farmId}`))
        .json<{ id: number; remaining_area: number; sown_areas: unknown }[]>()
        .find((row) => row.id === plot)!;
    expect(await remaining()).toEqual({ area: 39.15, sown_area: 30, remaining_area: 9.15 });
    expect(await listed()).toMatchObject({
      remaining_area: 9.15,
      sown_areas: [{ season_crop_id: seasonCropId, area: 30 }],
    });

    const before = await sowingCount();
    const tooMuch = await call('POST', '/api/semeaduras', token, body({ ...planned, area: 9.16 }));
    expect([tooMuch.statusCode, tooMuch.json().key]).toEqual([
      400,
      'exception.sowing.area_exceeds_remaining',
    ]);
    expect(tooMuch.json().context.additionalInfo).toEqual({
      remaining_area: (await remaining()).remaining_area,
    });
    expect(await sowingCount()).toBe(before);

    const fits = await call('POST', '/api/semeaduras', token, body({ ...planned, area: 9.15 }));
    expect(fits.statusCode).toBe(201);
    expect(await remaining()).toEqual({ area: 39.15, sown_area: 39.15, remaining_area: 0 });
    expect((await listed()).remaining_area).toBe(0);
  });
});

describe('a sowing a spray program uses (the checks [programs] relies on)', () => {
  let sowing: number;
  let program: number;

  beforeAll(async () => {
    const plot = await makePlot(app.db, accountId, farmId, { name: 'Talhão P', area: 100 });
    const created = await call(
      'POST',
      '/api/semeaduras',
      token,
      body({ talhao_id: plot, area: 50 }),
    );
    sowing = created.json().id;
    const [row] = await app.db
      .insert(t.programs)
      .values({ accountId, farmId, sowingId: sowing })
      .returning({ id: t.programs.id });
    program = row!.id;
    await app.db.insert(t.sprayings).values([
      { accountId, programId: program, ordinal: 1, plannedDate: addDays(season.start_period, 50) },
      { accountId, programId: program, ordinal: 2, plannedDate: addDays(season.start_period, 70) },
    ]);
  });
  const listed = async () =>
    ((await call('GET', `/api/semeaduras?fazenda_id=${farmId}`)).json() as { id: number }[]).find(
      (row) => row.id === sowing,
    );

  it('answers its program, the spray counts and the next application date, in the list and alone', async () => {
    const expected = {
      programa: { id: program },
      total_aplicacoes: 2,
      total_execucoes: 0,
      total_sprayings: 2,
      data_ideal_proxima_aplicacao: addDays(season.start_period, 50),
    };
    expect(await listed()).toMatchObject(expected);
    const one = await call('GET', `/api/semeaduras/${sowing}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: sowing, ...expected });
  });

  it('is not deleted while a program uses it: 409 exception.sowing.used_in_program', async () => {
    const snapshot = await sowingRow(sowing);
    const deleted = await call('DELETE', `/api/semeaduras/${sowing}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().key).toBe('exception.sowing.used_in_program');
    expect(await sowingRow(sowing)).toEqual(snapshot);
  });

  it('moves its program’s planned sprays when the emergence or cycle changes beyond the tolerances (6 and 5 days)', async () => {
    const plot = await makePlot(app.db, accountId, farmId, { name: 'Talhão Q', area: 100 });
    const own = (await call('POST', '/api/semeaduras', token, body({ talhao_id: plot }))).json();
    const [row] = await app.db
      .insert(t.programs)
      .values({ accountId, farmId, sowingId: own.id, seasonCropId, mainDiseaseId: 1 })
      .returning({ id: t.programs.id });
    const emergence = addDays(season.start_period, 16);
    await app.db.insert(t.sprayings).values([
      { accountId, programId: row!.id, ordinal: 1, plannedDate: addDays(emergence, 38) },
      { accountId, programId: row!.id, ordinal: 2, plannedDate: addDays(emergence, 59) },
    ]);
    const planned = async () =>
      (
        await app.db
          .select({ date: t.sprayings.plannedDate })
          .from(t.sprayings)
          .where(eq(t.sprayings.programId, row!.id))
          .orderBy(t.sprayings.ordinal)
      ).map((spray) => spray.date);
    const save = (emergenceDay: number, cycle: number) =>
      call(
        'PUT',
        `/api/semeaduras/${own.id}`,
        token,
        body({
          talhao_id: plot,
          data_emergencia: addDays(season.start_period, emergenceDay),
          estimated_cycle: cycle,
        }),
      );
    // 3 days later and 4 more days of cycle: within the tolerances, nothing moves.
    expect((await save(19, 124)).statusCode).toBe(200);
    expect(await planned()).toEqual([addDays(emergence, 38), addDays(emergence, 59)]);
    // 7 days after that save, a 130-day cycle: the first at the same point of the new cycle (35
    // of 124 days then, 35·130/124 ≈ 37 days after the new emergence), the second chained after.
    expect((await save(26, 130)).statusCode).toBe(200);
    const [first, second] = await planned();
    expect(first).toBe(addDays(season.start_period, 26 + 37));
    expect(second! > first!).toBe(true);
    expect(second).not.toBe(addDays(emergence, 59));
  });

  it('once a spray is applied, its date is locked (409 date_locked) and it is not deleted (409 has_applied_sprays)', async () => {
    await app.db
      .update(t.sprayings)
      .set({ appliedAt: addDays(season.start_period, 51) })
      .where(and(eq(t.sprayings.programId, program), eq(t.sprayings.ordinal, 1)));
    expect(await listed()).toMatchObject({
      total_execucoes: 1,
      total_sprayings: 1,
      data_ideal_proxima_aplicacao: addDays(season.start_period, 70),
    });
    const snapshot = await sowingRow(sowing);
    const moved = await call(
      'PUT',
      `/api/semeaduras/${sowing}`,
      token,
      body({
        talhao_id: snapshot.plotId,
        area: 50,
        data_semeadura: addDays(season.start_period, 12),
      }),
    );
    expect(moved.statusCode).toBe(409);
    expect(moved.json().key).toBe('exception.sowing.date_locked');
    const deleted = await call('DELETE', `/api/semeaduras/${sowing}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().key).toBe('exception.sowing.has_applied_sprays');
    expect(await sowingRow(sowing)).toEqual(snapshot);
    // The other fields stay editable.
    const kept = await call(
      'PUT',
      `/api/semeaduras/${sowing}`,
      token,
      body({ talhao_id: snapshot.plotId, area: 45 }),
    );
    expect(kept.statusCode).toBe(200);
    expect(kept.json().area).toBe(45);
  });
});

describe('include= on the list', () => {
  it('adds every harvest, the variety and its regional parameters when asked, and refuses an unknown one', async () => {
    const plot = await makePlot(app.db, accountId, farmId, { name: 'Talhão I', area: 100 });
    const created = await call(
      'POST',
      '/api/semeaduras',
      token,
      body({ talhao_id: plot, area: 20 }),
    );
    const id = created.json().id as number;
    await app.db.insert(t.harvests).values([
      { accountId, sowingId: id, harvestDate: addDays(season.start_period, 130), productivity: 58 },
      { accountId, sowingId: id, harvestDate: addDays(season.start_period, 135), productivity: 61 },
    ]);
    const url = `/api/semeaduras?fazenda_id=${farmId}`;
    const plain = (await call('GET', url)).json().find((row: { id: number }) => row.id === id);
    expect(plain).not.toHaveProperty('colheitas');
    expect(plain).not.toHaveProperty('semente');
    expect(plain.colheita.produtividade).toBe(61);

    const full = (
      await call('GET', `${url}&include=semente,cultivar_regiao_parametros,colheita,status`)
    )
      .json()
      .find((row: { id: number }) => row.id === id);
    expect(full.colheitas.map((h: { produtividade: number }) => h.produtividade)).toEqual([61, 58]);
    expect(full.semente).toMatchObject({ id: varietyId, name: expect.any(String) });
    expect(full.cultivar_regiao_parametros).toHaveProperty('min_cycle');
    expect(full.status).toBe('harvested');

    const bad = await call('GET', `${url}&include=semente,precos`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().key).toBe('exception.validation_error');
  });
});

describe('the emergence suggested for a variety (GET /api/sementes/data-emergencia/{id})', () => {
  it('is the median days to emergence of the account’s earlier sowings of that variety, and nothing without any', async () => {
    const [other] = await app.db
      .select({ id: t.varieties.id })
      .from(t.varieties)
      .where(and(eq(t.varieties.cropId, 1), sql`${t.varieties.id} <> ${varietyId}`))
      .limit(1);
    const [farmVariety] = await app.db
      .insert(t.farmVarieties)
      .values({ accountId, farmId, seasonCropId, varietyId: other!.id })
      .returning({ id: t.farmVarieties.id });
    const url = `/api/sementes/data-emergencia/${farmVariety!.id}?data_semeadura=2026-10-01`;
    expect((await call('GET', url)).json()).toEqual({
      data_emergencia: null,
      dias: null,
      baseado_em: 0,
    });

    const plot = await makePlot(app.db, accountId, farmId, { name: 'Talhão E', area: 10 });
    for (const emerged of ['2025-10-09', '2025-10-13'])
      await app.db.insert(t.sowings).values({
        accountId,
        farmId,
        plotId: plot,
        cropId: 1,
        seasonCropId: previousSeasonCropId,
        farmVarietyId: farmVariety!.id,
        area: 1,
        sowingDate: '2025-10-01',
        emergenceDate: emerged,
      });
    // 8 and 12 days: 10.
    expect((await call('GET', url)).json()).toEqual({
      data_emergencia: '2026-10-11',
      dias: 10,
      baseado_em: 2,
    });
    const missing = await call('GET', `/api/sementes/data-emergencia/${farmVariety!.id}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().key).toBe('exception.validation_error');
  });
});
