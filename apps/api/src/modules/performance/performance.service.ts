import {
  ERRORS,
  costPerHectare,
  findCountry,
  mayReadFarm,
  seasonPerformance,
  type PerformanceAnswer,
  type PerformanceHarvest,
  type PerformanceQuery,
  type PerformanceSowing,
  type PerformanceSpray,
} from '@lavoura/domain';
import { and, desc, eq, exists, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { DataVersions } from '../farms/data-versions.service.ts';
import { presentPerformance } from './performance.presenter.ts';
import { ofAccount, visibleFarms } from '../../policies/tenancy.ts';

/** A sowing as the season's query returns it, one per harvest (see `season`). */
type SowingTuple = [
  id: number,
  plotId: number,
  plotName: string,
  farmVarietyId: number | null,
  varietyName: string | null,
  area: number,
  sowingDate: string | null,
  harvestDate: string | null,
  productivity: number | null,
  lost: boolean | null,
];
/** An applied spray's product (null for a spray without products). */
type SprayTuple = [
  sowingId: number,
  sprayingId: number,
  appliedAt: string,
  dose: number | null,
  price: number | string | null,
];

export interface PerformanceServiceDeps {
  db: Database;
  /** The process's kept data versions; without them every answer reads its version. */
  dataVersions?: DataVersions;
}

/**
 * The data of /performance (spec 3 §2; issue 14 item 4): a farm's season read in five queries (the
 * farm, the season crop, the season's sowings with plot, variety and harvests, their applied
 * sprays with products, the seasons the farm has harvests in) and counted by the domain's
 * `seasonPerformance`. The farm must be one the session sees (another account's or an unassigned
 * one is 404, like an unknown one).
 */
export class PerformanceService {
  private readonly versions: DataVersions;

  constructor(private readonly deps: PerformanceServiceDeps) {
    this.versions = deps.dataVersions ?? new DataVersions(deps.db);
  }

  /**
   * What names a performance answer (http/versioned-answers.ts): the farm and the season, at the
   * account's data version, which every write to what the figures read moves (farms, plots,
   * sowings, harvests, farm varieties, programs, sprayings and their products: migrations 0007,
   * 0017, 0019); varieties and season crops are reference data. A farm the session may not see
   * is not found, as the answer itself says.
   */
  async version(
    session: Session,
    query: PerformanceQuery,
  ): Promise<{ key: string; version: string }> {
    if (!mayReadFarm(session.farms, query.farm_id))
      throw new AppError(ERRORS.notFound, 'Farm not found');
    const version = await this.versions.version(session.accountId);
    return {
      key: `performance:${session.accountId}:${query.farm_id}:${query.season_crop_id}`,
      version,
    };
  }

  async season(session: Session, query: PerformanceQuery): Promise<PerformanceAnswer> {
    const { db } = this.deps;
    const [farm] = await db
      .select({ id: t.farms.id, countryId: t.farms.countryId })
      .from(t.farms)
      .where(
        and(
          ofAccount(t.farms, session),
          eq(t.farms.id, query.farm_id),
          isNull(t.farms.deletedAt),
          visibleFarms(session),
        ),
      );
    if (!farm) throw new AppError(ERRORS.notFound, 'Farm not found');
    const [seasonCrop] = await db
      .select({ id: t.seasonCrops.id, cropId: t.seasonCrops.cropId })
      .from(t.seasonCrops)
      .where(eq(t.seasonCrops.id, query.season_crop_id));
    if (!seasonCrop) throw new AppError(ERRORS.seasonCropNotFound, 'Season-crop not found');

    // Three set-based reads, each bounded by the farm and the season through the sowings index
    // (account, farm, season), never by a list of ids: the sowings with their harvests, the
    // applied sprays with their products, and the seasons that have harvests. The first two come
    // back as one JSON array each: the embedded database pays for every row it returns, and a
    // season of 2,000 sowings with three sprays of two products each is 14,000 rows (ten times
    // slower as rows than as one value).
    const ofSeason = and(
      ofAccount(t.sowings, session),
      eq(t.sowings.farmId, farm.id),
      eq(t.sowings.seasonCropId, seasonCrop.id),
      isNull(t.sowings.deletedAt),
    );
    const [[sowingRows], [sprayRows], harvestedSeasons] = await Promise.all([
      // [sowing, plot, plot name, farm variety, variety name, ha, sown, harvested, sc/ha, lost]:
      // one per harvest, the sowing's harvest columns null while it has none.
      db
        .select({
          rows: sql<SowingTuple[]>`coalesce(json_agg(json_build_array(${t.sowings.id},
            ${t.sowings.plotId}, ${t.plots.name}, ${t.sowings.farmVarietyId}, ${t.varieties.name},
            ${t.sowings.area}, ${t.sowings.sowingDate}, ${t.harvests.harvestDate},
            ${t.harvests.productivity}, ${t.harvests.lost}) order by ${t.sowings.id}), '[]'::json)`,
        })
        .from(t.sowings)
        .innerJoin(
          t.plots,
          and(eq(t.plots.accountId, t.sowings.accountId), eq(t.plots.id, t.sowings.plotId)),
        )
        .leftJoin(
          t.farmVarieties,
          and(
            eq(t.farmVarieties.accountId, t.sowings.accountId),
            eq(t.farmVarieties.id, t.sowings.farmVarietyId),
          ),
        )
        .leftJoin(t.varieties, eq(t.varieties.id, t.farmVarieties.varietyId))
        .leftJoin(
          t.harvests,
          and(eq(t.harvests.accountId, t.sowings.accountId), eq(t.harvests.sowingId, t.sowings.id)),
        )
        .where(ofSeason),
      // [sowing, spraying, applied on, dose, price]: the applied sprays of the sowings'
      // programs, one per product (a spray without products still counts, at no cost).
      db
        .select({
          rows: sql<SprayTuple[]>`coalesce(json_agg(json_build_array(${t.sowings.id},
            ${t.sprayings.id}, ${t.sprayings.appliedAt}, ${t.sprayingProducts.dose},
            ${t.sprayingProducts.price})), '[]'::json)`,
        })
        .from(t.sowings)
        .innerJoin(
          t.programs,
          and(
            eq(t.programs.accountId, t.sowings.accountId),
            eq(t.programs.sowingId, t.sowings.id),
            isNull(t.programs.deletedAt),
          ),
        )
        .innerJoin(
          t.sprayings,
          and(
            eq(t.sprayings.accountId, t.programs.accountId),
            eq(t.sprayings.programId, t.programs.id),
            isNotNull(t.sprayings.appliedAt),
          ),
        )
        .leftJoin(
          t.sprayingProducts,
          and(
            eq(t.sprayingProducts.accountId, t.sprayings.accountId),
            eq(t.sprayingProducts.sprayingId, t.sprayings.id),
          ),
        )
        .where(ofSeason),
      // The farm's seasons with at least one harvest, newest first.
      db
        .select({ id: t.seasonCrops.id })
        .from(t.seasonCrops)
        .where(
          exists(
            db
              .select({ one: sql`1` })
              .from(t.sowings)
              .innerJoin(
                t.harvests,
                and(
                  eq(t.harvests.accountId, t.sowings.accountId),
                  eq(t.harvests.sowingId, t.sowings.id),
                ),
              )
              .where(
                and(
                  ofAccount(t.sowings, session),
                  eq(t.sowings.farmId, farm.id),
                  eq(t.sowings.seasonCropId, t.seasonCrops.id),
                  isNull(t.sowings.deletedAt),
                ),
              ),
          ),
        )
        .orderBy(desc(t.seasonCrops.startPeriod), desc(t.seasonCrops.id)),
    ]);

    const seasonSowings = new Map<
      number,
      PerformanceSowing & { harvests: PerformanceHarvest[]; sprays: PerformanceSpray[] }
    >();
    for (const row of sowingRows!.rows) {
      const [id, plotId, plotName, farmVarietyId, varietyName, area, sown, ...harvest] = row;
      let sowing = seasonSowings.get(id);
      if (!sowing) {
        sowing = {
          id,
          plot: { id: plotId, name: plotName },
          variety: farmVarietyId !== null ? { id: farmVarietyId, name: varietyName ?? '' } : null,
          area,
          sowingDate: sown,
          harvests: [],
          sprays: [],
        };
        seasonSowings.set(id, sowing);
      }
      const [date, productivity, lost] = harvest;
      if (date !== null && lost !== null) sowing.harvests.push({ date, productivity, lost });
    }
    const sprayings = new Map<
      number,
      { sowingId: number; appliedAt: string; products: { dose: number; price: number }[] }
    >();
    for (const [sowingId, sprayingId, appliedAt, dose, price] of sprayRows!.rows) {
      const spraying = sprayings.get(sprayingId) ?? { sowingId, appliedAt, products: [] };
      if (dose !== null && price !== null) spraying.products.push({ dose, price: Number(price) });
      sprayings.set(sprayingId, spraying);
    }
    for (const spraying of sprayings.values())
      seasonSowings.get(spraying.sowingId)?.sprays.push({
        appliedAt: spraying.appliedAt,
        costPerHa: costPerHectare(spraying.products),
      });
    const sowings = [...seasonSowings.values()];

    return presentPerformance({
      farmId: farm.id,
      seasonCropId: seasonCrop.id,
      cropId: seasonCrop.cropId,
      currency: findCountry(farm.countryId)?.currency ?? null,
      seasonsWithHarvests: harvestedSeasons.map((row) => row.id),
      performance: seasonPerformance(sowings),
    });
  }
}
