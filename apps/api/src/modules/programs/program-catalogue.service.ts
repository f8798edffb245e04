import { programProduct, type ProgramProduct } from '@lavoura/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { groupBy } from '../../lib/group-by.ts';
import type { EfficacyProvenance } from './program-evaluation.ts';
import type { ProgramRow, SprayingRow } from './program-rows.ts';

/** A country's catalogue entries as the engine reads them, with the answer's provenance. */
export interface CountryCatalogue {
  products: ProgramProduct[];
  provenance: EfficacyProvenance;
}

/** The catalogue entries of the products in programs' sprayings, per country of the programs. */
export async function catalogueOf(
  db: Executor,
  rows: readonly ProgramRow[],
  sprayings: readonly SprayingRow[],
): Promise<Map<number, CountryCatalogue>> {
  return catalogueOfProducts(db, rows, [
    ...new Set(sprayings.flatMap((spraying) => spraying.products.map((p) => p.pesticideId))),
  ]);
}

/**
 * The catalogue entries of products as the engine reads them, per country: the registration per
 * disease, and the shipped efficacy of that country with its tag and source.
 */
export async function catalogueOfProducts(
  db: Executor,
  rows: readonly Pick<ProgramRow, 'countryId'>[],
  productIds: readonly number[],
): Promise<Map<number, CountryCatalogue>> {
  const countries = [...new Set(rows.map((row) => row.countryId))];
  const pesticides = productIds.length
    ? await db
        .select({ id: t.pesticides.id, name: t.pesticides.name, actives: t.pesticides.actives })
        .from(t.pesticides)
        .where(inArray(t.pesticides.id, [...productIds]))
    : [];
  const registrations = productIds.length
    ? await db
        .select({
          pesticideId: t.pesticideDoses.pesticideId,
          diseaseCode: t.diseases.code,
          registered: t.pesticideDoses.registered,
          labelDose: t.pesticideDoses.doseMin,
          safetyIntervalDays: t.pesticideDoses.safetyIntervalDays,
        })
        .from(t.pesticideDoses)
        .innerJoin(t.diseases, eq(t.diseases.id, t.pesticideDoses.diseaseId))
        .where(inArray(t.pesticideDoses.pesticideId, [...productIds]))
    : [];
  const efficacies = productIds.length
    ? await db
        .select({
          pesticideId: t.pesticideEfficacies.pesticideId,
          countryId: t.pesticideEfficacies.countryId,
          diseaseCode: t.diseases.code,
          efficacy: t.pesticideEfficacies.efficacy,
          tag: t.pesticideEfficacies.tag,
          sourceId: t.pesticideEfficacies.sourceId,
        })
        .from(t.pesticideEfficacies)
        .innerJoin(t.diseases, eq(t.diseases.id, t.pesticideEfficacies.diseaseId))
        .where(
          and(
            inArray(t.pesticideEfficacies.pesticideId, [...productIds]),
            inArray(t.pesticideEfficacies.countryId, countries),
          ),
        )
    : [];
  const catalogue = new Map<number, CountryCatalogue>();
  const registrationsOf = groupBy(registrations, (row) => row.pesticideId);
  for (const countryId of countries) {
    const own = efficacies.filter((row) => row.countryId === countryId);
    const efficaciesOf = groupBy(own, (row) => row.pesticideId);
    const provenance: EfficacyProvenance = new Map();
    for (const row of own) {
      const byDisease = provenance.get(row.pesticideId) ?? new Map();
      byDisease.set(row.diseaseCode, {
        efficacy: row.efficacy,
        tag: row.tag as 'S' | 'D' | 'A',
        source: row.sourceId,
      });
      provenance.set(row.pesticideId, byDisease);
    }
    const products = pesticides.map((pesticide) =>
      programProduct({
        id: pesticide.id,
        name: pesticide.name,
        modesOfAction: (pesticide.actives as { mode_of_action: string | null }[]).map(
          (active) => active.mode_of_action,
        ),
        registrations: registrationsOf.get(pesticide.id) ?? [],
        efficacies: efficaciesOf.get(pesticide.id) ?? [],
      }),
    );
    catalogue.set(countryId, { products, provenance });
  }
  return catalogue;
}
