import {
  ERRORS,
  currentStage,
  rainfallByPeriod,
  reachedHarvestStage,
  seasonReportRefusal,
  sowingStatus,
  todayIn,
  type CropId,
  type FarmScope,
  type RainDay,
} from '@lavoura/domain';
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { groupBy } from '../../lib/group-by.ts';
import type { SeasonReport } from '@lavoura/domain';
import {
  stageAnswer,
  tenth,
  thousandth,
  type FarmRow,
  type ReportQuery,
  type ReportReads,
} from './report-reads.service.ts';
import { ofAccount } from '../../policies/tenancy.ts';

/**
 * What the season report reads of the weather: `WeatherService.dailySummary` (issue 14 item 1,
 * modules/weather): per day the rain (the farm's gauge when recorded, else the provider's history
 * or forecast). Optional: without it, or when it fails, the report shows the gauge readings only
 * (`weather.source: 'observed_only'`).
 */
export interface SeasonWeatherSource {
  dailySummary(
    reader: { accountId: number; farms: FarmScope },
    farmId: number,
    from: string,
    to: string,
  ): Promise<{
    simulated: boolean;
    days: readonly { date: string; rain_mm: number | null }[];
  }>;
}

/**
 * The season report of a farm's season-crop (issue 14 item 5; docs/reports.md): each sowing's
 * status, harvests, yield, irrigations and stages, the totals, and the season's rain. Refused
 * until a sowing reached the harvest stage or was harvested.
 */
export class SeasonReportService {
  constructor(
    private readonly deps: {
      db: Database;
      weather?: SeasonWeatherSource | undefined;
      warn?: ((message: string, error: unknown) => void) | undefined;
    },
    private readonly reads: ReportReads,
  ) {}

  async report(session: Session, query: ReportQuery): Promise<SeasonReport> {
    const { farm, seasonCrop, sowings } = await this.reads.sowingsOf(session, query);
    const ids = sowings.map((sowing) => sowing.id);
    const { accountId } = session;
    const [harvestRows, irrigationRows, observations] = await Promise.all([
      this.deps.db
        .select({
          sowingId: t.harvests.sowingId,
          date: t.harvests.harvestDate,
          productivity: t.harvests.productivity,
          lost: t.harvests.lost,
          desiccation: t.harvests.desiccation,
        })
        .from(t.harvests)
        .where(and(ofAccount(t.harvests, accountId), inArray(t.harvests.sowingId, ids)))
        .orderBy(asc(t.harvests.harvestDate), asc(t.harvests.id)),
      this.deps.db
        .select({
          sowingId: t.irrigations.sowingId,
          start: t.irrigations.startAt,
          end: t.irrigations.endAt,
          bladeMm: t.irrigations.bladeMm,
        })
        .from(t.irrigations)
        .where(and(ofAccount(t.irrigations, accountId), inArray(t.irrigations.sowingId, ids)))
        .orderBy(asc(t.irrigations.startAt), asc(t.irrigations.id)),
      this.reads.observationsOf(session, ids, farm.timeZone),
    ]);
    const harvestsOf = groupBy(harvestRows, (row) => row.sowingId);
    const irrigationsOf = groupBy(irrigationRows, (row) => row.sowingId);
    const today = todayIn(farm.timeZone, this.reads.now());

    const gate = sowings.map((sowing) => ({
      cropId: sowing.cropId as CropId,
      emergence: sowing.emergenceDate,
      cycleDays: sowing.estimatedCycle,
      harvests: harvestsOf.get(sowing.id)?.length ?? 0,
      observations: (observations.get(sowing.id) ?? []).map((row) => row.observation),
    }));
    const refusal = seasonReportRefusal(gate, today);
    if (refusal === 'reportNoHarvestStage')
      throw new AppError(ERRORS.reportNoHarvestStage, 'No sowing has reached the harvest stage');
    if (refusal === 'reportNoHarvestedSowings')
      throw new AppError(ERRORS.reportNoHarvestedSowings, 'No sowing of the season is harvested');

    const rows = sowings.map((sowing, index) => {
      const harvests = (harvestsOf.get(sowing.id) ?? []).map((row) => ({
        date: row.date,
        productivity: row.lost ? null : row.productivity,
        lost: row.lost,
        desiccation: row.desiccation,
      }));
      const yields = harvests.flatMap((row) =>
        row.productivity === null ? [] : [row.productivity],
      );
      const irrigations = (irrigationsOf.get(sowing.id) ?? []).map((row) => ({
        start: row.start.toISOString(),
        end: row.end.toISOString(),
        blade_mm: row.bladeMm,
      }));
      const seen = observations.get(sowing.id) ?? [];
      return {
        ...this.reads.sowingFacts(sowing),
        status: sowingStatus({
          sowingDate: sowing.sowingDate,
          emergence: sowing.emergenceDate,
          cycleDays: sowing.estimatedCycle,
          harvests,
          today,
        }),
        reached_harvest_stage: reachedHarvestStage(gate[index]!, today),
        harvests,
        productivity: yields.length
          ? tenth(yields.reduce((sum, value) => sum + value, 0) / yields.length)
          : null,
        irrigations,
        irrigation_mm: tenth(irrigations.reduce((sum, row) => sum + row.blade_mm, 0)),
        stage_observations: seen.map((row) => ({
          date: row.observation.day!,
          stage: stageAnswer(row.stage)!,
        })),
        current_stage: stageAnswer(
          currentStage(
            sowing.cropId as CropId,
            { emergence: sowing.emergenceDate, cycleDays: sowing.estimatedCycle },
            gate[index]!.observations,
            today,
          ),
        ),
      };
    });

    const harvested = rows.filter((row) => row.status === 'harvested');
    const withYield = harvested.filter((row) => row.productivity !== null);
    const yieldArea = withYield.reduce((sum, row) => sum + row.area, 0);
    const yields = withYield.map((row) => row.productivity!);

    // The weather of the season: from the first sowing (else the season's start) to the last
    // harvest, or today while sowings are open.
    const sown = sowings.flatMap((sowing) => (sowing.sowingDate ? [sowing.sowingDate] : []));
    const from = sown.length ? sown.reduce((a, b) => (a < b ? a : b)) : seasonCrop.startPeriod;
    const open = rows.some((row) => row.status !== 'harvested' && row.status !== 'lost');
    const lastHarvest = harvestRows.reduce<string | null>(
      (last, row) => (last === null || row.date > last ? row.date : last),
      null,
    );
    const end = open || !lastHarvest ? today : lastHarvest;
    const to = end < today ? end : today;
    const weather = await this.weatherOf(session, farm, from < to ? from : to, to);

    return {
      ...(await this.reads.head(farm, seasonCrop)),
      sowings: rows,
      totals: {
        sowings: rows.length,
        area: thousandth(rows.reduce((sum, row) => sum + row.area, 0)),
        harvested: harvested.length,
        lost: rows.filter((row) => row.status === 'lost').length,
        harvested_area: thousandth(harvested.reduce((sum, row) => sum + row.area, 0)),
        average_productivity:
          yieldArea > 0
            ? tenth(
                withYield.reduce((sum, row) => sum + row.productivity! * row.area, 0) / yieldArea,
              )
            : null,
        best_productivity: yields.length ? Math.max(...yields) : null,
        worst_productivity: yields.length ? Math.min(...yields) : null,
        irrigation_mm: tenth(rows.reduce((sum, row) => sum + row.irrigation_mm, 0)),
        stage_observations: rows.reduce((sum, row) => sum + row.stage_observations.length, 0),
      },
      weather,
    };
  }

