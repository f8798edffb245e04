import {
  ERRORS,
  GROWTH_STAGES,
  findCountry,
  todayIn,
  type GrowthStage,
  type StageObservation,
} from '@lavoura/domain';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { ofAccount, visibleFarms } from '../../policies/tenancy.ts';

/** Which report: a farm and one of its season-crops. */
export interface ReportQuery {
  farm_id: number;
  season_crop_id: number;
}

export interface FarmRow {
  id: number;
  name: string;
  timeZone: string;
  countryId: number;
  city: string;
  state: string;
}

export interface SowingRow {
  id: number;
  plotId: number;
  plot: string;
  cropId: number;
  area: number;
  variety: string | null;
  sowingDate: string | null;
  emergenceDate: string | null;
  estimatedCycle: number | null;
}

export const cents = (value: number) => Math.round(value * 100) / 100;
export const tenth = (value: number) => Math.round(value * 10) / 10;
export const thousandth = (value: number) => Math.round(value * 1000) / 1000;

export function stageAnswer(stage: GrowthStage | null) {
  return stage && { id: stage.id, code: stage.code, message_key: stage.message_key };
}

/**
 * What both reports read (docs/reports.md): the farm with the session's account and the farms it
 * sees first, so another account's farm, or one not assigned to the member, is not found (404);
 * the season-crop, the farm's plots and the season's live sowings; their stage observations; the
 * report's head and each sowing's facts.
 */
export class ReportReads {
  constructor(private readonly deps: { db: Database; now?: (() => Date) | undefined }) {}

  now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  // ---- reading ---------------------------------------------------------------------------------

  /**
   * The farm (404 unless seen), the season-crop (404 unknown), its plots (no_plots) and the live
   * sowings of the farm in the season (no_sowings), by plot name.
   */
  async sowingsOf(session: Session, query: ReportQuery) {
    const db = this.deps.db;
    const { accountId } = session;
    const [farm] = await db
      .select({
        id: t.farms.id,
        name: t.farms.name,
        timeZone: t.farms.timeZone,
        countryId: t.farms.countryId,
        city: t.cities.name,
        state: t.states.code,
      })
      .from(t.farms)
      .innerJoin(t.cities, eq(t.cities.id, t.farms.cityId))
      .innerJoin(t.states, eq(t.states.id, t.farms.stateId))
      .where(
        and(
          ofAccount(t.farms, accountId),
          eq(t.farms.id, query.farm_id),
          isNull(t.farms.deletedAt),
          visibleFarms(session),
        ),
      );
    if (!farm) throw new AppError(ERRORS.notFound, 'Farm not found');
    const [seasonCrop] = await db
      .select({
        id: t.seasonCrops.id,
        cropId: t.seasonCrops.cropId,
        startPeriod: t.seasonCrops.startPeriod,
        endPeriod: t.seasonCrops.endPeriod,
        seasonName: t.seasons.name,
      })
      .from(t.seasonCrops)
      .innerJoin(t.seasons, eq(t.seasons.id, t.seasonCrops.seasonId))
      .where(eq(t.seasonCrops.id, query.season_crop_id));
    if (!seasonCrop) throw new AppError(ERRORS.seasonCropNotFound, 'Season-crop not found');
    const [plots] = await db
      .select({ n: count() })
      .from(t.plots)
      .where(
        and(ofAccount(t.plots, accountId), eq(t.plots.farmId, farm.id), isNull(t.plots.deletedAt)),
      );
    if (!plots?.n) throw new AppError(ERRORS.reportNoPlots, 'The farm has no plots');
    const sowings: SowingRow[] = await db
      .select({
        id: t.sowings.id,
        plotId: t.sowings.plotId,
        plot: t.plots.name,
        cropId: t.sowings.cropId,
        area: t.sowings.area,
        variety: t.varieties.name,
        sowingDate: t.sowings.sowingDate,
        emergenceDate: t.sowings.emergenceDate,
        estimatedCycle: t.sowings.estimatedCycle,
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
          ofAccount(t.sowings, accountId),
          eq(t.sowings.farmId, farm.id),
          eq(t.sowings.seasonCropId, seasonCrop.id),
          isNull(t.sowings.deletedAt),
          isNull(t.plots.deletedAt),
        ),
      )
      .orderBy(asc(t.plots.name), asc(t.sowings.sowingDate), asc(t.sowings.id));
    if (!sowings.length)
      throw new AppError(ERRORS.reportNoSowings, 'The farm has no sowings in the season');
    return { farm, seasonCrop, sowings };
  }

  /** Each sowing's stage observations, oldest first, with the farm's day of each. */
  async observationsOf(session: Session, sowingIds: readonly number[], timeZone: string) {
    const rows = sowingIds.length
      ? await this.deps.db
          .select({
            sowingId: t.sowingStageObservations.sowingId,
            stageId: t.sowingStageObservations.growthStageId,
            observedAt: t.sowingStageObservations.observedAt,
          })
          .from(t.sowingStageObservations)
          .where(
            and(
              ofAccount(t.sowingStageObservations, session),
              inArray(t.sowingStageObservations.sowingId, [...sowingIds]),
            ),
          )
          .orderBy(asc(t.sowingStageObservations.observedAt), asc(t.sowingStageObservations.id))
      : [];
    const result = new Map<
      number,
      { observation: StageObservation; stage: GrowthStage | null }[]
    >();
    for (const row of rows) {
      const list = result.get(row.sowingId) ?? [];
      list.push({
        observation: {
          stage_id: row.stageId,
          observed_at: row.observedAt.toISOString(),
          day: todayIn(timeZone, row.observedAt),
        },
        stage: GROWTH_STAGES.find((stage) => stage.id === row.stageId) ?? null,
      });
      result.set(row.sowingId, list);
    }
    return result;
  }

  async head(
    farm: FarmRow,
    seasonCrop: {
      id: number;
      cropId: number;
      startPeriod: string;
      endPeriod: string;
      seasonName: string;
    },
  ) {
    const now = this.now();
    return {
      farm: {
        id: farm.id,
        name: farm.name,
        place: `${farm.city} – ${farm.state}`,
        time_zone: farm.timeZone,
      },
      season_crop: {
        id: seasonCrop.id,
        season_name: seasonCrop.seasonName,
        crop_id: seasonCrop.cropId,
        start_period: seasonCrop.startPeriod,
        end_period: seasonCrop.endPeriod,
      },
      currency: findCountry(farm.countryId)?.currency ?? 'BRL',
      today: todayIn(farm.timeZone, now),
      generated_at: now.toISOString(),
    };
  }

  sowingFacts(sowing: SowingRow) {
    return {
      sowing_id: sowing.id,
      plot: { id: sowing.plotId, name: sowing.plot },
      area: sowing.area,
      variety: sowing.variety,
      sowing_date: sowing.sowingDate,
      emergence_date: sowing.emergenceDate,
      cycle_days: sowing.estimatedCycle,
    };
  }
}
