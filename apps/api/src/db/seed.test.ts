import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
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
