import {
  COUNTRIES,
  CROPS,
  DISEASES,
  GROWTH_STAGES,
  JOB_TITLES,
  NOTE_CATEGORIES,
  NOTIFICATION_TYPES,
  PAUSED_CLIMATE_REASONS,
  PLANS,
  BILLING_INTERVALS,
  INTERVAL_NAMES,
  STARTING_PRICES,
  PROFILES,
  SEED_CLASSES,
  SEEDER_SYSTEMS,
  SEVERITY_LEVELS,
  requiredSeasons,
  seasonPeriod,
  todayIn,
  type CropId,
} from '@lavoura/domain';
import { eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable, PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from './client.ts';
import { seedCatalogue } from './catalogue/load-catalogue.ts';
import { applyOfficialGeography, findGeographyDir, officialGeography } from './geography.ts';
import * as t from './schema.ts';
import { PhaseTimer } from '../lib/phase-timer.ts';

/**
 * Writes the reference data on every start. Idempotent: the spec's lists are upserted by their
 * fixed ids (a renamed key is corrected, nothing is duplicated), seasons are added as time passes,
 * and the geography set is loaded once per version of its lists.
 */
export async function seedReferenceData(
  db: Database,
  now: Date = new Date(),
  timer: PhaseTimer = new PhaseTimer(),
): Promise<void> {
  await db.transaction(async (run) => {
    await timer.time('reference data', () => seedLists(run, now));
    await timer.time('catalogue', () => seedCatalogue(run));
  });
}

/** The spec's fixed lists, the price list, the seasons and the geography. */
async function seedLists(run: Executor, now: Date): Promise<void> {
  await upsert(
    run,
    t.countries,
    t.countries.id,
    COUNTRIES.map((c) => ({
      id: c.id,
      acronym: c.acronym,
      name: c.name,
      messageKey: c.message_key,
      latitude: c.latitude,
      longitude: c.longitude,
      timeZone: c.time_zone,
    })),
  );
  await upsert(
    run,
    t.crops,
    t.crops.id,
    CROPS.map((c) => ({ id: c.id, code: c.code, messageKey: c.message_key })),
  );
  await upsert(
    run,
    t.diseases,
    t.diseases.id,
    DISEASES.map((d) => ({
      id: d.id,
      cropId: d.crop_id,
      code: d.code,
      name: d.name,
      messageKey: d.message_key,
    })),
  );
  await upsert(
    run,
    t.growthStages,
    t.growthStages.id,
    GROWTH_STAGES.map((s) => ({
      id: s.id,
      cropId: s.crop_id,
      code: s.code,
      position: s.order,
      messageKey: s.message_key,
    })),
  );
  const row = (item: { id: number; code: string; message_key: string }) => ({
    id: item.id,
    code: item.code,
    messageKey: item.message_key,
  });
  const enumerated = (list: readonly { id: number; code: string; message_key: string }[]) =>
    list.map(row);
  await upsert(run, t.seedClasses, t.seedClasses.id, enumerated(SEED_CLASSES));
  await upsert(run, t.seederSystems, t.seederSystems.id, enumerated(SEEDER_SYSTEMS));
  await upsert(run, t.severityLevels, t.severityLevels.id, enumerated(SEVERITY_LEVELS));
  await upsert(run, t.notificationTypes, t.notificationTypes.id, enumerated(NOTIFICATION_TYPES));
  await upsert(run, t.noteCategories, t.noteCategories.id, enumerated(NOTE_CATEGORIES));
  await upsert(
    run,
    t.pausedClimateReasons,
    t.pausedClimateReasons.id,
    PAUSED_CLIMATE_REASONS.map((r) => ({
      ...row(r),
      requiresDescription: r.requires_description,
    })),
  );
  await upsert(
    run,
    t.jobTitles,
    t.jobTitles.id,
    JOB_TITLES.map((j) => ({
      ...row(j),
      internal: j.internal,
    })),
  );
  await upsert(
    run,
    t.profiles,
    t.profiles.id,
    PROFILES.map((p) => ({
      id: p.id,
      uid: p.uid,
      messageKey: p.message_key,
      allFarms: p.all_farms,
      internal: p.internal,
    })),
  );
  await upsert(
    run,
    t.plans,
    t.plans.id,
    PLANS.map((p) => ({
      id: p.id,
      name: p.name,
      priorityLevel: p.priority_level,
      messageKey: p.message_key,
    })),
  );
  await seedPriceList(run);
  await ensureSeasons(run, now);
  await seedGeography(run);
}

/** Key of the transaction lock around the first price list. */
const PRICE_LIST_LOCK = 73_012_027;

/**
 * The starting price list, only into an empty table: once a platform administrator has touched
 * the prices, a restart never brings the old ones back.
 */
async function seedPriceList(db: Executor): Promise<void> {
  // Processes starting together check and fill the table one at a time.
  await db.execute(sql`select pg_advisory_xact_lock(${PRICE_LIST_LOCK}::bigint)`);
  const [any] = await db.select({ id: t.billingPlans.id }).from(t.billingPlans).limit(1);
  if (any) return;
  const tiers = new Map(PLANS.map((plan) => [plan.id, plan.name]));
  await db.insert(t.billingPlans).values(
    STARTING_PRICES.flatMap(({ tier_id, prices }) =>
      BILLING_INTERVALS.map((months) => ({
        tierId: tier_id,
        intervalCount: months,
        price: prices[months].toFixed(2),
        names: {
          pt: `${tiers.get(tier_id)} ${INTERVAL_NAMES.pt[months]}`,
          en: `${tiers.get(tier_id)} ${INTERVAL_NAMES.en[months]}`,
          es: `${tiers.get(tier_id)} ${INTERVAL_NAMES.es[months]}`,
        },
      })),
    ),
  );
}

/** Inserts rows, or rewrites every column but the key of the rows that exist. */
async function upsert<TTable extends PgTable>(
  db: Executor,
  table: TTable,
  key: PgColumn,
  rows: TTable['$inferInsert'][],
): Promise<void> {
  const set: Record<string, SQL> = {};
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    if (column.name !== key.name) set[property] = sql.raw(`excluded."${column.name}"`);
  }
  await db.insert(table).values(rows).onConflictDoUpdate({ target: key, set });
}

