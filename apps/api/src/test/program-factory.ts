import { addDays } from '@lavoura/domain';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as t from '../db/schema.ts';
import { currentSeasonCrop, makePlot } from './farm-factory.ts';
import { bearer } from './identity-factory.ts';
import type { TestApp } from './test-app.ts';

/**
 * An execution program, made through the API, on a new 40 ha soybean sowing of the current
 * season sown 60 days before `today`, on a new plot of the farm.
 */
export async function makeExecution(
  app: TestApp,
  token: string,
  { accountId, farmId, today }: { accountId: number; farmId: number; today: string },
): Promise<number> {
  const plotId = await makePlot(app.db, accountId, farmId, { name: 'Talhão Norte', area: 40 });
  const seasonCropId = await currentSeasonCrop(app.db);
  const [variety] = await app.db
    .select({ id: t.varieties.id })
    .from(t.varieties)
    .where(eq(t.varieties.cropId, 1))
    .limit(1);
  await app.db
    .insert(t.farmVarieties)
    .values({ accountId, farmId, seasonCropId, varietyId: variety!.id })
    .onConflictDoNothing();
  const [farmVariety] = await app.db
    .select({ id: t.farmVarieties.id })
    .from(t.farmVarieties)
    .where(
      and(
        eq(t.farmVarieties.farmId, farmId),
        eq(t.farmVarieties.seasonCropId, seasonCropId),
        eq(t.farmVarieties.varietyId, variety!.id),
      ),
    );
  const [sowing] = await app.db
    .insert(t.sowings)
    .values({
      accountId,
      farmId,
      plotId,
      cropId: 1,
      seasonCropId,
      farmVarietyId: farmVariety!.id,
      area: 40,
      sowingDate: addDays(today, -60),
      emergenceDate: addDays(today, -53),
      estimatedCycle: 120,
    })
    .returning({ id: t.sowings.id });
  const created = await app.app.inject({
    method: 'POST',
    url: '/api/programas',
    headers: bearer(token),
    payload: { semeadura_id: sowing!.id, nome: 'Ferrugem', doenca_principal_id: 1 },
  });
  expect(created.statusCode).toBe(201);
  return created.json<{ id: number }>().id;
}

/** The id of Brazil's Fox (the catalogue's), the product the test sprayings carry. */
export async function foxId(app: TestApp): Promise<number> {
  const [product] = await app.db
    .select({ id: t.pesticides.id })
    .from(t.pesticides)
    .where(and(eq(t.pesticides.name, 'Fox'), eq(t.pesticides.countryId, 1)));
  return product!.id;
}

/** A spraying of 0.4 L/ha of Fox planned for `day`, added last to the program. */
export async function addSpraying(
  app: TestApp,
  token: string,
  programId: number,
  day: string,
): Promise<void> {
  const added = await app.app.inject({
    method: 'POST',
    url: `/api/programas/${programId}/planejamentos`,
    headers: bearer(token),
    payload: { data: day, produtos: [{ defensivo_id: await foxId(app), dose: 0.4, preco: 120 }] },
  });
  expect(added.statusCode).toBe(201);
}

/** Records the spraying at `ordinal` as applied on `day`. */
export async function applySpraying(
  app: TestApp,
  token: string,
  programId: number,
  ordinal: number,
  day: string,
): Promise<void> {
  const applied = await app.app.inject({
    method: 'POST',
    url: `/api/programs/${programId}/sprayings/${ordinal}/apply`,
    headers: bearer(token),
    payload: { applied_at: day },
  });
  expect(applied.statusCode).toBe(200);
}
