import {
  addDays,
  currentSeasonStartYear,
  seasonPeriod,
  todayIn,
  type PerformanceAnswer,
} from '@lavoura/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { assignFarms, makeFarm, makePlot } from '../../test/farm-factory.ts';
import { accountWith, bearer, makeUser, tokenFor } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * GET /api/performance (issue 14 item 4): a farm's season counted from sowings, harvests entered
 * through the harvest routes and applied sprays, in metric units; its empty states and its scope.
 */

let app: TestApp;
let accountId: number;
let token: string;
let farmId: number;
let emptyFarmId: number;
let otherFarmId: number;
let previous: { id: number; start: string };
let current: { id: number; start: string };
let varietyIds: [number, number];
let pesticideId: number;

async function seasonCrop(startYear: number) {
  const period = seasonPeriod(1, 1, startYear);
  const [row] = await app.db
    .select({ id: t.seasonCrops.id })
    .from(t.seasonCrops)
    .where(
      and(
        eq(t.seasonCrops.countryId, 1),
        eq(t.seasonCrops.cropId, 1),
        eq(t.seasonCrops.startPeriod, period.start_period),
      ),
    );
  return { id: row!.id, start: period.start_period };
}

async function farmVariety(farm: number, season: number, varietyId: number) {
  const [row] = await app.db
    .insert(t.farmVarieties)
    .values({ accountId, farmId: farm, seasonCropId: season, varietyId })
    .returning({ id: t.farmVarieties.id });
  return row!.id;
}

/** A sowing written to its table, `daysIn` days after its season began. */
async function sowing(options: {
  farm?: number;
  plot: number;
  season: { id: number; start: string };
  farmVarietyId: number | null;
  area: number;
  daysIn?: number;
}) {
  const sown = addDays(options.season.start, options.daysIn ?? 70);
  const [row] = await app.db
    .insert(t.sowings)
    .values({
      accountId,
      farmId: options.farm ?? farmId,
      plotId: options.plot,
      cropId: 1,
      seasonCropId: options.season.id,
      farmVarietyId: options.farmVarietyId,
      area: options.area,
      sowingDate: sown,
      emergenceDate: addDays(sown, 7),
      estimatedCycle: 120,
    })
    .returning({ id: t.sowings.id, sowingDate: t.sowings.sowingDate });
  return { id: row!.id, sown };
}

/** A program of the sowing with sprays: each `[applied?, dose, price]` of one product. */
async function program(sowingId: number, sprays: [boolean, number, number][]) {
  const [row] = await app.db
    .insert(t.programs)
    .values({ accountId, farmId, sowingId, seasonCropId: previous.id, name: 'Ferrugem' })
    .returning({ id: t.programs.id });
  for (const [index, [applied, dose, price]] of sprays.entries()) {
    const day = addDays(previous.start, 120 + index * 15);
    const [spraying] = await app.db
      .insert(t.sprayings)
      .values({
        accountId,
        programId: row!.id,
        ordinal: index + 1,
        plannedDate: day,
        appliedAt: applied ? day : null,
      })
      .returning({ id: t.sprayings.id });
    await app.db.insert(t.sprayingProducts).values({
      accountId,
      sprayingId: spraying!.id,
      pesticideId,
      dose,
      price: price.toFixed(2),
    });
  }
}

const get = (url: string, as = token) => app.app.inject({ url, headers: bearer(as) });
const performance = async (farm: number, season: number, as = token) => {
  const response = await get(`/api/performance?farm_id=${farm}&season_crop_id=${season}`, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PerformanceAnswer>();
};

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  token = account.members.CONTA!.token;
  farmId = await makeFarm(app.db, accountId, { name: 'Três Irmãos' });
  emptyFarmId = await makeFarm(app.db, accountId, { name: 'Nova' });
  otherFarmId = await makeFarm(app.db, accountId, { name: 'Retiro' });
  const thisYear = currentSeasonStartYear(1, 1, todayIn('America/Sao_Paulo'));
  previous = await seasonCrop(thisYear - 1);
  current = await seasonCrop(thisYear);
  const varieties = await app.db
    .select({ id: t.varieties.id })
    .from(t.varieties)
    .where(eq(t.varieties.cropId, 1))
    .orderBy(asc(t.varieties.id))
    .limit(2);
  varietyIds = [varieties[0]!.id, varieties[1]!.id];
  const [pesticide] = await app.db.select({ id: t.pesticides.id }).from(t.pesticides).limit(1);
  pesticideId = pesticide!.id;
});
afterAll(() => app.close());

