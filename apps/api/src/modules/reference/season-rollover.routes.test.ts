import { COUNTRY_IDS, CROP_IDS, DISEASES, type SeasonCrop } from '@lavoura/domain';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import * as t from '../../db/schema.ts';
import { outboxMailer } from '../../providers/mail/mailer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The season a day needs exists on that day, without a restart: the clock of a running app moves
 * past a season boundary and its next read sees the new current season, with the ids every other
 * process on the same database sees.
 */
let app: TestApp;
/** A second API process on the same database, started before the day moved. */
let other: FastifyInstance;
const otherClock = { now: new Date() };

beforeAll(async () => {
  app = await createTestApp();
  other = await buildApp({
    db: app.db,
    maintenance: { enabled: false },
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    mailer: outboxMailer(app.outboxDir, 'Lavoura <no-reply@lavoura.test>'),
    publicUrl: 'http://lavoura.test',
    now: () => otherClock.now,
  });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await app.close();
});

const soybeanInBrazil = `/api/season-crops?country_id=${COUNTRY_IDS.brazil}&crop_id=${CROP_IDS.soybean}`;

async function seasonCrops(server: FastifyInstance, url = soybeanInBrazil): Promise<SeasonCrop[]> {
  const response = await server.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json<SeasonCrop[]>();
}

async function seasonCropRows(name: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(t.seasonCrops)
    .innerJoin(t.seasons, eq(t.seasons.id, t.seasonCrops.seasonId))
    .where(and(eq(t.seasons.name, name), eq(t.seasonCrops.countryId, COUNTRY_IDS.brazil)));
  return row!.n;
}

describe('seasons as days pass', () => {
  it('creates the new season when the running app’s day crosses a season boundary, once, with one id for every process', async () => {
    // Years ahead of the seeded ones: the 2040/2041 soybean season cannot exist yet.
    const future = new Date('2040-08-02T15:00:00Z');
    expect(await seasonCropRows('2040/2041')).toBe(0);
    expect((await seasonCrops(app.app)).some((s) => s.season_name === '2040/2041')).toBe(false);

    app.clock.now = future;
    otherClock.now = future;
    // Both processes read at once after the day moved: neither fails, both agree.
    const [mine, theirs] = await Promise.all([seasonCrops(app.app), seasonCrops(other)]);

    const current = mine.filter((s) => s.status === 'current');
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      season_name: '2040/2041',
      season_active: true,
      start_period: '2040-08-01',
      end_period: '2041-05-31',
    });
    expect(mine.find((s) => s.status === 'previous')?.season_name).toBe('2039/2040');
    expect(mine.some((s) => s.season_name === '2041/2042')).toBe(true);
    expect(theirs.find((s) => s.status === 'current')?.id).toBe(current[0]!.id);
    expect(await seasonCropRows('2040/2041')).toBe(1);

    // The new season-crop is a known id for the other reads at once (its crop's diseases).
    const diseases = await other.inject({
      method: 'GET',
      url: `/api/diseases?seasonCrop=${current[0]!.id}`,
    });
    expect(diseases.statusCode).toBe(200);
    expect(diseases.json()).toEqual(
      DISEASES.filter((d) => d.crop_id === CROP_IDS.soybean).map((d) =>
        expect.objectContaining({ id: d.id }),
      ),
    );
  });

  it('keeps wheat and the other countries in step with the same day', async () => {
    const day = new Date('2043-01-02T15:00:00Z');
    app.clock.now = day;
    const all = await seasonCrops(app.app, '/api/season-crops');
    const current = (countryId: number, cropId: number) =>
      all.find((s) => s.country_id === countryId && s.crop_id === cropId && s.status === 'current')
        ?.season_name;
    for (const countryId of [COUNTRY_IDS.brazil, COUNTRY_IDS.paraguay]) {
      expect(current(countryId, CROP_IDS.wheat)).toBe('2043');
      expect(current(countryId, CROP_IDS.soybean)).toBe('2042/2043');
    }
    // The USA's calendar: January is still 2042's soybean season (Mar–Dec) and inside the
    // winter wheat season sown in the fall of 2042.
    expect(current(COUNTRY_IDS.usa, CROP_IDS.wheat)).toBe('2042/2043');
    expect(current(COUNTRY_IDS.usa, CROP_IDS.soybean)).toBe('2042');
  });
});
