import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { assignFarms, makeFarm, makePlot } from '../../test/farm-factory.ts';
import { accountWith, bearer, makeUser, tokenFor } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Harvests (issue 12 item 4): dates, productivity or loss, several at once, tenancy. */

let app: TestApp;
let accountId: number;
let token: string;
let farmId: number;
let otherFarmId: number;
let seasonCropId: number;
let strangerToken: string;
let agronomistToken: string;

const TODAY = '2027-03-10';

beforeAll(async () => {
  app = await createTestApp();
  app.clock.now = new Date(`${TODAY}T15:00:00Z`);
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  token = account.members.CONTA!.token;
  farmId = await makeFarm(app.db, accountId, { name: 'Sede' });
  otherFarmId = await makeFarm(app.db, accountId, { name: 'Retiro' });
  const [seasonCrop] = await app.db
    .select({ id: t.seasonCrops.id })
    .from(t.seasonCrops)
    .where(and(eq(t.seasonCrops.countryId, 1), eq(t.seasonCrops.cropId, 1)))
    .limit(1);
  seasonCropId = seasonCrop!.id;
  strangerToken = (await accountWith(app, ['CONTA'], { planId: 4 })).members.CONTA!.token;
  const farmUser = await makeUser(app.db, { accountId, profile: 'FARM' });
  await assignFarms(app.db, accountId, farmUser.id, [otherFarmId]);
  agronomistToken = await tokenFor(app, farmUser.email);
});
afterAll(() => app.close());

/** A sowing written straight to the table: sown on the 10th of October, emerged a week later. */
async function sowing(farm = farmId, values: Partial<typeof t.sowings.$inferInsert> = {}) {
  const plotId = await makePlot(app.db, accountId, farm);
  const [row] = await app.db
    .insert(t.sowings)
    .values({
      accountId,
      farmId: farm,
      plotId,
      cropId: 1,
      seasonCropId,
      area: 20,
      sowingDate: '2026-10-10',
      emergenceDate: '2026-10-17',
      estimatedCycle: 120,
      ...values,
    })
    .returning({ id: t.sowings.id });
  return row!.id;
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  as = token,
) => app.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
const harvestCount = async () =>
  (
    await app.db.select({ n: count() }).from(t.harvests).where(eq(t.harvests.accountId, accountId))
  )[0]!.n;

