import {
  ERRORS,
  GROWTH_STAGES,
  currentStage,
  daysBetween,
  estimatedStage,
  findCountry,
  isLanguage,
  rainfallByPeriod,
  reachedHarvestStage,
  seasonReportRefusal,
  sowingStatus,
  todayIn,
  type CropId,
  type FarmScope,
  type GrowthStage,
  type Language,
  type RainDay,
  type StageObservation,
} from '@lavoura/domain';
import { and, asc, between, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { groupBy } from '../../lib/group-by.ts';
import type { Session } from '../auth/session.types.ts';
import { visibleFarms } from '../farms/farms.service.ts';
import type { ProgramsService } from '../programs/programs.service.ts';
import { programaPdf, seasonReportPdf } from './report-document.ts';
import type { ProgramaReport, SeasonReport } from '@lavoura/domain';

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

export interface ReportsServiceDeps {
  db: Database;
  programs: ProgramsService;
  /** The weather service's daily summary (wire it in app.ts once modules/weather exists). */
  weather?: SeasonWeatherSource;
  now?: () => Date;
  warn?: (message: string, error: unknown) => void;
}

export interface ReportFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

interface ReportQuery {
  farm_id: number;
  season_crop_id: number;
}

interface FarmRow {
  id: number;
  name: string;
  timeZone: string;
  countryId: number;
  city: string;
  state: string;
}

interface SowingRow {
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

const cents = (value: number) => Math.round(value * 100) / 100;
const tenth = (value: number) => Math.round(value * 10) / 10;
const thousandth = (value: number) => Math.round(value * 1000) / 1000;

function stageAnswer(stage: GrowthStage | null) {
  return stage && { id: stage.id, code: stage.code, message_key: stage.message_key };
}

/**
 * The farm spraying report and the season report of a farm and a season-crop (issue 14 item 5;
 * docs/reports.md). The farm is read with the session's account and the farms it sees first, so
 * another account's farm, or one not assigned to the member, is not found (404). Programs come
 * from ProgramsService (their scores from the engine), so the report shows what the programs page
 * shows.
 */
export class ReportsService {
  constructor(private readonly deps: ReportsServiceDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async programa(session: Session, query: ReportQuery): Promise<ProgramaReport> {
    const { farm, seasonCrop, sowings } = await this.sowingsOf(session, query);
    const programs = (await this.deps.programs.list(session, { fazenda_id: farm.id })).filter(
      (program) => program.season_crop_id === seasonCrop.id && program.semeadura_id,
    );
    // One program per sowing: the newest (the list comes newest first).
    const programOf = new Map<number, (typeof programs)[number]>();
    for (const program of programs)
      if (!programOf.has(program.semeadura_id!)) programOf.set(program.semeadura_id!, program);
    const withProgram = sowings.filter((sowing) => programOf.has(sowing.id));
    if (!withProgram.length)
      throw new AppError(ERRORS.reportNoSowings, 'No sowing of the season has a spray program');
    const observations = await this.observationsOf(
      session,
      withProgram.map((sowing) => sowing.id),
      farm.timeZone,
    );

    const rows = withProgram.map((sowing) => {
      const program = programOf.get(sowing.id)!;
      const cropId = sowing.cropId as CropId;
      const emergence = program.data_prevista;
      const cycle = program.ciclo_dias;
      const seen = observations.get(sowing.id) ?? [];
      const sprays = program.planejamentos.map((spray) => ({
        ordinal: spray.aplicacao,
        planned_date: spray.data_aplicacao_planejada,
        applied_date: spray.data_realizada,
        white_mold: spray.mofo_branco,
        planned_stage: stageAnswer(
          emergence && cycle
            ? estimatedStage(cropId, emergence, cycle, spray.data_aplicacao_planejada)
            : null,
        ),
        applied_stage: stageAnswer(
          spray.data_realizada
            ? currentStage(
                cropId,
                { emergence, cycleDays: cycle },
                seen.map((row) => row.observation),
                spray.data_realizada,
              )
            : null,
        ),
        delay_days: spray.data_realizada
          ? daysBetween(spray.data_aplicacao_planejada, spray.data_realizada)
          : null,
        products: spray.produtos.map((product) => ({
          pesticide_id: product.defensivo_id,
          name: product.nome,
          dose: product.dose,
          unit: product.unidade,
          price: product.preco,
        })),
        cost_per_ha: spray.custo_ha,
        cost_total: cents(spray.custo_ha * sowing.area),
        spray_score: spray.avaliacao?.spray_score ?? null,
      }));
      return {
        ...this.sowingFacts(sowing),
        program: {
          id: program.id,
          name: program.nome,
          main_disease_id: program.doenca_principal_id,
          program_score: program.avaliacao?.program_score ?? null,
          white_mold_program_score: program.avaliacao?.white_mold_program_score ?? null,
          evaluation_missing: program.avaliacao_indisponivel,
          cost_per_ha: program.custo_ha,
          cost_total: program.custo_total,
          is_paused_by_climate: program.is_paused_by_climate,
        },
        sprays_planned: sprays.length,
        sprays_applied: sprays.filter((spray) => spray.applied_date !== null).length,
        sprays,
      };
    });

    const area = rows.reduce((sum, row) => sum + row.area, 0);
    const costTotal = cents(rows.reduce((sum, row) => sum + (row.program.cost_total ?? 0), 0));
    const scores = rows.flatMap((row) =>
      row.program.program_score === null ? [] : [row.program.program_score],
    );
    return {
      ...(await this.head(farm, seasonCrop)),
      sowings: rows,
      totals: {
        sowings: rows.length,
        area: thousandth(area),
        sprays_planned: rows.reduce((sum, row) => sum + row.sprays_planned, 0),
        sprays_applied: rows.reduce((sum, row) => sum + row.sprays_applied, 0),
        cost_total: costTotal,
        cost_per_ha: area > 0 ? cents(costTotal / area) : 0,
        average_program_score: scores.length
          ? tenth(scores.reduce((sum, score) => sum + score, 0) / scores.length)
          : null,
      },
      pesticides: session.permissions.has('RELATORIO_DEFENSIVOS_UTILIZADOS')
        ? pesticidesUsed(rows)
        : null,
    };
  }

  async season(session: Session, query: ReportQuery): Promise<SeasonReport> {
    const { farm, seasonCrop, sowings } = await this.sowingsOf(session, query);
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
        .where(and(eq(t.harvests.accountId, accountId), inArray(t.harvests.sowingId, ids)))
        .orderBy(asc(t.harvests.harvestDate), asc(t.harvests.id)),
      this.deps.db
        .select({
          sowingId: t.irrigations.sowingId,
          start: t.irrigations.startAt,
          end: t.irrigations.endAt,
          bladeMm: t.irrigations.bladeMm,
        })
        .from(t.irrigations)
        .where(and(eq(t.irrigations.accountId, accountId), inArray(t.irrigations.sowingId, ids)))
        .orderBy(asc(t.irrigations.startAt), asc(t.irrigations.id)),
      this.observationsOf(session, ids, farm.timeZone),
    ]);
    const harvestsOf = groupBy(harvestRows, (row) => row.sowingId);
    const irrigationsOf = groupBy(irrigationRows, (row) => row.sowingId);
    const today = todayIn(farm.timeZone, this.now());

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
        ...this.sowingFacts(sowing),
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
      ...(await this.head(farm, seasonCrop)),
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

  /** The report as a PDF in `language` (else the user's): A4, header, tables, page numbers. */
  async pdf(
    session: Session,
    kind: 'programa' | 'season',
    query: ReportQuery,
    language: Language | undefined,
  ): Promise<ReportFile> {
    const lang = language ?? (await this.languageOf(session));
    const file =
      kind === 'programa'
        ? await programaPdf(await this.programa(session, query), lang)
        : await seasonReportPdf(await this.season(session, query), lang);
    return { ...file, contentType: 'application/pdf' };
  }

  // ---- reading ---------------------------------------------------------------------------------

  /**
   * The farm (404 unless seen), the season-crop (404 unknown), its plots (no_plots) and the live
   * sowings of the farm in the season (no_sowings), by plot name.
   */
  private async sowingsOf(session: Session, query: ReportQuery) {
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
          eq(t.farms.accountId, accountId),
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
        and(
          eq(t.plots.accountId, accountId),
          eq(t.plots.farmId, farm.id),
          isNull(t.plots.deletedAt),
        ),
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
          eq(t.sowings.accountId, accountId),
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
  private async observationsOf(session: Session, sowingIds: readonly number[], timeZone: string) {
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
              eq(t.sowingStageObservations.accountId, session.accountId),
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
          eq(t.observedPrecipitations.accountId, session.accountId),
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

  private async head(
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

  private sowingFacts(sowing: SowingRow) {
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

  /** The language the signed-in person chose (Portuguese when the stored value is not one). */
  private async languageOf(session: Session): Promise<Language> {
    const [user] = await this.deps.db
      .select({ language: t.users.language })
      .from(t.users)
      .where(eq(t.users.id, session.userId));
    return isLanguage(user?.language) ? user.language : 'pt';
  }
}

/** The pesticides of the report's sprays, by name: how much was planned and applied, and cost. */
function pesticidesUsed(
  rows: ProgramaReport['sowings'],
): NonNullable<ProgramaReport['pesticides']> {
  const byId = new Map<number, NonNullable<ProgramaReport['pesticides']>[number]>();
  for (const row of rows)
    for (const spray of row.sprays)
      for (const product of spray.products) {
        const entry = byId.get(product.pesticide_id) ?? {
          pesticide_id: product.pesticide_id,
          name: product.name,
          sprays_planned: 0,
          sprays_applied: 0,
          quantity_planned: 0,
          quantity_applied: 0,
          cost_applied: 0,
        };
        const quantity = product.dose * row.area;
        entry.sprays_planned += 1;
        entry.quantity_planned = thousandth(entry.quantity_planned + quantity);
        if (spray.applied_date !== null) {
          entry.sprays_applied += 1;
          entry.quantity_applied = thousandth(entry.quantity_applied + quantity);
          entry.cost_applied = cents(entry.cost_applied + quantity * product.price);
        }
        byId.set(product.pesticide_id, entry);
      }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}