/** Seasons from 2024 on, and always the previous, current and next one of each country's today. */
const FIRST_SEASON_YEAR = 2024;

/**
 * Upserts the season rows `now` needs, by their natural keys (season name; country, crop and
 * season), so any number of processes doing it at once end with the same rows and ids. Run by the
 * seed at start and by the reference service when the day moves past a season boundary.
 */
export async function ensureSeasons(db: Executor, now: Date): Promise<void> {
  const periods = COUNTRIES.flatMap((country) =>
    CROPS.flatMap((crop) => {
      const required = requiredSeasons(country.id, crop.id, todayIn(country.time_zone, now));
      const last = required[required.length - 1]!.start_year;
      const first = Math.min(FIRST_SEASON_YEAR, required[0]!.start_year);
      const years = Array.from({ length: last - first + 1 }, (_, i) => first + i);
      return years.map((year) => ({
        country,
        period: seasonPeriod(country.id, crop.id as CropId, year),
      }));
    }),
  );
  const names = [...new Set(periods.map((p) => p.period.season_name))];
  await db
    .insert(t.seasons)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const seasonRows = await db.select().from(t.seasons).where(inArray(t.seasons.name, names));
  const seasonId = new Map(seasonRows.map((row) => [row.name, row.id]));
  await db
    .insert(t.seasonCrops)
    .values(
      periods.map(({ country, period }) => ({
        seasonId: seasonId.get(period.season_name)!,
        cropId: period.crop_id,
        countryId: country.id,
        startPeriod: period.start_period,
        endPeriod: period.end_period,
      })),
    )
    .onConflictDoNothing();
}

/**
 * The geography set: its version names the lists loaded; a database that loaded another version
 * (or none) loads this one on the next start. 'country-state-city@3.2.1/1' was the npm package's
 * list for every country; 'official-2026-11/1' the official lists of Brazil and the USA with
 * Paraguay still from the package; 'official-2026-11/2' adds Paraguay's SIFEN list.
 */
const GEOGRAPHY_VERSION = 'official-2026-11/2';
/** Key of the transaction lock that makes processes starting together load the set one at a time. */
const GEOGRAPHY_LOCK = 73_012_026;

/** Every country's states and cities from its official list (./geography.ts). */
async function seedGeography(db: Executor): Promise<void> {
  const [seen] = await db
    .select()
    .from(t.referenceVersions)
    .where(eq(t.referenceVersions.name, 'geography'));
  if (seen?.version === GEOGRAPHY_VERSION) return;
  // Another process may be loading it: wait for it, then find it done.
  await db.execute(sql`select pg_advisory_xact_lock(${GEOGRAPHY_LOCK}::bigint)`);
  const [loaded] = await db
    .select()
    .from(t.referenceVersions)
    .where(eq(t.referenceVersions.name, 'geography'));
  if (loaded?.version === GEOGRAPHY_VERSION) return;

  const dir = findGeographyDir();
  for (const country of COUNTRIES) {
    const official = await officialGeography(country.acronym, dir);
    if (!official) throw new Error(`No geography list for ${country.acronym}`);
    await applyOfficialGeography(db, country.id, official);
  }
  await db
    .insert(t.referenceVersions)
    .values({ name: 'geography', version: GEOGRAPHY_VERSION })
    .onConflictDoUpdate({
      target: t.referenceVersions.name,
      set: { version: GEOGRAPHY_VERSION, loadedAt: sql`now()` },
    });
}