describe('a harvested season', () => {
  let answer: PerformanceAnswer;
  let plots: { sede: number; baixa: number };
  let varieties: { early: number; late: number };
  let unharvested: { id: number; sown: string };

  beforeAll(async () => {
    plots = {
      sede: await makePlot(app.db, accountId, farmId, { name: 'Talhão 01 - Sede', area: 100 }),
      baixa: await makePlot(app.db, accountId, farmId, { name: 'Talhão 02 - Baixa', area: 50 }),
    };
    varieties = {
      early: await farmVariety(farmId, previous.id, varietyIds[0]),
      late: await farmVariety(farmId, previous.id, varietyIds[1]),
    };
    // Sede: 100 ha of the early variety, 64 sc/ha after 120 days, two sprays applied (one
    // planned): R$ 74 + R$ 128 per ha.
    const sede = await sowing({
      plot: plots.sede,
      season: previous,
      farmVarietyId: varieties.early,
      area: 100,
    });
    await program(sede.id, [
      [true, 0.4, 185],
      [true, 0.8, 160],
      [false, 2, 38],
    ]);
    // Baixa: 40 ha of the late variety at 52 sc/ha after 130 days, one spray (R$ 72 per ha);
    // 10 ha of the early variety lost to hail.
    const baixa = await sowing({
      plot: plots.baixa,
      season: previous,
      farmVarietyId: varieties.late,
      area: 40,
    });
    await program(baixa.id, [[true, 2, 36]]);
    const lost = await sowing({
      plot: plots.baixa,
      season: previous,
      farmVarietyId: varieties.early,
      area: 10,
      daysIn: 75,
    });
    const harvested = await app.app.inject({
      method: 'POST',
      url: '/api/harvests/many',
      headers: bearer(token),
      payload: {
        harvests: [
          { semeadura_id: sede.id, data_colheita: addDays(sede.sown, 120), produtividade: 64 },
          { semeadura_id: baixa.id, data_colheita: addDays(baixa.sown, 130), produtividade: 52 },
        ],
      },
    });
    expect(harvested.statusCode, harvested.body).toBe(201);
    const loss = await app.app.inject({
      method: 'POST',
      url: `/api/semeaduras/${lost.id}/colheita`,
      headers: bearer(token),
      payload: { data_colheita: addDays(lost.sown, 60), perda: true },
    });
    expect(loss.statusCode, loss.body).toBe(201);
    // A sowing of the current season, not harvested: another season, not counted here.
    unharvested = await sowing({
      plot: plots.sede,
      season: current,
      farmVarietyId: null,
      area: 100,
    });
    answer = await performance(farmId, previous.id);
  });

  it('averages productivity by area and totals the production in sacks', () => {
    // (64 × 100 + 52 × 40 + 0 × 10) / 150 = 56.53 sc/ha; 6,400 + 2,080 = 8,480 sacks.
    expect(answer.summary.average_productivity).toBe(56.53);
    expect(answer.summary.production).toBe(8480);
    expect(answer.summary.harvested_area).toBe(150);
    expect(answer.currency).toBe('BRL');
    expect(answer.crop_id).toBe(1);
  });

  it('names the highest and lowest average by plot and by variety', () => {
    expect(answer.summary.highest_plot).toEqual({
      id: plots.sede,
      name: 'Talhão 01 - Sede',
      productivity: 64,
    });
    // Baixa: (52 × 40 + 0 × 10) / 50 = 41.6
    expect(answer.summary.lowest_plot).toEqual({
      id: plots.baixa,
      name: 'Talhão 02 - Baixa',
      productivity: 41.6,
    });
    // Early: (64 × 100 + 0 × 10) / 110 = 58.18; late: 52.
    expect(answer.summary.highest_variety).toMatchObject({
      id: varieties.early,
      productivity: 58.18,
    });
    expect(answer.summary.lowest_variety).toMatchObject({ id: varieties.late, productivity: 52 });
    expect(answer.summary.lowest_variety!.name).toEqual(expect.any(String));
  });

  it('counts sowings, varieties and applied sprays, with the cost per ha and the cycle', () => {
    expect(answer.summary).toMatchObject({
      sowings: 3,
      harvested_sowings: 3,
      varieties: 2,
      sprays: 3,
      sprays_per_sowing: 1,
      // (202 × 100 + 72 × 40 + 0 × 10) / 150 = 153.87 per ha; the planned spray is not spent.
      product_cost_per_ha: 153.87,
      // (120 + 130) / 2: the loss has no cycle.
      average_cycle: 125,
    });
  });

  it('gives the charts each plot’s and each variety’s cost, sprays and cycle', () => {
    expect(
      answer.by_plot.map((row) => [
        row.name,
        row.product_cost_per_ha,
        row.sprays,
        row.average_cycle,
        row.average_productivity,
      ]),
    ).toEqual([
      ['Talhão 01 - Sede', 202, 2, 120, 64],
      ['Talhão 02 - Baixa', 57.6, 1, 130, 41.6],
    ]);
    const early = answer.by_variety.find((row) => row.id === varieties.early)!;
    expect(early).toMatchObject({ sowings: 2, sprays: 2, average_cycle: 120, area: 110 });
  });

  it('says the farm has harvests, and in which season', () => {
    expect(answer.has_harvests).toBe(true);
    expect(answer.seasons_with_harvests).toEqual([previous.id]);
  });

  it('answers a season without harvests with nulls and zeros, telling the farm has some elsewhere', async () => {
    const empty = await performance(farmId, current.id);
    expect(empty.summary).toMatchObject({
      sowings: 1,
      harvested_sowings: 0,
      average_productivity: null,
      production: 0,
      highest_plot: null,
      lowest_variety: null,
      sprays: 0,
      average_cycle: null,
    });
    expect(empty.has_harvests).toBe(true);
    expect(empty.seasons_with_harvests).toEqual([previous.id]);
  });

  it('shows a harvest entered after a read on the next read (the kept answer follows the data)', async () => {
    expect((await performance(farmId, current.id)).summary.harvested_sowings).toBe(0);
    const harvested = await app.app.inject({
      method: 'POST',
      url: `/api/semeaduras/${unharvested.id}/colheita`,
      headers: bearer(token),
      payload: { data_colheita: todayIn('America/Sao_Paulo'), produtividade: 70 },
    });
    expect(harvested.statusCode, harvested.body).toBe(201);
    const after = await performance(farmId, current.id);
    expect(after.summary).toMatchObject({ harvested_sowings: 1, average_productivity: 70 });
    expect(after.seasons_with_harvests).toEqual([current.id, previous.id]);
  });
});

