import {
  CROPS,
  currentSeasonStartYear,
  ERRORS,
  seasonPeriod,
  seasonStatus,
  todayIn,
  type CropId,
} from '@lavoura/domain';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { groupBy } from '../../lib/group-by.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import {
  toSowing,
  type HarvestRow,
  type ListedSowingAnswer,
  type SowingInclude,
  type SowingProgramFacts,
  type SowingRow,
} from './sowing.presenter.ts';
import { ofAccount, visibleFarms } from '../../policies/tenancy.ts';

/** A live farm as a sowing's rules need it. */
export interface FarmFacts {
  id: number;
  enabled: boolean;
  timeZone: string;
  countryId: number;
}

/** A sowing's program as read: its sprayings and how many of them were applied. */
interface ProgramTally extends SowingProgramFacts {
  sprayings: SowingProgramFacts['sprayings'][number][];
  applied: number;
}

/** The sowing columns an answer needs, with its farm variety's catalogue variety and its plot. */
const SOWING_COLUMNS = {
  id: t.sowings.id,
  plotId: t.sowings.plotId,
  farmId: t.sowings.farmId,
  farmVarietyId: t.sowings.farmVarietyId,
  varietyId: t.farmVarieties.varietyId,
  cropId: t.sowings.cropId,
  seasonCropId: t.sowings.seasonCropId,
  area: t.sowings.area,
  sowingDate: t.sowings.sowingDate,
  emergenceDate: t.sowings.emergenceDate,
  seedQuantity: t.sowings.seedQuantity,
  seedOrigin: t.sowings.seedOrigin,
  seederSystemId: t.sowings.seederSystemId,
  seedClassId: t.sowings.seedClassId,
  estimatedCycle: t.sowings.estimatedCycle,
  germinativePower: t.sowings.germinativePower,
  seedVigor: t.sowings.seedVigor,
  lineSpacing: t.sowings.lineSpacing,
  populationLines: t.sowings.populationLines,
  operatingSpeed: t.sowings.operatingSpeed,
  seedTreatment: t.sowings.seedTreatment,
  inoculant: t.sowings.inoculant,
  plotEnabled: t.plots.enabled,
  plotNdviContractedAt: t.plots.ndviContractedAt,
  seasonStart: t.seasonCrops.startPeriod,
  seasonCountryId: t.seasonCrops.countryId,
};

/**
 * How sowings are read (the sowings service's lists and rules): the live farm and sowing the
 * session sees (else 404), the farm's current season-crops, each sowing's program, and the
 * answers with their harvests, stage observations and variety, one query each for any number.
 */
export class SowingReads {
  constructor(
    private readonly deps: { db: Database; reference?: Pick<ReferenceService, 'seasonCrops'> },
    private readonly now: () => Date,
  ) {}

  /**
   * The ids of the farm's country's current season-crops, one per crop, by the farm's own day.
   * Read from the reference data in memory, which holds each country's previous, current and next
   * seasons (a farm's day is at most one from its country's); the database only without it.
   */
  async currentSeasonCrops(farm: Pick<FarmFacts, 'countryId' | 'timeZone'>): Promise<number[]> {
    const today = todayIn(farm.timeZone, this.now());
    const startOf = (cropId: CropId) =>
      seasonPeriod(farm.countryId, cropId, currentSeasonStartYear(farm.countryId, cropId, today))
        .start_period;
    if (this.deps.reference) {
      const seasons = await this.deps.reference.seasonCrops({ countryId: farm.countryId });
      const current = CROPS.map(
        (crop) =>
          seasons.find((s) => s.crop_id === crop.id && s.start_period === startOf(crop.id))?.id,
      );
      if (current.every((id): id is number => id !== undefined)) return current;
    }
    const starts = Object.fromEntries(CROPS.map((crop) => [`start${crop.id}`, startOf(crop.id)]));
    this.currentQuery ??= this.prepareCurrent();
    const rows = await this.currentQuery.execute({ countryId: farm.countryId, ...starts });
    return rows.map((row) => row.id);
  }

  /** Read on every sowing-list call: named, so PostgreSQL plans it once per connection. */
  private currentQuery: ReturnType<typeof this.prepareCurrent> | undefined;

