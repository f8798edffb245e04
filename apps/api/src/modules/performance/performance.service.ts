import {
  ERRORS,
  costPerHectare,
  findCountry,
  seasonPerformance,
  type PerformanceAnswer,
  type PerformanceSowing,
} from '@lavoura/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { visibleFarms } from '../farms/farms.service.ts';
import { presentPerformance } from './performance.presenter.ts';

export interface PerformanceServiceDeps {
  db: Database;
}

/**
 * The data of /performance (spec 3 §2; issue 14 item 4): a farm's season read in a handful of
 * queries (the farm, the season's sowings with plot and variety, their harvests, their applied
 * sprays with products, the seasons the farm has harvests in) and counted by the domain's
 * `seasonPerformance`. The farm must be one the session sees (another account's or an unassigned
 * one is 404, like an unknown one).
 */
export class PerformanceService {
  constructor(private readonly deps: PerformanceServiceDeps) {}

  async season(
    session: Session,
    query: { farm_id: number; season_crop_id: number },
  ): Promise<PerformanceAnswer> {
    const { db } = this.deps;
    const [farm] = await db
      .select({ id: t.farms.id, countryId: t.farms.countryId })
      .from(t.farms)
      .where(
        and(
          eq(t.farms.accountId, session.accountId),
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

    const [rows, harvestedSeasons] = await Promise.all([
      db
        .select({
          id: t.sowings.id,
          plotId: t.sowings.plotId,
          plotName: t.plots.name,
          farmVarietyId: t.sowings.farmVarietyId,
          varietyName: t.varieties.name,
          area: t.sowings.area,
          sowingDate: t.sowings.sowingDate,
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
        .where(
          and(
            eq(t.sowings.accountId, session.accountId),
            eq(t.sowings.farmId, farm.id),
            eq(t.sowings.seasonCropId, seasonCrop.id),
            isNull(t.sowings.deletedAt),
          ),
        )
        .orderBy(asc(t.sowings.id)),
      db
        .selectDistinct({ id: t.sowings.seasonCropId, start: t.seasonCrops.startPeriod })
        .from(t.harvests)
        .innerJoin(
          t.sowings,
          and(eq(t.sowings.accountId, t.harvests.accountId), eq(t.sowings.id, t.harvests.sowingId)),
        )
        .innerJoin(t.seasonCrops, eq(t.seasonCrops.id, t.sowings.seasonCropId))
        .where(
          and(
            eq(t.harvests.accountId, session.accountId),
            eq(t.sowings.farmId, farm.id),
            isNull(t.sowings.deletedAt),
          ),
        )
        .orderBy(desc(t.seasonCrops.startPeriod), desc(t.sowings.seasonCropId)),
    ]);

    const ids = rows.map((row) => row.id);
    const [harvests, products] = ids.length
      ? await Promise.all([
          db
            .select({
              sowingId: t.harvests.sowingId,
              date: t.harvests.harvestDate,
              productivity: t.harvests.productivity,
              lost: t.harvests.lost,
            })
            .from(t.harvests)
            .where(
              and(eq(t.harvests.accountId, session.accountId), inArray(t.harvests.sowingId, ids)),
            ),
          // The applied sprays of the sowings' programs, one row per product (a spray without
          // products still counts, at no cost).
          db
            .select({
              sowingId: t.programs.sowingId,
              sprayingId: t.sprayings.id,
              appliedAt: t.sprayings.appliedAt,
              dose: t.sprayingProducts.dose,
              price: t.sprayingProducts.price,
            })
            .from(t.programs)
            .innerJoin(
              t.sprayings,
              and(
                eq(t.sprayings.accountId, t.programs.accountId),
                eq(t.sprayings.programId, t.programs.id),
              ),
            )
            .leftJoin(
              t.sprayingProducts,
              and(
                eq(t.sprayingProducts.accountId, t.sprayings.accountId),
                eq(t.sprayingProducts.sprayingId, t.sprayings.id),
              ),
            )
            .where(
              and(
                eq(t.programs.accountId, session.accountId),
                inArray(t.programs.sowingId, ids),
                isNull(t.programs.deletedAt),
                isNotNull(t.sprayings.appliedAt),
              ),
            ),
        ])
      : [[], []];

    const harvestsOf = new Map<number, PerformanceSowing['harvests'][number][]>();
    for (const harvest of harvests) {
      const list = harvestsOf.get(harvest.sowingId) ?? [];
      list.push({ date: harvest.date, productivity: harvest.productivity, lost: harvest.lost });
      harvestsOf.set(harvest.sowingId, list);
    }
    const sprayings = new Map<
      number,
      { sowingId: number; appliedAt: string | null; products: { dose: number; price: number }[] }
    >();
    for (const row of products) {
      const spraying = sprayings.get(row.sprayingId) ?? {
        sowingId: row.sowingId!,
        appliedAt: row.appliedAt,
        products: [],
      };
      if (row.dose !== null && row.price !== null)
        spraying.products.push({ dose: row.dose, price: Number(row.price) });
      sprayings.set(row.sprayingId, spraying);
    }
    const spraysOf = new Map<number, PerformanceSowing['sprays'][number][]>();
    for (const spraying of sprayings.values()) {
      const list = spraysOf.get(spraying.sowingId) ?? [];
      list.push({ appliedAt: spraying.appliedAt, costPerHa: costPerHectare(spraying.products) });
      spraysOf.set(spraying.sowingId, list);
    }

    const sowings: PerformanceSowing[] = rows.map((row) => ({
      id: row.id,
      plot: { id: row.plotId, name: row.plotName },
      variety:
        row.farmVarietyId !== null ? { id: row.farmVarietyId, name: row.varietyName ?? '' } : null,
      area: row.area,
      sowingDate: row.sowingDate,
      harvests: harvestsOf.get(row.id) ?? [],
      sprays: spraysOf.get(row.id) ?? [],
    }));

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
