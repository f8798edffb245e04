import {
  COUNTRY_IDS,
  CROP_IDS,
  addDays,
  currentSeasonStartYear,
  seasonPeriod,
} from '@lavoura/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeFarm,
  makePlot,
  makeSowing,
  place,
  seasonCropStarting,
} from '../../test/farm-factory.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A farm's sowing list is of its current seasons by the farm's own day, not its country's: at the
 * night a soybean season begins, a farm on Fernando de Noronha (UTC-2) is already in the new
 * season while one in Londrina (UTC-3, Brazil's calendar) is still in the old one. The list reads
 * the seasons from the reference data in memory (sowing-reads.service.ts).
 */
let app: TestApp;
let token: string;
let accountId: number;
const newSeason = seasonPeriod(COUNTRY_IDS.brazil, CROP_IDS.soybean, 2031);
const oldSeason = seasonPeriod(COUNTRY_IDS.brazil, CROP_IDS.soybean, 2030);

beforeAll(async () => {
  app = await createTestApp();
  // 00:30 on the new season's first day on Noronha, 23:30 the day before in Londrina.
  app.clock.now = new Date(`${newSeason.start_period}T02:30:00Z`);
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  token = account.members.CONTA!.token;
});
afterAll(() => app.close());

async function listedSeasons(farmId: number): Promise<number[]> {
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/semeaduras?fazenda_id=${farmId}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ season_crop_id: number }[]>().map((sowing) => sowing.season_crop_id);
}

describe('the sowing list’s current season', () => {
  it('follows the farm’s own day at the night a season begins', async () => {
    const eve = addDays(newSeason.start_period, -1);
    expect(currentSeasonStartYear(COUNTRY_IDS.brazil, CROP_IDS.soybean, eve)).toBe(2030);
    expect(
      currentSeasonStartYear(COUNTRY_IDS.brazil, CROP_IDS.soybean, newSeason.start_period),
    ).toBe(2031);
    const londrina = await place(app.db);
    const noronha = await makeFarm(app.db, accountId, {
      name: 'Fazenda Noronha',
      at: { place: londrina, timeZone: 'America/Noronha' },
    });
    const parana = await makeFarm(app.db, accountId, { name: 'Fazenda Paraná' });
    // The day's seasons exist once the app has read them (the previous, current and next).
    const seasons = await app.app.inject({
      method: 'GET',
      url: `/api/season-crops?country_id=${COUNTRY_IDS.brazil}&crop_id=${CROP_IDS.soybean}`,
    });
    expect(seasons.statusCode).toBe(200);
    const [newId, oldId] = [
      await seasonCropStarting(app.db, newSeason.start_period),
      await seasonCropStarting(app.db, oldSeason.start_period),
    ];
    for (const farm of [noronha, parana]) {
      const plot = await makePlot(app.db, accountId, farm, { name: `Talhão ${farm}`, area: 60 });
      await makeSowing(app.db, accountId, farm, plot, { seasonCropId: newId, area: 20 });
      await makeSowing(app.db, accountId, farm, plot, { seasonCropId: oldId, area: 20 });
    }

    expect(await listedSeasons(noronha)).toEqual([newId]);
    expect(await listedSeasons(parana)).toEqual([oldId]);
  });
});