describe('a sowing’s harvests', () => {
  it('records a harvest in sc/ha, changes and removes it', async () => {
    const id = await sowing();
    const added = await call('POST', `/api/semeaduras/${id}/colheita`, {
      data_colheita: '2027-02-20',
      produtividade: 62.5,
      dessecacao: true,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      semeadura_id: id,
      produtividade: 62.5,
      perda: false,
      dessecacao: true,
    });
    const harvestId = added.json().id as number;
    const changed = await call('PUT', `/api/semeaduras/${id}/colheita/${harvestId}`, {
      data_colheita: '2027-02-21',
      produtividade: 64,
    });
    expect(changed.json()).toMatchObject({
      data_colheita: '2027-02-21',
      produtividade: 64,
      dessecacao: false,
    });
    const second = await call('POST', `/api/semeaduras/${id}/colheita`, {
      data_colheita: '2027-02-25',
      produtividade: 58,
    });
    expect(second.statusCode).toBe(201);
    const list = (await call('GET', `/api/semeaduras/${id}/colheita`)).json() as {
      produtividade: number;
    }[];
    expect(list.map((harvest) => harvest.produtividade)).toEqual([64, 58]);
    const closedAt = async () =>
      (
        await app.db.select({ at: t.sowings.closedAt }).from(t.sowings).where(eq(t.sowings.id, id))
      )[0]!.at;
    expect(await closedAt()).not.toBeNull();
    expect((await call('DELETE', `/api/semeaduras/${id}/colheita/${harvestId}`)).statusCode).toBe(
      204,
    );
    expect((await call('GET', `/api/semeaduras/${id}/colheita`)).json()).toHaveLength(1);
    expect(await closedAt()).not.toBeNull();
    // The last harvest gone, the sowing is open again: its plot takes no other sowing.
    const [last] = (await call('GET', `/api/semeaduras/${id}/colheita`)).json() as { id: number }[];
    expect((await call('DELETE', `/api/semeaduras/${id}/colheita/${last!.id}`)).statusCode).toBe(
      204,
    );
    expect(await closedAt()).toBeNull();
  });

  it('records a crop loss without productivity', async () => {
    const id = await sowing();
    const lost = await call('POST', `/api/semeaduras/${id}/colheita`, {
      data_colheita: '2027-01-05',
      perda: true,
      produtividade: 40,
    });
    expect(lost.statusCode).toBe(201);
    expect(lost.json()).toMatchObject({ perda: true, produtividade: null });
  });

  it.each([
    [
      'before the sowing',
      { data_colheita: '2026-10-01', produtividade: 50 },
      'exception.harvest.date_before_sowing',
    ],
    [
      'in the future',
      { data_colheita: '2027-03-11', produtividade: 50 },
      'exception.harvest.date_in_future',
    ],
    ['without productivity', { data_colheita: '2027-02-20' }, 'exception.validation_error'],
  ])('refuses a harvest %s and writes nothing', async (_, body, key) => {
    const id = await sowing();
    const before = await harvestCount();
    const refused = await call('POST', `/api/semeaduras/${id}/colheita`, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().key).toBe(key);
    expect(await harvestCount()).toBe(before);
  });

  it('harvests several sowings at once, or none when one is refused', async () => {
    const [a, b] = [await sowing(), await sowing()];
    const before = await harvestCount();
    const refused = await call('POST', '/api/harvests/many', {
      harvests: [
        { semeadura_id: a, data_colheita: '2027-02-20', produtividade: 60 },
        { semeadura_id: b, data_colheita: '2027-04-01', produtividade: 60 },
      ],
    });
    expect(refused.json().key).toBe('exception.harvest.date_in_future');
    expect(await harvestCount()).toBe(before);
    const done = await call('POST', '/api/harvests/many', {
      harvests: [
        { semeadura_id: a, data_colheita: '2027-02-20', produtividade: 60 },
        { semeadura_id: b, data_colheita: '2027-02-22', produtividade: 55 },
      ],
    });
    expect(done.statusCode).toBe(201);
    expect(await harvestCount()).toBe(before + 2);
  });

  it('lists the farm’s sowings whose cycle has run and that are not harvested', async () => {
    const farm = await makeFarm(app.db, accountId, { name: 'Prontas' });
    const ready = await sowing(farm);
    const growing = await sowing(farm, { emergenceDate: '2027-01-10' });
    const harvested = await sowing(farm);
    await call('POST', `/api/semeaduras/${harvested}/colheita`, {
      data_colheita: '2027-02-20',
      produtividade: 61,
    });
    const answer = (await call('GET', `/api/farms/${farm}/sowingsReadyToHarvest`)).json() as {
      id: number;
    }[];
    expect(answer.map((row) => row.id)).toEqual([ready]);
    expect(answer.map((row) => row.id)).not.toContain(growing);
  });
});

describe('tenancy', () => {
  it('answers 404 for another account’s sowing or farm in a path, and for a farm not assigned', async () => {
    const id = await sowing();
    const body = { data_colheita: '2027-02-20', produtividade: 50 };
    const before = await harvestCount();
    expect(
      (await call('POST', `/api/semeaduras/${id}/colheita`, body, strangerToken)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/semeaduras/${id}/colheita`, undefined, strangerToken)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/farms/${farmId}/sowingsReadyToHarvest`, undefined, strangerToken))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/semeaduras/${id}/colheita`, body, agronomistToken)).statusCode,
    ).toBe(404);
    expect(await harvestCount()).toBe(before);
  });

  it('answers 400 exception.sowing_not_found for another account’s sowing in a body, writing none', async () => {
    const id = await sowing();
    const body = { data_colheita: '2027-02-20', produtividade: 50 };
    const before = await harvestCount();
    const refused = await call(
      'POST',
      '/api/harvests/many',
      { harvests: [{ semeadura_id: id, ...body }] },
      strangerToken,
    );
    expect([refused.statusCode, refused.json().key]).toEqual([400, 'exception.sowing_not_found']);
    expect(refused.json().context.additionalInfo).toEqual({ semeadura_id: id });
    // All or nothing: a sowing of the member's farm first, then one of a farm not assigned.
    const seen = await sowing(otherFarmId);
    const mixed = await call(
      'POST',
      '/api/harvests/many',
      {
        harvests: [
          { semeadura_id: seen, ...body },
          { semeadura_id: id, ...body },
        ],
      },
      agronomistToken,
    );
    expect([mixed.statusCode, mixed.json().key]).toEqual([400, 'exception.sowing_not_found']);
    expect(await harvestCount()).toBe(before);
  });
});
