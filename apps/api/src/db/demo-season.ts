import {
  CROP_IDS,
  COUNTRY_IDS,
  currentSeasonStartYear,
  seasonPeriod,
  addDays,
  todayIn,
  type CropId,
} from '@lavoura/domain';
import { and, asc, eq, inArray, isNull, like } from 'drizzle-orm';
import type { Database } from './client.ts';
import * as t from './schema.ts';
import { ofAccount } from '../policies/tenancy.ts';

/** The Full demo's farm whose seasons carry programs and harvests (demo-programs, demo-harvests). */
const DEMO_FARM = 'Fazenda Três Irmãos';

/**
 * The demo farm, its day and a Brazilian soybean season of it: the current one (`ago` 0) or one
 * `ago` seasons back. `who` names the seeder in its errors.
 */
export async function demoSoybeanSeason(
  db: Database,
  demo: { accountId: number },
  ago: number,
  who: string,
) {
  return demoSeason(db, demo, { farmName: DEMO_FARM, cropId: CROP_IDS.soybean, ago }, who);
}

/** A Brazilian demo farm (by name), its day and a season of a crop, `ago` seasons back. */
export async function demoSeason(
  db: Database,
  demo: { accountId: number },
  of: { farmName: string; cropId: CropId; ago: number },
  who: string,
) {
  const [farm] = await db
    .select({ id: t.farms.id, timeZone: t.farms.timeZone })
    .from(t.farms)
    .where(and(ofAccount(t.farms, demo), eq(t.farms.name, of.farmName)));
  if (!farm) throw new Error(`${who}: no ${of.farmName}`);
  const today = todayIn(farm.timeZone, new Date());
  const season = seasonPeriod(
    COUNTRY_IDS.brazil,
    of.cropId,
    currentSeasonStartYear(COUNTRY_IDS.brazil, of.cropId, today) - of.ago,
  );
  const [seasonCrop] = await db
    .select({ id: t.seasonCrops.id })
    .from(t.seasonCrops)
    .where(
      and(
        eq(t.seasonCrops.countryId, COUNTRY_IDS.brazil),
        eq(t.seasonCrops.cropId, of.cropId),
        eq(t.seasonCrops.startPeriod, season.start_period),
      ),
    );
  if (!seasonCrop)
    throw new Error(`${who}: no season of crop ${of.cropId} from ${season.start_period}`);
  return { farm, today, season, seasonCrop };
}

/** Two Embrapa (BRS) soybean varieties added to the demo farm's season; their farm-variety ids. */
export async function demoBrsVarieties(
  db: Pick<Database, 'select' | 'insert'>,
  demo: { accountId: number },
  farmId: number,
  seasonCropId: number,
  who: string,
): Promise<[number, number]> {
  const varieties = await db
    .select({ id: t.varieties.id })
    .from(t.varieties)
    .where(and(eq(t.varieties.cropId, CROP_IDS.soybean), like(t.varieties.name, 'BRS %')))
    .orderBy(asc(t.varieties.name))
    .limit(2);
  if (varieties.length < 2) throw new Error(`${who}: no BRS soybean varieties`);
  const farmVarieties = await db
    .insert(t.farmVarieties)
    .values(
      varieties.map((variety) => ({
        accountId: demo.accountId,
        farmId,
        seasonCropId,
        varietyId: variety.id,
      })),
    )
    .returning({ id: t.farmVarieties.id });
  return farmVarieties.map((row) => row.id) as [number, number];
}

/**
 * The Brazilian catalogue products of these names (listed, not an account's own), by id; `idOf`
 * names the seeder in its error when one is missing.
 */
export async function demoProducts(
  db: Pick<Database, 'select'>,
  names: readonly string[],
  who: string,
) {
  const rows = await db
    .select({ id: t.pesticides.id, name: t.pesticides.name })
    .from(t.pesticides)
    .where(
      and(
        eq(t.pesticides.countryId, COUNTRY_IDS.brazil),
        eq(t.pesticides.listed, true),
        isNull(t.pesticides.accountId),
        inArray(t.pesticides.name, [...names]),
      ),
    )
    .orderBy(asc(t.pesticides.id));
  const idOf = (name: string) => {
    const found = rows.find((row) => row.name === name);
    if (!found) throw new Error(`${who}: no product ${name}`);
    return found.id;
  };
  return { rows, idOf };
}

/** A sowing of a whole plot (by name), emerged a week later, as the sowings API would write it. */
export async function sowWholePlot(
  db: Pick<Database, 'select' | 'insert'>,
  demo: { accountId: number },
  sowing: {
    farmId: number;
    plotName: string;
    cropId: CropId;
    seasonCropId: number;
    farmVarietyId: number;
    sowingDate: string;
    cycleDays: number;
  },
  who: string,
): Promise<number> {
  const [plot] = await db
    .select({ id: t.plots.id, area: t.plots.area })
    .from(t.plots)
    .where(and(eq(t.plots.farmId, sowing.farmId), eq(t.plots.name, sowing.plotName)));
  if (!plot) throw new Error(`${who}: no plot ${sowing.plotName}`);
  const [row] = await db
    .insert(t.sowings)
    .values({
      accountId: demo.accountId,
      farmId: sowing.farmId,
      plotId: plot.id,
      cropId: sowing.cropId,
      seasonCropId: sowing.seasonCropId,
      farmVarietyId: sowing.farmVarietyId,
      area: plot.area,
      sowingDate: sowing.sowingDate,
      emergenceDate: addDays(sowing.sowingDate, 7),
      estimatedCycle: sowing.cycleDays,
    })
    .returning({ id: t.sowings.id });
  return row!.id;
}