  private prepareCurrent() {
    const starts = CROPS.map((crop) =>
      and(
        eq(t.seasonCrops.cropId, crop.id),
        eq(t.seasonCrops.startPeriod, sql.placeholder(`start${crop.id}`)),
      ),
    );
    return this.deps.db
      .select({ id: t.seasonCrops.id })
      .from(t.seasonCrops)
      .where(and(eq(t.seasonCrops.countryId, sql.placeholder('countryId')), or(...starts)))
      .prepare('lavoura_current_season_crops');
  }

  /** Whether a season-crop is its country's current one, by that country's calendar. */
  isCurrent(
    farm: FarmFacts,
    seasonCrop: { countryId: number; cropId: number; startPeriod: string },
  ): boolean {
    const today = todayIn(farm.timeZone, this.now());
    const { countryId, cropId, startPeriod } = seasonCrop;
    return seasonStatus(countryId, cropId as CropId, startPeriod, today) === 'current';
  }

  /**
   * The live spray program attached to each sowing, with its sprayings and how many were applied
   * (one query for any number of sowings).
   */
  async programFacts(
    db: Executor,
    session: Session,
    sowingIds: readonly number[],
  ): Promise<Map<number, ProgramTally>> {
    const rows = await db
      .select({
        sowingId: t.programs.sowingId,
        programId: t.programs.id,
        ordinal: t.sprayings.ordinal,
        plannedDate: t.sprayings.plannedDate,
        appliedAt: t.sprayings.appliedAt,
      })
      .from(t.programs)
      .leftJoin(
        t.sprayings,
        and(
          eq(t.sprayings.accountId, t.programs.accountId),
          eq(t.sprayings.programId, t.programs.id),
        ),
      )
      .where(
        and(
          ofAccount(t.programs, session),
          inArray(t.programs.sowingId, [...sowingIds]),
          isNull(t.programs.deletedAt),
        ),
      )
      .orderBy(asc(t.programs.id));
    const facts = new Map<number, ProgramTally>();
    for (const row of rows) {
      const sowingId = row.sowingId!;
      // A sowing has one program; were there several, the latest is the one it follows.
      let fact = facts.get(sowingId);
      if (!fact || fact.programId !== row.programId) {
        fact = { programId: row.programId, sprayings: [], applied: 0 };
        facts.set(sowingId, fact);
      }
      if (row.ordinal !== null && row.plannedDate !== null) {
        fact.sprayings.push({
          ordinal: row.ordinal,
          plannedDate: row.plannedDate,
          appliedAt: row.appliedAt,
        });
        if (row.appliedAt !== null) fact.applied += 1;
      }
    }
    return facts;
  }

  /** A live farm the session sees, or 404. */
  async farmOf(db: Executor, session: Session, farmId: number): Promise<FarmFacts> {
    const [farm] = await db
      .select({
        id: t.farms.id,
        enabled: t.farms.enabled,
        timeZone: t.farms.timeZone,
        countryId: t.farms.countryId,
      })
      .from(t.farms)
      .where(
        and(
          ofAccount(t.farms, session),
          eq(t.farms.id, farmId),
          isNull(t.farms.deletedAt),
          visibleFarms(session),
        ),
      );
    if (!farm) throw new AppError(ERRORS.notFound, 'Farm not found');
    return farm;
  }

  /** A live sowing of a farm the session sees, or 404; `lock` holds its row for a change. */
  async sowingOf(db: Executor, session: Session, id: number, lock = false) {
    const query = this.selectSowings(db).where(
      and(
        ofAccount(t.sowings, session),
        eq(t.sowings.id, id),
        isNull(t.sowings.deletedAt),
        visibleFarms(session, t.sowings.farmId),
      ),
    );
    const [row] = lock ? await query.for('update', { of: t.sowings }) : await query;
    if (!row) throw new AppError(ERRORS.notFound, 'Sowing not found');
    const farm = await this.farmOf(db, session, row.farmId);
    return { farm, row };
  }

  selectSowings(db: Executor) {
    return db
      .select(SOWING_COLUMNS)
      .from(t.sowings)
      .innerJoin(
        t.plots,
        and(eq(t.plots.accountId, t.sowings.accountId), eq(t.plots.id, t.sowings.plotId)),
      )
      .innerJoin(t.seasonCrops, eq(t.seasonCrops.id, t.sowings.seasonCropId))
      .leftJoin(t.farmVarieties, eq(t.farmVarieties.id, t.sowings.farmVarietyId))
      .$dynamic();
  }

