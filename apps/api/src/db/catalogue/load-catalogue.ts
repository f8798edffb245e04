import {
  activeKey,
  COUNTRIES,
  CROP_IDS,
  DISEASES,
  productUnitOf,
  searchableText,
  type PesticideRow,
  type VarietyRow,
} from '@lavoura/domain';
import { and, eq, getTableColumns, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../client.ts';
import * as t from '../schema.ts';
import { catalogueVersion, readCatalogueData, type CatalogueData } from './catalogue-files.ts';
import { efficacyRows } from './catalogue-efficacy.ts';
import { brandPrefixes, varietySearchText } from './variety-search.ts';

/** Key of the transaction lock that makes processes starting together load the set one at a time. */
const CATALOGUE_LOCK = 73_012_028;
const BATCH = 500;

const countryId = new Map(COUNTRIES.map((country) => [country.acronym, country.id]));

function batches<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

const unique = (values: string[]) => [...new Set(values)];

function pesticideValues(row: PesticideRow) {
  return {
    key: row.key,
    countryId: countryId.get(row.country)!,
    name: row.name,
    categories: row.categories,
    classes: row.classes,
    company: row.company,
    registrationNumber: row.registration_number,
    formulation: row.formulation,
    cropIds: row.crops.map((crop) => CROP_IDS[crop]),
    toxicologicalClass: row.toxicological_class,
    environmentalClass: row.environmental_class,
    isCorrosive: null,
    isFlammable: null,
    packaging: null,
    leafletLink: null,
    actives: row.actives,
    targets: row.targets,
    whiteMold: row.white_mold,
    searchText: searchableText(
      [
        row.name,
        ...(row.other_names ?? []),
        row.company ?? '',
        ...row.actives.map((active) => active.name),
      ].join(' '),
    ),
    chemicalGroupKeys: unique(
      row.actives.flatMap((active) =>
        active.chemical_group ? [searchableText(active.chemical_group)] : [],
      ),
    ),
    activeKeys: unique(row.actives.map((active) => activeKey(active.name))),
    targetKeys: unique(row.targets.map((target) => searchableText(target.scientific_name))),
    sourceId: row.key.split(':')[0]!,
    listed: true,
  };
}

const dayOfYear = (value: VarietyRow['start_sowing']) =>
  value ? value.month * 100 + value.day : null;

function varietyValues(row: VarietyRow, prefixes: ReadonlyMap<string, string>) {
  return {
    key: row.key,
    cropId: CROP_IDS[row.crop],
    countryIds: row.countries.map((country) => countryId.get(country)!),
    name: row.name,
    company: row.company,
    gmr: row.gmr,
    growthHabit: row.growth_habit,
    cycleClass: row.cycle_class,
    minCycle: row.min_cycle,
    maxCycle: row.max_cycle,
    rustTolerant: row.rust_tolerant,
    minPopulation: row.min_population,
    maxPopulation: row.max_population,
    startSowing: dayOfYear(row.start_sowing),
    endSowing: dayOfYear(row.end_sowing),
    gmo: row.gmo,
    regionStates: row.region_states,
    registrationNumber: row.registration_number,
    reactions: row.reactions,
    searchText: varietySearchText(row, prefixes),
    targetKeys: unique(row.reactions.map((reaction) => searchableText(reaction.target))),
    sourceId: row.source_id,
    listed: true,
  };
}

/** Every column but the id and the key: what a new version of a row rewrites. */
function rewritten(table: PgTable): Record<string, SQL> {
  const set: Record<string, SQL> = {};
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    if (column.name !== 'id' && column.name !== 'key')
      set[property] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}

async function writeCatalogue(db: Executor, data: CatalogueData): Promise<void> {
  const pesticideIds = new Map<string, number>();
  for (const rows of batches(data.pesticides.map(pesticideValues))) {
    const written = await db
      .insert(t.pesticides)
      .values(rows)
      .onConflictDoUpdate({
        target: t.pesticides.key,
        set: rewritten(t.pesticides),
      })
      .returning({ id: t.pesticides.id, key: t.pesticides.key });
    for (const row of written) pesticideIds.set(row.key, row.id);
  }
  await db
    .update(t.pesticides)
    .set({ listed: false })
    .where(
      and(isNull(t.pesticides.accountId), notInArray(t.pesticides.key, [...pesticideIds.keys()])),
    );

  // Registrations and efficacies of the data set's products are its alone: rewritten whole (an
  // account's own products keep theirs).
  const catalogueRows = db
    .select({ id: t.pesticides.id })
    .from(t.pesticides)
    .where(isNull(t.pesticides.accountId));
  await db.delete(t.pesticideDoses).where(inArray(t.pesticideDoses.pesticideId, catalogueRows));
  const doses = data.pesticides.flatMap((product) => {
    // A pair the source only implies (a pathogen with other hosts) is not informed: null.
    const registered =
      product.diseases && new Map(product.diseases.map((d) => [d.disease_id, !d.inferred]));
    const label = new Map((product.diseases ?? []).map((d) => [d.disease_id, d]));
    const unit = productUnitOf(product.formulation);
    const crops = new Set(product.crops.map((crop) => CROP_IDS[crop] as number));
    return DISEASES.filter((disease) => crops.has(disease.crop_id)).map((disease) => {
      const facts = label.get(disease.id);
      const dosed = facts?.dose_min !== undefined && unit !== null;
      return {
        pesticideId: pesticideIds.get(product.key)!,
        diseaseId: disease.id,
        registered: !registered
          ? null
          : !registered.has(disease.id)
            ? false
            : registered.get(disease.id)! || null,
        doseMin: dosed ? facts.dose_min! : null,
        doseMax: dosed ? (facts.dose_max ?? facts.dose_min!) : null,
        doseUnit: dosed ? unit : null,
        safetyIntervalDays: facts?.safety_interval_days ?? null,
      };
    });
  });
  for (const rows of batches(doses)) await db.insert(t.pesticideDoses).values(rows);

  await db
    .delete(t.pesticideEfficacies)
    .where(inArray(t.pesticideEfficacies.pesticideId, catalogueRows));
  const efficacies = efficacyRows(data.pesticides, data.efficacyRules, data.s15).map((row) => ({
    pesticideId: pesticideIds.get(row.key)!,
    countryId: countryId.get(row.country)!,
    diseaseId: row.diseaseId,
    efficacy: row.efficacy,
    tag: row.tag,
    sourceId: row.sourceId,
    note: row.note,
  }));
  for (const rows of batches(efficacies)) await db.insert(t.pesticideEfficacies).values(rows);

  const varietyKeys: string[] = [];
  const prefixes = brandPrefixes(data.varieties);
  for (const rows of batches(data.varieties.map((row) => varietyValues(row, prefixes)))) {
    await db
      .insert(t.varieties)
      .values(rows)
      .onConflictDoUpdate({
        target: t.varieties.key,
        set: rewritten(t.varieties),
      });
    varietyKeys.push(...rows.map((row) => row.key));
  }
  await db
    .update(t.varieties)
    .set({ listed: false })
    .where(and(isNull(t.varieties.accountId), notInArray(t.varieties.key, varietyKeys)));
}

/**
 * Loads the bundled catalogue when its version (a hash of the files) is not the one loaded:
 * rows are upserted by key, so ids — and the varieties a farm added — survive a new version.
 */
export async function seedCatalogue(
  db: Executor,
  read: () => CatalogueData = readCatalogueData,
  version = catalogueVersion(),
): Promise<void> {
  const loadedVersion = async () =>
    (
      await db
        .select({ version: t.referenceVersions.version })
        .from(t.referenceVersions)
        .where(eq(t.referenceVersions.name, 'catalogue'))
    )[0]?.version;
  if ((await loadedVersion()) === version) return;
  // Another process may be loading it: wait for it, then find it done.
  await db.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK}::bigint)`);
  if ((await loadedVersion()) === version) return;
  const data = read();
  await writeCatalogue(db, data);
  await db
    .insert(t.referenceVersions)
    .values({ name: 'catalogue', version })
    .onConflictDoUpdate({
      target: t.referenceVersions.name,
      set: { version, loadedAt: sql`now()` },
    });
}
