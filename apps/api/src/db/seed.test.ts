import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { openDatabase, type Database } from './client.ts';
import { migrate } from './migrate.ts';
import * as t from './schema.ts';
import { seedReferenceData } from './seed.ts';

const TABLES = {
  countries: t.countries,
  states: t.states,
  cities: t.cities,
  crops: t.crops,
  seasons: t.seasons,
  seasonCrops: t.seasonCrops,
  diseases: t.diseases,
  growthStages: t.growthStages,
  profiles: t.profiles,
  plans: t.plans,
  jobTitles: t.jobTitles,
};

async function counts(db: Database): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row!.n] as const;
    }),
  );
  return Object.fromEntries(entries);
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('reference seed', () => {
  it('adds nothing the second time it runs', async () => {
    const before = await counts(app.db);
    expect(before.states).toBeGreaterThan(90);
    // Brazil's 5,571 municipalities, the 3,142 US counties and Paraguay's 268 districts.
    expect(before.cities).toBe(5571 + 3142 + 268);
    await seedReferenceData(app.db);
    expect(await counts(app.db)).toEqual(before);
  });

  it('loads a new geography version once when two processes start together', async () => {
    const before = await app.db.select().from(t.cities);
    await app.db
      .update(t.referenceVersions)
      .set({ version: 'country-state-city@3.2.1/1' })
      .where(eq(t.referenceVersions.name, 'geography'));
    await Promise.all([seedReferenceData(app.db), seedReferenceData(app.db)]);
    const after = await app.db.select().from(t.cities);
    expect(new Map(after.map((c) => [c.id, c]))).toEqual(new Map(before.map((c) => [c.id, c])));
    const [version] = await app.db
      .select()
      .from(t.referenceVersions)
      .where(eq(t.referenceVersions.name, 'geography'));
    expect(version!.version).not.toBe('country-state-city@3.2.1/1');
  });

  it('adds the coming seasons as time passes and keeps the ids it gave', async () => {
    const [saoPaulo] = await app.db.select().from(t.states).where(eq(t.states.code, 'SP'));
    const seasonsBefore = await app.db.select().from(t.seasonCrops);
    await seedReferenceData(app.db, new Date(Date.UTC(new Date().getUTCFullYear() + 2, 8, 1)));
    const seasonsAfter = await app.db.select().from(t.seasonCrops);
    expect(seasonsAfter.length).toBeGreaterThan(seasonsBefore.length);
    for (const season of seasonsBefore) expect(seasonsAfter).toContainEqual(season);
    const [saoPauloAfter] = await app.db.select().from(t.states).where(eq(t.states.code, 'SP'));
    expect(saoPauloAfter!.id).toBe(saoPaulo!.id);
  });

  it('re-dates the US season-crops Brazil’s calendar made, keeping their ids (migration 0015)', async () => {
    // Rows as the seed wrote them before the USA had its own calendar, in a year no seed reaches.
    await app.db
      .insert(t.seasons)
      .values([{ name: '2011/2012' }, { name: '2011' }])
      .onConflictDoNothing();
    const named = await app.db
      .select()
      .from(t.seasons)
      .where(inArray(t.seasons.name, ['2011/2012', '2011']));
    const seasonId = new Map(named.map((row) => [row.name, row.id]));
    const [soybean, wheat] = await app.db
      .insert(t.seasonCrops)
      .values([
        {
          countryId: 3,
          cropId: 1,
          seasonId: seasonId.get('2011/2012')!,
          startPeriod: '2011-08-01',
          endPeriod: '2012-05-31',
        },
        {
          countryId: 3,
          cropId: 2,
          seasonId: seasonId.get('2011')!,
          startPeriod: '2011-01-01',
          endPeriod: '2011-09-30',
        },
      ])
      .returning({ id: t.seasonCrops.id });
    const file = path.join(import.meta.dirname, '../../drizzle/0015_us_season_calendar.sql');
    for (const statement of fs.readFileSync(file, 'utf8').split('--> statement-breakpoint'))
      await app.db.execute(sql.raw(statement));

    const redated = await app.db
      .select({
        id: t.seasonCrops.id,
        name: t.seasons.name,
        start: t.seasonCrops.startPeriod,
        end: t.seasonCrops.endPeriod,
      })
      .from(t.seasonCrops)
      .innerJoin(t.seasons, eq(t.seasons.id, t.seasonCrops.seasonId))
      .where(
        and(eq(t.seasonCrops.countryId, 3), inArray(t.seasonCrops.id, [soybean!.id, wheat!.id])),
      )
      .orderBy(t.seasonCrops.cropId);
    expect(redated).toEqual([
      { id: soybean!.id, name: '2011', start: '2011-03-01', end: '2011-12-31' },
      { id: wheat!.id, name: '2010/2011', start: '2010-09-01', end: '2011-08-31' },
    ]);
    // Brazil's rows are not touched.
    const brazil = await app.db
      .select({ start: t.seasonCrops.startPeriod })
      .from(t.seasonCrops)
      .where(and(eq(t.seasonCrops.countryId, 1), eq(t.seasonCrops.cropId, 1)));
    expect(brazil.every((row) => row.start.endsWith('-08-01'))).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE !== 'postgres')('the embedded database on disk', () => {
  it('keeps its data across a restart and migrates nothing twice', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-disk-'));
    try {
      const first = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
      expect((await migrate(first)).length).toBeGreaterThan(0);
      await seedReferenceData(first.db);
      const before = await counts(first.db);
      await first.close();

      const second = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
      expect(await migrate(second)).toEqual([]);
      await seedReferenceData(second.db);
      expect(await counts(second.db)).toEqual(before);
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