describe('a farm without harvests', () => {
  it('answers has_harvests false and empty series', async () => {
    const answer = await performance(emptyFarmId, previous.id);
    expect(answer.has_harvests).toBe(false);
    expect(answer.seasons_with_harvests).toEqual([]);
    expect(answer.summary).toMatchObject({ sowings: 0, average_productivity: null, production: 0 });
    expect(answer.by_plot).toEqual([]);
    expect(answer.by_variety).toEqual([]);
  });
});

describe('who may read it', () => {
  it('refuses bad input with 400', async () => {
    for (const query of ['', `farm_id=${farmId}`, `farm_id=abc&season_crop_id=${previous.id}`]) {
      const response = await get(`/api/performance?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ key: string }>().key).toBe('exception.validation_error');
    }
  });

  it('answers 404 for an unknown season-crop', async () => {
    const response = await get(`/api/performance?farm_id=${farmId}&season_crop_id=999999`);
    expect(response.statusCode).toBe(404);
    expect(response.json<{ key: string }>().key).toBe('exception.season_crop_not_found');
  });

  it('answers 404 for another account’s farm and for a farm not assigned to the member', async () => {
    const stranger = (await accountWith(app, ['CONTA'], { planId: 4 })).members.CONTA!.token;
    const foreign = await get(
      `/api/performance?farm_id=${farmId}&season_crop_id=${previous.id}`,
      stranger,
    );
    expect(foreign.statusCode).toBe(404);
    const agronomist = await makeUser(app.db, { accountId, profile: 'FARM' });
    await assignFarms(app.db, accountId, agronomist.id, [otherFarmId]);
    const agronomistToken = await tokenFor(app, agronomist.email);
    const unassigned = await get(
      `/api/performance?farm_id=${farmId}&season_crop_id=${previous.id}`,
      agronomistToken,
    );
    expect(unassigned.statusCode).toBe(404);
    const assigned = await performance(otherFarmId, previous.id, agronomistToken);
    expect(assigned.farm_id).toBe(otherFarmId);
  });

  it('is an upsell below the Lavoura plan', async () => {
    const pro = await accountWith(app, ['CONTA'], { planId: 2 });
    const proFarm = await makeFarm(app.db, pro.accountId);
    const response = await get(
      `/api/performance?farm_id=${proFarm}&season_crop_id=${previous.id}`,
      pro.members.CONTA!.token,
    );
    expect(response.statusCode).toBe(403);
  });
});
