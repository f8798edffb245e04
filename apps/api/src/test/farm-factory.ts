import { currentSeasonStartYear, seasonPeriod, todayIn, type CropId } from '@lavoura/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';

/** A place of the seeded geography, by state code and city name (Londrina, PR by default). */
export async function place(
  db: Database,
  stateCode = 'PR',
  cityName = 'Londrina',
  countryId = 1,
): Promise<{ countryId: number; stateId: number; cityId: number }> {
  const [row] = await db
    .select({ stateId: t.states.id, cityId: t.cities.id })
    .from(t.cities)
    .innerJoin(t.states, eq(t.states.id, t.cities.stateId))
    .where(
      and(
        eq(t.states.countryId, countryId),
        eq(t.states.code, stateCode),
        eq(t.cities.name, cityName),
      ),
    );
  if (!row) throw new Error(`No ${cityName} in ${stateCode}`);
  return { countryId, ...row };
}

/** A farm written straight to the database (with both bag prices), for tests of other routes. */
export async function makeFarm(
  db: Database,
  accountId: number,
  options: {
    name?: string;
    enabled?: boolean;
    createdAt?: Date;
    /** Another place than Londrina, PR, with its time zone (a farm of another country). */
    at?: { place: Awaited<ReturnType<typeof place>>; timeZone: string };
  } = {},
): Promise<number> {
  const where = options.at?.place ?? (await place(db));
  const at = options.createdAt ?? new Date();
  const [farm] = await db
    .insert(t.farms)
    .values({
      accountId,
      name: options.name ?? 'Fazenda Teste',
      enabled: options.enabled ?? true,
      ...where,
      latitude: -23.31,
      longitude: -51.16,
      timeZone: options.at?.timeZone ?? 'America/Sao_Paulo',
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: t.farms.id });
  await db.insert(t.farmBagPrices).values([
    { accountId, farmId: farm!.id, cropId: 1, currencyId: 2, price: '120.00' },
    { accountId, farmId: farm!.id, cropId: 2, currencyId: 2, price: '75.00' },
  ]);
  return farm!.id;
}

/** A rectangular plot of about `hectares` near Londrina, written straight to the database. */
export async function makePlot(
  db: Database,
  accountId: number,
  farmId: number,
  /**
   * `east`: how many squares east of the default one the outline lies (plots of one farm at the
   * same place overlap, and the farm's total counts their shared ground once).
   */
  options: { name?: string; area?: number; enabled?: boolean; east?: number } = {},
): Promise<number> {
  const shift = 0.01 * (options.east ?? 0);
  const ring: [number, number][] = [
    [-51.17 + shift, -23.32],
    [-51.16 + shift, -23.32],
    [-51.16 + shift, -23.31],
    [-51.17 + shift, -23.31],
    [-51.17 + shift, -23.32],
  ];
  const [plot] = await db
    .insert(t.plots)
    .values({
      accountId,
      farmId,
      name: options.name ?? 'Talhão 1',
      area: options.area ?? 112,
      areaCalculated: 112,
      geometry: { type: 'Polygon', coordinates: [ring] },
      minLat: -23.32,
      minLng: -51.17 + shift,
      maxLat: -23.31,
      maxLng: -51.16 + shift,
      latitude: -23.315,
      longitude: -51.165,
      enabled: options.enabled ?? true,
    })
    .returning({ id: t.plots.id });
  return plot!.id;
}

/** Assigns farms to a member of the account (non-administrator profiles see only those). */
export async function assignFarms(
  db: Database,
  accountId: number,
  userId: number,
  farmIds: number[],
): Promise<void> {
  const [membership] = await db
    .select({ id: t.memberships.id })
    .from(t.memberships)
    .where(and(eq(t.memberships.accountId, accountId), eq(t.memberships.userId, userId)));
  await db
    .insert(t.membershipFarms)
    .values(farmIds.map((farmId) => ({ accountId, membershipId: membership!.id, farmId })));
}

/**
 * The id of the current season of a country's crop (by its calendar: in June and July the
 * soybean season that just ended is still current in Brazil); Brazilian soybean unless named.
 */
/** The id of a country's season-crop that starts on `startPeriod` (the seeds and the app made it). */
export async function seasonCropStarting(
  db: Database,
  startPeriod: string,
  countryId = 1,
  cropId = 1,
): Promise<number> {
  const [row] = await db
    .select({ id: t.seasonCrops.id })
    .from(t.seasonCrops)
    .where(
      and(
        eq(t.seasonCrops.countryId, countryId),
        eq(t.seasonCrops.cropId, cropId),
        eq(t.seasonCrops.startPeriod, startPeriod),
      ),
    );
  return row!.id;
}

export async function currentSeasonCrop(db: Database, countryId = 1, cropId = 1): Promise<number> {
  const current = seasonPeriod(
    countryId,
    cropId as CropId,
    currentSeasonStartYear(countryId, cropId as CropId, todayIn('America/Sao_Paulo')),
  );
  return seasonCropStarting(db, current.start_period, countryId, cropId);
}

/** A sowing row as [sowings] will write it: enough for the rules that read sowings now. */
export async function makeSowing(
  db: Database,
  accountId: number,
  farmId: number,
  plotId: number,
  options: { area?: number; seasonCropId?: number; closed?: boolean } = {},
): Promise<number> {
  const seasonCropId = options.seasonCropId ?? (await currentSeasonCrop(db));
  const [sowing] = await db
    .insert(t.sowings)
    .values({
      accountId,
      farmId,
      plotId,
      cropId: 1,
      seasonCropId,
      area: options.area ?? 50,
      closedAt: options.closed ? new Date() : null,
    })
    .returning({ id: t.sowings.id });
  return sowing!.id;
}
