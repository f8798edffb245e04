import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { assignFarms, makeFarm, makePlot } from '../../test/farm-factory.ts';
import { accountWith, bearer, mailsTo, makeUser, tokenFor } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** A farm's varieties (issue 11 item 2): every rule and its key, tenancy and farm assignment. */

let app: TestApp;
let accountId: number;
let token: string;
let farmId: number;
let otherFarmId: number;
let seasonCropId: number;
let soybean: number;
let anotherSoybean: number;
let usVariety: number;
let matoGrossoOnly: number;
let agronomistToken: string;
let stranger: { token: string; farmId: number };

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, as = token, payload?: unknown) =>
  app.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

async function variety(values: Partial<typeof t.varieties.$inferInsert> & { name: string }) {
  const [row] = await app.db
    .insert(t.varieties)
    .values({
      key: `test:${values.name.replace(/\W/g, '-')}`,
      cropId: 1,
      countryIds: [1],
      reactions: [],
      searchText: values.name.toLowerCase(),
      targetKeys: [],
      sourceId: 'test',
      listed: true,
      ...values,
    })
    .returning({ id: t.varieties.id });
  return row!.id;
}

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA'], { planId: 2 });
  accountId = account.accountId;
  token = account.members.CONTA!.token;
  farmId = await makeFarm(app.db, accountId, { name: 'Sede' }); // Londrina, PR
  otherFarmId = await makeFarm(app.db, accountId, { name: 'Retiro' });
  const [seasonCrop] = await app.db
    .select({ id: t.seasonCrops.id })
    .from(t.seasonCrops)
    .where(and(eq(t.seasonCrops.countryId, 1), eq(t.seasonCrops.cropId, 1)))
    .limit(1);
  seasonCropId = seasonCrop!.id;
  const [first, second] = await app.db
    .select({ id: t.varieties.id })
    .from(t.varieties)
    .where(and(eq(t.varieties.cropId, 1), eq(t.varieties.sourceId, 'costa-soy')))
    .limit(2);
  soybean = first!.id;
  anotherSoybean = second!.id;
  usVariety = await variety({ name: 'Test US soybean', countryIds: [3] });
  matoGrossoOnly = await variety({ name: 'Test MT soybean', regionStates: ['MT', 'GO'] });
  const farmUser = await makeUser(app.db, { accountId, profile: 'FARM' });
  await assignFarms(app.db, accountId, farmUser.id, [otherFarmId]);
  agronomistToken = await tokenFor(app, farmUser.email);
  const other = await accountWith(app, ['CONTA'], { planId: 2 });
  stranger = {
    token: other.members.CONTA!.token,
    farmId: await makeFarm(app.db, other.accountId),
  };
});
afterAll(() => app.close());

const add = (seed: number, farm = farmId, as = token) =>
  call('POST', '/api/cultivares', as, {
    fazenda_id: farm,
    season_crop_id: seasonCropId,
    seed_id: seed,
  });
const farmVarieties = async (farm = farmId) =>
  (
    await call('GET', `/api/cultivares?fazenda_id=${farm}&season_crop_id=${seasonCropId}`)
  ).json() as {
    id: number;
    seed_id: number;
    farm_id: number;
  }[];

