import type { SownArea } from '@lavoura/domain';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { Session } from '../auth/session.types.ts';
import { ofAccount, visibleFarms } from '../../policies/tenancy.ts';

/**
 * Plot columns with what live sowings take of each plot: grouped passes over the account's
 * sowings joined to the plots (a farm of 2,000 plots is one query, not 4,000 lookups). Each
 * current season-crop's live sowings, harvested or not, are summed for `remainingArea`
 * (domain: the rule the sowings' own check applies); an unclosed sowing of any season blocks a
 * new one.
 */
export function plotRows(db: Executor, session: Session, currentSeasonCropIds: number[]) {
  const live = and(ofAccount(t.sowings, session), isNull(t.sowings.deletedAt));
  const bySeasonCrop = db
    .select({
      plotId: t.sowings.plotId,
      seasonCropId: t.sowings.seasonCropId,
      area: sql<number>`sum(${t.sowings.area})`.as('area'),
    })
    .from(t.sowings)
    .where(
      and(
        live,
        currentSeasonCropIds.length
          ? inArray(t.sowings.seasonCropId, currentSeasonCropIds)
          : sql`false`,
      ),
    )
    .groupBy(t.sowings.plotId, t.sowings.seasonCropId)
    .as('by_season_crop');
  const entry = sql`jsonb_build_object('season_crop_id', ${bySeasonCrop.seasonCropId}, 'area', ${bySeasonCrop.area})`;
  const sown = db
    .select({
      plotId: bySeasonCrop.plotId,
      areas: sql<SownArea[]>`jsonb_agg(${entry} order by ${bySeasonCrop.seasonCropId})`.as('areas'),
    })
    .from(bySeasonCrop)
    .groupBy(bySeasonCrop.plotId)
    .as('sown');
  const open = db
    .select({ plotId: t.sowings.plotId })
    .from(t.sowings)
    .where(and(live, isNull(t.sowings.closedAt)))
    .groupBy(t.sowings.plotId)
    .as('open');
  return db
    .select({
      id: t.plots.id,
      farmId: t.plots.farmId,
      name: t.plots.name,
      area: t.plots.area,
      areaCalculated: t.plots.areaCalculated,
      geometry: t.plots.geometry,
      latitude: t.plots.latitude,
      longitude: t.plots.longitude,
      elevation: t.plots.elevation,
      clayPercent: t.plots.clayPercent,
      enabled: t.plots.enabled,
      ndviContractedAt: t.plots.ndviContractedAt,
      contractedArea: t.plots.contractedArea,
      createdAt: t.plots.createdAt,
      updatedAt: t.plots.updatedAt,
      farmEnabled: t.farms.enabled,
      sownAreas: sql<SownArea[]>`coalesce(${sown.areas}, '[]'::jsonb)`,
      // A plot with a row in `open` has an unclosed sowing, of whatever season.
      unharvested: sql<boolean>`${open.plotId} is not null`,
    })
    .from(t.plots)
    .innerJoin(
      t.farms,
      and(eq(t.farms.accountId, t.plots.accountId), eq(t.farms.id, t.plots.farmId)),
    )
    .leftJoin(sown, eq(sown.plotId, t.plots.id))
    .leftJoin(open, eq(open.plotId, t.plots.id))
    .$dynamic();
}

/** The session's live plots on live farms it sees. */
export function visiblePlots(session: Session): SQL {
  return and(
    ofAccount(t.plots, session),
    isNull(t.plots.deletedAt),
    isNull(t.farms.deletedAt),
    visibleFarms(session, t.plots.farmId),
  )!;
}