  /**
   * The answers of sowings of one farm: their harvests, stage observations and programs in one
   * query each, grouped by sowing; `include` adds the variety, its regional parameters and every
   * harvest.
   */
  async answer(
    session: Session,
    farm: FarmFacts,
    rows: readonly (SowingRow & { seasonStart: string; seasonCountryId: number })[],
    include: ReadonlySet<SowingInclude> = new Set(),
  ): Promise<ListedSowingAnswer[]> {
    if (!rows.length) return [];
    const ids = rows.map((row) => row.id);
    const [harvests, observations, programs, varieties] = await Promise.all([
      this.deps.db
        .select({
          sowingId: t.harvests.sowingId,
          id: t.harvests.id,
          harvestDate: t.harvests.harvestDate,
          productivity: t.harvests.productivity,
          lost: t.harvests.lost,
          desiccation: t.harvests.desiccation,
        })
        .from(t.harvests)
        .where(and(ofAccount(t.harvests, session), inArray(t.harvests.sowingId, ids))),
      this.deps.db
        .select({
          sowingId: t.sowingStageObservations.sowingId,
          stage_id: t.sowingStageObservations.growthStageId,
          observedAt: t.sowingStageObservations.observedAt,
        })
        .from(t.sowingStageObservations)
        .where(
          and(
            ofAccount(t.sowingStageObservations, session),
            inArray(t.sowingStageObservations.sowingId, ids),
          ),
        ),
      this.programFacts(this.deps.db, session, ids),
      include.has('semente') || include.has('cultivar_regiao_parametros')
        ? this.varietiesOf(rows)
        : new Map<number, typeof t.varieties.$inferSelect>(),
    ]);
    const harvestsOf = groupBy(harvests, (harvest) => harvest.sowingId);
    const observationsOf = groupBy(observations, (observation) => observation.sowingId);
    const today = todayIn(farm.timeZone, this.now());
    return rows.map((row) => {
      const own: HarvestRow[] = harvestsOf.get(row.id) ?? [];
      const answer: ListedSowingAnswer = toSowing(row, {
        today,
        harvests: own,
        observations: (observationsOf.get(row.id) ?? []).map((observation) => ({
          stage_id: observation.stage_id,
          observed_at: observation.observedAt.toISOString(),
          day: todayIn(farm.timeZone, observation.observedAt),
        })),
        currentSeason:
          seasonStatus(row.seasonCountryId, row.cropId as CropId, row.seasonStart, today) ===
          'current',
        program: programs.get(row.id),
      });
      const variety = row.varietyId === null ? undefined : varieties.get(row.varietyId);
      if (include.has('semente'))
        answer.semente = variety
          ? {
              id: variety.id,
              name: variety.name,
              company: variety.company,
              gmr: variety.gmr,
              growth_habit: variety.growthHabit,
              gmo: variety.gmo,
            }
          : null;
      if (include.has('cultivar_regiao_parametros'))
        answer.cultivar_regiao_parametros = variety
          ? {
              min_cycle: variety.minCycle,
              max_cycle: variety.maxCycle,
              min_population: variety.minPopulation,
              max_population: variety.maxPopulation,
              start_sowing: variety.startSowing,
              end_sowing: variety.endSowing,
              region_states: variety.regionStates,
            }
          : null;
      if (include.has('colheita'))
        answer.colheitas = [...own]
          .sort((a, b) => b.harvestDate.localeCompare(a.harvestDate) || b.id - a.id)
          .map((harvest) => ({
            id: harvest.id,
            data_colheita: harvest.harvestDate,
            produtividade: harvest.productivity,
            perda: harvest.lost,
            dessecacao: harvest.desiccation,
          }));
      return answer;
    });
  }

  /** The catalogue's varieties of the sowings, by id (shared reference data, no tenant). */
  async varietiesOf(rows: readonly SowingRow[]) {
    const ids = [
      ...new Set(rows.flatMap((row) => (row.varietyId === null ? [] : [row.varietyId]))),
    ];
    const varieties = ids.length
      ? await this.deps.db.select().from(t.varieties).where(inArray(t.varieties.id, ids))
      : [];
    return new Map(varieties.map((variety) => [variety.id, variety]));
  }
}