  /** Rain by day from the weather source (if any answers) and the grower's observed rainfall. */
  private async weatherOf(
    session: Session,
    farm: FarmRow,
    from: string,
    to: string,
  ): Promise<SeasonReport['weather']> {
    const observed = await this.deps.db
      .select({ day: t.observedPrecipitations.day, mm: t.observedPrecipitations.observedMm })
      .from(t.observedPrecipitations)
      .where(
        and(
          ofAccount(t.observedPrecipitations, session),
          eq(t.observedPrecipitations.farmId, farm.id),
          between(t.observedPrecipitations.day, from, to),
        ),
      );
    let source: 'weather' | 'observed_only' = 'observed_only';
    let simulated = false;
    const days = new Map<string, RainDay>();
    if (this.deps.weather) {
      try {
        const summary = await this.deps.weather.dailySummary(session, farm.id, from, to);
        source = 'weather';
        simulated = summary.simulated;
        for (const row of summary.days)
          days.set(row.date, { date: row.date, precipitation_mm: row.rain_mm, observed_mm: null });
      } catch (error) {
        // The report goes on with the observed rainfall; the weather is only a part of it.
        this.deps.warn?.('Season report: the weather source failed', error);
      }
    }
    for (const row of observed) {
      const known = days.get(row.day);
      if (known) known.observed_mm = row.mm;
      else days.set(row.day, { date: row.day, precipitation_mm: null, observed_mm: row.mm });
    }
    const list = [...days.values()];
    const sum = (pick: (day: RainDay) => number | null) => {
      const values = list.flatMap((day) => {
        const value = pick(day);
        return value === null ? [] : [value];
      });
      return values.length ? tenth(values.reduce((a, b) => a + b, 0)) : null;
    };
    return {
      from,
      to,
      source,
      simulated,
      precipitation_mm: sum((day) => day.precipitation_mm),
      observed_mm: sum((day) => day.observed_mm),
      // A rainy day: 1 mm or more, by the gauge when read, else by the weather source.
      rainy_days: list.filter((day) => (day.observed_mm ?? day.precipitation_mm ?? 0) >= 1).length,
      by_week: rainfallByPeriod(list, from, to, 'week'),
      by_month: rainfallByPeriod(list, from, to, 'month'),
    };
  }
}
