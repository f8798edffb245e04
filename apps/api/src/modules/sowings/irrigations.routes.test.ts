import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { makeFarm, makePlot } from '../../test/farm-factory.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Irrigation (issue 12 item 5): entries of a sowing, their two refusals, tenancy. */

let app: TestApp;
let accountId: number;
let token: string;
let sowingId: number;
let strangerToken: string;

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  token = account.members.CONTA!.token;
  const farmId = await makeFarm(app.db, accountId);
  const plotId = await makePlot(app.db, accountId, farmId);
  const [seasonCrop] = await app.db
    .select({ id: t.seasonCrops.id })
    .from(t.seasonCrops)
    .where(and(eq(t.seasonCrops.countryId, 1), eq(t.seasonCrops.cropId, 1)))
    .limit(1);
  const [sowing] = await app.db
    .insert(t.sowings)
    .values({ accountId, farmId, plotId, cropId: 1, seasonCropId: seasonCrop!.id, area: 10 })
    .returning({ id: t.sowings.id });
  sowingId = sowing!.id;
  strangerToken = (await accountWith(app, ['CONTA'], { planId: 4 })).members.CONTA!.token;
});
afterAll(() => app.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  as = token,
) => app.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
const stored = async () =>
  (
    await app.db
      .select({ n: count() })
      .from(t.irrigations)
      .where(eq(t.irrigations.accountId, accountId))
  )[0]!.n;
const entry = (start: string, end: string, blade = 12) => ({
  semeadura_id: sowingId,
  start,
  end,
  blade_mm: blade,
});

describe('irrigation', () => {
  it('records, lists in time order, changes and removes entries', async () => {
    const later = await call(
      'POST',
      '/api/irrigacoes',
      entry('2026-12-05T08:00:00-03:00', '2026-12-05T11:00:00-03:00', 15),
    );
    const earlier = await call(
      'POST',
      '/api/irrigacoes',
      entry('2026-12-01T08:00:00-03:00', '2026-12-01T10:00:00-03:00'),
    );
    expect(later.statusCode).toBe(201);
    expect(later.json()).toMatchObject({ start: '2026-12-05T11:00:00.000Z', blade_mm: 15 });
    const listed = (await call('GET', `/api/irrigacoes?semeadura_id=${sowingId}`)).json() as {
      id: number;
    }[];
    expect(listed.map((row) => row.id)).toEqual([earlier.json().id, later.json().id]);
    const changed = await call(
      'PUT',
      `/api/irrigacoes/${earlier.json().id}`,
      entry('2026-12-01T08:00:00-03:00', '2026-12-01T09:00:00-03:00', 8),
    );
    expect(changed.json()).toMatchObject({ end: '2026-12-01T12:00:00.000Z', blade_mm: 8 });
    expect((await call('DELETE', `/api/irrigacoes/${later.json().id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/irrigacoes?semeadura_id=${sowingId}`)).json()).toHaveLength(1);
  });

  it.each([
    [
      'a start after its end',
      () => entry('2026-12-02T10:00:00-03:00', '2026-12-02T09:00:00-03:00'),
      'exception.irrigation.start_after_end',
    ],
    [
      'no water',
      () => entry('2026-12-02T09:00:00-03:00', '2026-12-02T10:00:00-03:00', 0),
      'exception.irrigation.zero_amount',
    ],
    [
      'a negative blade',
      () => entry('2026-12-02T09:00:00-03:00', '2026-12-02T10:00:00-03:00', -1),
      'exception.validation_error',
    ],
  ])('refuses %s and writes nothing', async (_, body, key) => {
    const before = await stored();
    const refused = await call('POST', '/api/irrigacoes', body());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().key).toBe(key);
    expect(await stored()).toBe(before);
  });

  it('answers 404 for another account’s sowing or irrigation in a query or path, changing nothing', async () => {
    const mine = (
      await call(
        'POST',
        '/api/irrigacoes',
        entry('2026-12-03T08:00:00-03:00', '2026-12-03T09:00:00-03:00'),
      )
    ).json();
    const before = await stored();
    const body = entry('2026-12-04T08:00:00-03:00', '2026-12-04T09:00:00-03:00');
    expect(
      (await call('GET', `/api/irrigacoes?semeadura_id=${sowingId}`, undefined, strangerToken))
        .statusCode,
    ).toBe(404);
    expect((await call('PUT', `/api/irrigacoes/${mine.id}`, body, strangerToken)).statusCode).toBe(
      404,
    );
    expect(
      (await call('DELETE', `/api/irrigacoes/${mine.id}`, undefined, strangerToken)).statusCode,
    ).toBe(404);
    expect(await stored()).toBe(before);
  });

  it('answers 400 exception.sowing_not_found for another account’s sowing in the body, changing nothing', async () => {
    const stranger = await accountWith(app, ['CONTA'], { planId: 4 });
    const strangerFarm = await makeFarm(app.db, stranger.accountId);
    const strangerPlot = await makePlot(app.db, stranger.accountId, strangerFarm);
    const [seasonCrop] = await app.db
      .select({ id: t.seasonCrops.id })
      .from(t.seasonCrops)
      .where(and(eq(t.seasonCrops.countryId, 1), eq(t.seasonCrops.cropId, 1)))
      .limit(1);
    const [theirs] = await app.db
      .insert(t.sowings)
      .values({
        accountId: stranger.accountId,
        farmId: strangerFarm,
        plotId: strangerPlot,
        cropId: 1,
        seasonCropId: seasonCrop!.id,
        area: 10,
      })
      .returning({ id: t.sowings.id });
    const mine = (
      await call(
        'POST',
        '/api/irrigacoes',
        entry('2026-12-05T08:00:00-03:00', '2026-12-05T09:00:00-03:00'),
      )
    ).json();
    const rows = () => app.db.select().from(t.irrigations).orderBy(t.irrigations.id);
    const before = await rows();
    const body = {
      ...entry('2026-12-06T08:00:00-03:00', '2026-12-06T09:00:00-03:00'),
      semeadura_id: theirs!.id,
    };
    for (const refused of [
      await call('POST', '/api/irrigacoes', body),
      // Its own irrigation moved to their sowing.
      await call('PUT', `/api/irrigacoes/${mine.id}`, body),
    ]) {
      expect([refused.statusCode, refused.json().key]).toEqual([400, 'exception.sowing_not_found']);
      expect(refused.json().context.additionalInfo).toEqual({ semeadura_id: theirs!.id });
    }
    expect(await rows()).toEqual(before);
  });
});