describe('adding varieties to a farm', () => {
  it('finds a variety as growers write it: "M 6410" is M6410IPRO, "BMX Olimpo" is BMX Olimpo IPRO', async () => {
    const found = async (search: string) =>
      (
        (
          await call(
            'GET',
            `/api/sementes/fazenda/${farmId}?crop_id=1&season_crop_id=${seasonCropId}&search=${encodeURIComponent(search)}`,
          )
        ).json() as { name: string }[]
      ).map((seed) => seed.name);
    expect(await found('M 6410')).toContain('M6410IPRO');
    expect(await found('bmx olimpo')).toContain('BMX Olimpo IPRO');
    expect(await found('no such variety 123')).toEqual([]);
  });

  it('offers the crop’s varieties of the farm’s country, then marks the one added', async () => {
    const seeds = async () =>
      (
        await call(
          'GET',
          `/api/sementes/fazenda/${farmId}?crop_id=1&season_crop_id=${seasonCropId}`,
        )
      ).json() as { seed_id: number; added: number | null; recommended: boolean }[];
    const before = await seeds();
    expect(before.length).toBeGreaterThan(150);
    expect(before.some((seed) => seed.seed_id === usVariety)).toBe(false);
    expect(before.find((seed) => seed.seed_id === matoGrossoOnly)).toMatchObject({
      added: null,
      recommended: false,
    });

    const added = await add(soybean);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      seed_id: soybean,
      farm_id: farmId,
      season_crop_id: seasonCropId,
    });
    expect((await seeds()).find((seed) => seed.seed_id === soybean)!.added).toBe(added.json().id);
    expect((await farmVarieties()).map((row) => row.seed_id)).toEqual([soybean]);
  });

  it('refuses a variety already added: 409 exception.variety.already_added, nothing doubled', async () => {
    const again = await add(soybean);
    expect(again.statusCode).toBe(409);
    expect(again.json().key).toBe('exception.variety.already_added');
    expect(await farmVarieties()).toHaveLength(1);
  });

  it('refuses a variety not indicated where the farm is: 409 exception.variety.not_indicated_for_region', async () => {
    for (const seed of [matoGrossoOnly, usVariety]) {
      const refused = await add(seed);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().key).toBe('exception.variety.not_indicated_for_region');
    }
    expect(await farmVarieties()).toHaveLength(1);
  });

  it('adds from the catalogue with seedId too', async () => {
    const added = await call('POST', '/api/varieties', token, {
      seedId: anotherSoybean,
      fazenda_id: otherFarmId,
      season_crop_id: seasonCropId,
    });
    expect(added.statusCode).toBe(201);
    expect((await farmVarieties(otherFarmId)).map((row) => row.seed_id)).toEqual([anotherSoybean]);
  });

  it('offers a Brazilian farm Brazil’s wheat (the FHB trials’ cultivars), not the US’s, and adds TBIO Toruk', async () => {
    const wheatFarm = await makeFarm(app.db, accountId, { name: 'Trigal' }); // Londrina, PR
    const [wheatSeason] = await app.db
      .select({ id: t.seasonCrops.id })
      .from(t.seasonCrops)
      .where(and(eq(t.seasonCrops.countryId, 1), eq(t.seasonCrops.cropId, 2)))
      .limit(1);
    const seeds = async (search = '') =>
      (
        await call(
          'GET',
          `/api/sementes/fazenda/${wheatFarm}?crop_id=2&season_crop_id=${wheatSeason!.id}${search && `&search=${encodeURIComponent(search)}`}`,
        )
      ).json() as {
        seed_id: number;
        name: string;
        asset_owner: string | null;
        added: number | null;
      }[];
    const all = await seeds();
    expect(all).toHaveLength(45);
    expect(all.map((seed) => seed.name)).toEqual(
      expect.arrayContaining(['TBIO Toruk', 'BRS Parrudo', 'BRS 208', 'TBIO Sinuelo']),
    );
    // Idaho's wheat (uidaho-wheat) is the US's only.
    const idaho = await app.db
      .select({ id: t.varieties.id })
      .from(t.varieties)
      .where(eq(t.varieties.sourceId, 'uidaho-wheat'));
    expect(idaho.length).toBe(271);
    const offered = new Set(all.map((seed) => seed.seed_id));
    expect(idaho.filter(({ id }) => offered.has(id))).toEqual([]);
    const [toruk] = await seeds('toruk');
    expect(toruk).toMatchObject({ name: 'TBIO Toruk', asset_owner: null, added: null });
    const added = await call('POST', '/api/cultivares', token, {
      fazenda_id: wheatFarm,
      season_crop_id: wheatSeason!.id,
      seed_id: toruk!.seed_id,
    });
    expect(added.statusCode).toBe(201);
    expect((await seeds('toruk'))[0]!.added).toBe(added.json().id);
  });

  it.each([
    ['no seed', { fazenda_id: 1, season_crop_id: 1 }, 'body.seed_id'],
    ['a text id', { fazenda_id: 'x', season_crop_id: 1, seed_id: 1 }, 'body.fazenda_id'],
    ['an unknown field', { fazenda_id: 1, season_crop_id: 1, seed_id: 1, extra: 1 }, 'body'],
  ])('answers 400 for %s', async (_, payload, field) => {
    const answer = await call('POST', '/api/cultivares', token, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().key).toBe('exception.validation_error');
    expect(JSON.stringify(answer.json().context.additionalInfo)).toContain(field);
  });
});

describe('removing a farm’s variety', () => {
  it('is refused while a sowing or a program uses it (409 exception.variety.in_use), then done once they are gone', async () => {
    const [held] = await farmVarieties();
    const plotId = await makePlot(app.db, accountId, farmId);
    const [sowing] = await app.db
      .insert(t.sowings)
      .values({
        accountId,
        farmId,
        plotId,
        cropId: 1,
        seasonCropId,
        area: 10,
        farmVarietyId: held!.id,
      })
      .returning({ id: t.sowings.id });
    const refused = await call('DELETE', `/api/cultivares/${held!.id}/fazenda/${farmId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe('exception.variety.in_use');
    expect(await farmVarieties()).toHaveLength(1);

    await app.db
      .update(t.sowings)
      .set({ deletedAt: new Date() })
      .where(eq(t.sowings.id, sowing!.id));
    // A spray program planned for the variety holds it too, until the program is deleted.
    const [program] = await app.db
      .insert(t.programs)
      .values({ accountId, farmId, farmVarietyId: held!.id, seasonCropId, mainDiseaseId: 1 })
      .returning({ id: t.programs.id });
    const planned = await call('DELETE', `/api/cultivares/${held!.id}/fazenda/${farmId}`);
    expect([planned.statusCode, planned.json().key]).toEqual([409, 'exception.variety.in_use']);
    expect(await farmVarieties()).toHaveLength(1);
    await app.db
      .update(t.programs)
      .set({ deletedAt: new Date() })
      .where(eq(t.programs.id, program!.id));
    expect((await call('DELETE', `/api/cultivares/${held!.id}/fazenda/${farmId}`)).statusCode).toBe(
      204,
    );
    expect(await farmVarieties()).toEqual([]);
    const [kept] = await app.db
      .select({ farmVarietyId: t.sowings.farmVarietyId })
      .from(t.sowings)
      .where(and(eq(t.sowings.id, sowing!.id)));
    expect(kept!.farmVarietyId).toBeNull();
  });

  it('answers 404 for an id of another farm or account', async () => {
    const [other] = await farmVarieties(otherFarmId);
    expect(
      (await call('DELETE', `/api/cultivares/${other!.id}/fazenda/${farmId}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/cultivares/${other!.id}/fazenda/${otherFarmId}`, stranger.token))
        .statusCode,
    ).toBe(404);
    expect(await farmVarieties(otherFarmId)).toHaveLength(1);
  });
});

describe('copying a farm’s variety to other farms', () => {
  it('copies to the farms given, skipping one that has it', async () => {
    const third = await makeFarm(app.db, accountId, { name: 'Terceira' });
    const [source] = await farmVarieties(otherFarmId);
    const copied = await call('POST', `/api/cultivares/${source!.id}/clonar`, token, {
      fazendas: [farmId, third, otherFarmId],
    });
    expect(copied.statusCode).toBe(200);
    expect(
      copied
        .json()
        .map((row: { farm_id: number }) => row.farm_id)
        .sort(),
    ).toEqual([farmId, third].sort());
    expect((await farmVarieties(third)).map((row) => row.seed_id)).toEqual([anotherSoybean]);
  });

  it('copies nothing when one farm is another account’s (404)', async () => {
    const fourth = await makeFarm(app.db, accountId, { name: 'Quarta' });
    const [source] = await farmVarieties(otherFarmId);
    const refused = await call('POST', `/api/cultivares/${source!.id}/clonar`, token, {
      fazendas: [fourth, stranger.farmId],
    });
    expect(refused.statusCode).toBe(404);
    expect(await farmVarieties(fourth)).toEqual([]);
  });
});

describe('tenancy and farm assignment', () => {
  it('answers 404 for another account’s farm on every route', async () => {
    const q = `season_crop_id=${seasonCropId}`;
    expect((await call('GET', `/api/sementes/fazenda/${stranger.farmId}?${q}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/api/cultivares?fazenda_id=${stranger.farmId}&${q}`)).statusCode,
    ).toBe(404);
    expect((await add(soybean, stranger.farmId)).statusCode).toBe(404);
  });

  it('lets a member assigned to one farm work there only', async () => {
    expect((await add(soybean, farmId, agronomistToken)).statusCode).toBe(404);
    const answer = await call(
      'GET',
      `/api/cultivares?fazenda_id=${otherFarmId}&season_crop_id=${seasonCropId}`,
      agronomistToken,
    );
    expect(answer.statusCode).toBe(200);
  });

  it('is an upsell below the Pro plan', async () => {
    const light = await accountWith(app, ['CONTA'], { planId: 1 });
    const answer = await call(
      'GET',
      `/api/cultivares?fazenda_id=1&season_crop_id=${seasonCropId}`,
      light.members.CONTA!.token,
    );
    expect(answer.statusCode).toBe(403);
  });
});

describe('asking for a missing variety', () => {
  it('stores the request, e-mails support and answers true', async () => {
    const answer = await call('POST', '/api/notification/variety-solicitation', token, {
      suggestion_name: 'BRS 1010 IPRO',
      suggestion_description: 'Plantada na região de Londrina',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toBe(true);
    const stored = await app.db
      .select()
      .from(t.varietySolicitations)
      .where(and(eq(t.varietySolicitations.accountId, accountId)));
    expect(stored.map((row) => row.suggestionName)).toEqual(['BRS 1010 IPRO']);
    const mails = await mailsTo(app, 'suporte@lavoura.app');
    expect(mails.at(-1)?.text).toContain('BRS 1010 IPRO');
  });

  it('refuses an empty name and stores nothing', async () => {
    const answer = await call('POST', '/api/notification/variety-solicitation', token, {
      suggestion_name: '  ',
      suggestion_description: 'x',
    });
    expect(answer.statusCode).toBe(400);
    const stored = await app.db
      .select()
      .from(t.varietySolicitations)
      .where(eq(t.varietySolicitations.accountId, accountId));
    expect(stored).toHaveLength(1); // the request of the test before
    expect(answer.json().key).toBe('exception.validation_error');
  });
});
