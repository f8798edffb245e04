import {
  CROPS,
  ERRORS,
  addDays,
  daysBetween,
  mayReadFarm,
  currentSeasonStartYear,
  remainingArea,
  seasonPeriod,
  seasonStatus,
  sowingDatesProblem,
  todayIn,
  type CropId,
  type SowingBody,
} from '@lavoura/domain';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { groupBy } from '../../lib/group-by.ts';
import * as t from '../../db/schema.ts';
import { AppError, bodyReference } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { visibleFarms } from '../farms/farms.service.ts';
import {
  toSowing,
  type EmergenceSuggestion,
  type HarvestRow,
  type ListedSowingAnswer,
  type SowingAnswer,
  type SowingInclude,
  type SowingProgramFacts,
  type SowingRow,
} from './sowing.presenter.ts';

export interface SowingsServiceDeps {
  db: Database;
  now?: () => Date;
  /** The sowing's program follows a changed emergence or cycle (the programs service). */
  programs?: SowingProgramFollower;
}

/** What a sowing change asks of its program, in the sowing's transaction. */
export interface SowingProgramFollower {
  followSowing(
    tx: Executor,
    session: Session,
    sowingId: number,
    before: { emergence: string; cycleDays: number } | null,
    after: { emergence: string; cycleDays: number } | null,
  ): Promise<void>;
}

/** The emergence and cycle a sowing's program is computed on; null without either. */
function timelineOfSowing(emergence: string | null | undefined, cycle: number | null | undefined) {
  return emergence && cycle ? { emergence, cycleDays: cycle } : null;
}

interface FarmFacts {
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

interface SeasonCropFacts {
  id: number;
  countryId: number;
  cropId: number;
  startPeriod: string;
  endPeriod: string;
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

/** A live farm's country, time zone and account data version, in one prepared query. */
function sowingsVersionQuery(db: Database) {
  return db
    .select({
      countryId: t.farms.countryId,
      timeZone: t.farms.timeZone,
      version: t.accountDataVersions.version,
    })
    .from(t.farms)
    .leftJoin(t.accountDataVersions, eq(t.accountDataVersions.accountId, t.farms.accountId))
    .where(
      and(
        eq(t.farms.accountId, sql.placeholder('accountId')),
        eq(t.farms.id, sql.placeholder('farmId')),
        isNull(t.farms.deletedAt),
      ),
    )
    .prepare('lavoura_sowings_version');
}

/**
 * Sowings of the farms a session sees (spec 2 §3 Sowing, §7 Sowings; issue 12 items 1–2). Every
 * query starts from the session's account and its visible farms: another account's sowing, or one
 * of a farm the member is not assigned to, is not found (404). Every refusal writes nothing.
 */
export class SowingsService {
  private readonly now: () => Date;
  private readonly versionQuery: ReturnType<typeof sowingsVersionQuery>;

  constructor(private readonly deps: SowingsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.versionQuery = sowingsVersionQuery(deps.db);
  }

  /**
   * The farm's live sowings: of a season-crop, or touching a period (sowing or emergence date, or
   * the season-crop's period), else of the current season of each crop by the farm's country's
   * calendar — a farm keeps every past season, and the list a grower works with is this one.
   */
  async list(
    session: Session,
    query: {
      fazenda_id: number;
      season_crop_id?: number | undefined;
      start_period?: string | undefined;
      end_period?: string | undefined;
      include?: readonly SowingInclude[] | undefined;
    },
  ): Promise<ListedSowingAnswer[]> {
    const farm = await this.farmOf(this.deps.db, session, query.fazenda_id);
    const { start_period: start, end_period: end } = query;
    const inPeriod = (column: AnyPgColumn) =>
      and(start ? gte(column, start) : undefined, end ? lte(column, end) : undefined);
    let which: SQL | undefined;
    if (query.season_crop_id !== undefined)
      which = eq(t.sowings.seasonCropId, query.season_crop_id);
    else if (start || end)
      which = or(
        inPeriod(t.sowings.sowingDate),
        inPeriod(t.sowings.emergenceDate),
        and(
          end ? lte(t.seasonCrops.startPeriod, end) : undefined,
          start ? gte(t.seasonCrops.endPeriod, start) : undefined,
        ),
      );
    else which = inArray(t.sowings.seasonCropId, await this.currentSeasonCrops(farm));
    const rows = await this.selectSowings(this.deps.db)
      .where(
        and(
          eq(t.sowings.accountId, session.accountId),
          eq(t.sowings.farmId, farm.id),
          isNull(t.sowings.deletedAt),
          which,
        ),
      )
      .orderBy(desc(t.sowings.id));
    return this.answer(session, farm, rows, new Set(query.include ?? []));
  }

  /**
   * The emergence of a farm variety sown on `sowingDate`, from the median days between sowing and
   * emergence of the account's earlier sowings of the same catalogue variety; a farm variety of a
   * farm the session does not see is not found (404).
   */
  async emergenceSuggestion(
    session: Session,
    farmVarietyId: number,
    sowingDate: string,
  ): Promise<EmergenceSuggestion> {
    const [farmVariety] = await this.deps.db
      .select({ varietyId: t.farmVarieties.varietyId })
      .from(t.farmVarieties)
      .innerJoin(
        t.farms,
        and(
          eq(t.farms.accountId, t.farmVarieties.accountId),
          eq(t.farms.id, t.farmVarieties.farmId),
        ),
      )
      .where(
        and(
          eq(t.farmVarieties.accountId, session.accountId),
          eq(t.farmVarieties.id, farmVarietyId),
          isNull(t.farms.deletedAt),
          visibleFarms(session, t.farmVarieties.farmId),
        ),
      );
    if (!farmVariety) throw new AppError(ERRORS.notFound, 'Farm variety not found');
    const earlier = await this.deps.db
      .select({ sown: t.sowings.sowingDate, emerged: t.sowings.emergenceDate })
      .from(t.sowings)
      .innerJoin(t.farmVarieties, eq(t.farmVarieties.id, t.sowings.farmVarietyId))
      .where(
        and(
          eq(t.sowings.accountId, session.accountId),
          eq(t.farmVarieties.varietyId, farmVariety.varietyId),
          isNull(t.sowings.deletedAt),
          isNotNull(t.sowings.sowingDate),
          isNotNull(t.sowings.emergenceDate),
        ),
      );
    const days = earlier.map((row) => daysBetween(row.sown!, row.emerged!)).sort((a, b) => a - b);
    if (!days.length) return { data_emergencia: null, dias: null, baseado_em: 0 };
    const middle = Math.floor(days.length / 2);
    const median =
      days.length % 2 ? days[middle]! : Math.round((days[middle - 1]! + days[middle]!) / 2);
    return { data_emergencia: addDays(sowingDate, median), dias: median, baseado_em: days.length };
  }

  /**
   * What names a sowing list answer (http/versioned-answers.ts): the farm and the query, at the
   * account's data version (moved by every write to what the list shows: migrations 0007, 0017),
   * the farm's day (statuses and estimated stages move with it) and its current season-crops. A
   * farm the session may not see is not found, as the list itself says.
   */
  async listVersion(
    session: Session,
    query: {
      fazenda_id: number;
      season_crop_id?: number | undefined;
      start_period?: string | undefined;
      end_period?: string | undefined;
      include?: readonly SowingInclude[] | undefined;
    },
  ): Promise<{ key: string; version: string }> {
    const [row] = await this.versionQuery.execute({
      accountId: session.accountId,
      farmId: query.fazenda_id,
    });
    if (!row || !mayReadFarm(session.farms, query.fazenda_id))
      throw new AppError(ERRORS.notFound, 'Farm not found');
    const farm = { id: query.fazenda_id, countryId: row.countryId, timeZone: row.timeZone };
    const seasons = await this.currentSeasonCrops(farm);
    const include = [...new Set(query.include ?? [])].sort().join(',');
    const which = `${query.season_crop_id ?? ''}:${query.start_period ?? ''}:${query.end_period ?? ''}`;
    return {
      key: `sowings:${session.accountId}:${query.fazenda_id}:${which}:${include}`,
      version: `${row.version ?? 0}:${todayIn(row.timeZone, this.now())}:${seasons.join(',')}`,
    };
  }

  /** The ids of the farm's country's current season-crops, one per crop. */
  private async currentSeasonCrops(
    farm: Pick<FarmFacts, 'countryId' | 'timeZone'>,
  ): Promise<number[]> {
    const today = todayIn(farm.timeZone, this.now());
    const starts = CROPS.map((crop) =>
      and(
        eq(t.seasonCrops.cropId, crop.id),
        eq(
          t.seasonCrops.startPeriod,
          seasonPeriod(
            farm.countryId,
            crop.id,
            currentSeasonStartYear(farm.countryId, crop.id, today),
          ).start_period,
        ),
      ),
    );
    const rows = await this.deps.db
      .select({ id: t.seasonCrops.id })
      .from(t.seasonCrops)
      .where(and(eq(t.seasonCrops.countryId, farm.countryId), or(...starts)));
    return rows.map((row) => row.id);
  }

  async get(session: Session, id: number): Promise<SowingAnswer> {
    const { farm, row } = await this.sowingOf(this.deps.db, session, id);
    const [answer] = await this.answer(session, farm, [row]);
    return answer!;
  }

  /**
   * A new sowing: the farm visible (else 400 exception.farm_not_found: an id of the body) and
   * enabled (409); the plot of that farm (400) and enabled (409); the variety added to the farm
   * (400), whose season-crop gives the crop; emergence not before sowing and inside the
   * season-crop's period (400); no unharvested sowing on the plot (409); at most the plot's
   * remaining area in the season-crop (400, with the remaining area).
   */
  async create(session: Session, body: SowingBody): Promise<SowingAnswer> {
    const id = await this.deps.db.transaction(async (tx) => {
      const checked = await this.check(tx, session, body, null);
      const now = this.now();
      const [row] = await tx
        .insert(t.sowings)
        .values({
          accountId: session.accountId,
          farmId: checked.farm.id,
          plotId: body.talhao_id,
          createdAt: now,
          updatedAt: now,
          ...this.columns(body, checked.seasonCrop),
        })
        .returning({ id: t.sowings.id });
      return row!.id;
    });
    return this.get(session, id);
  }

  /**
   * Changes a sowing: the same rules as a new one, excluding itself from the plot's sowings; a
   * sowing of a season-crop that is not current is read-only (409), and once harvested its sowing
   * date is locked (409).
   */
  async update(session: Session, id: number, body: SowingBody): Promise<SowingAnswer> {
    await this.deps.db.transaction(async (tx) => {
      const { farm, row } = await this.sowingOf(tx, session, id, true);
      this.requireCurrentSeason(farm, row);
      const checked = await this.check(tx, session, body, row);
      if (!this.isCurrent(farm, checked.seasonCrop))
        throw new AppError(ERRORS.sowingOtherSeason, 'The season-crop is not the current one');
      if ((body.data_semeadura ?? null) !== row.sowingDate) {
        if (await this.hasHarvest(tx, session, id))
          throw new AppError(
            ERRORS.sowingDateLocked,
            'The sowing is harvested: its date is locked',
          );
        if ((await this.programFacts(tx, session, [id])).get(id)?.applied)
          throw new AppError(ERRORS.sowingDateLocked, 'Sprays were applied: the date is locked');
      }
      await tx
        .update(t.sowings)
        .set({
          farmId: checked.farm.id,
          plotId: body.talhao_id,
          updatedAt: this.now(),
          ...this.columns(body, checked.seasonCrop),
        })
        .where(and(eq(t.sowings.accountId, session.accountId), eq(t.sowings.id, id)));
      await this.deps.programs?.followSowing(
        tx,
        session,
        id,
        timelineOfSowing(row.emergenceDate, row.estimatedCycle),
        timelineOfSowing(body.data_emergencia, body.estimated_cycle),
      );
    });
    return this.get(session, id);
  }

  /** Soft delete: refused once harvested (409) and for a season-crop that is not current (409). */
  async remove(session: Session, id: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const { farm, row } = await this.sowingOf(tx, session, id, true);
      this.requireCurrentSeason(farm, row);
      if (await this.hasHarvest(tx, session, id))
        throw new AppError(ERRORS.sowingHasHarvest, 'The sowing has a harvest');
      const program = (await this.programFacts(tx, session, [id])).get(id);
      if (program?.applied)
        throw new AppError(ERRORS.sowingHasAppliedSprays, 'The sowing has applied sprays');
      if (program) throw new AppError(ERRORS.sowingUsedInProgram, 'A program uses the sowing');
      await tx
        .update(t.sowings)
        .set({ deletedAt: this.now(), updatedAt: this.now() })
        .where(and(eq(t.sowings.accountId, session.accountId), eq(t.sowings.id, id)));
    });
  }

  /** Every rule of a sowing body, in order; `current` is the sowing being changed, if any. */
  private async check(
    tx: Executor,
    session: Session,
    body: SowingBody,
    current: { id: number; plotId: number } | null,
  ): Promise<{ farm: FarmFacts; seasonCrop: SeasonCropFacts }> {
    const farm = await bodyReference(
      this.farmOf(tx, session, body.fazenda_id),
      ERRORS.farmNotFound,
      {
        fazenda_id: body.fazenda_id,
      },
    );
    if (!farm.enabled) throw new AppError(ERRORS.farmDisabled, 'The farm is disabled');
    // The plot's row is locked: two sowings saved at once cannot together exceed its area.
    const [plot] = await tx
      .select({ id: t.plots.id, area: t.plots.area, enabled: t.plots.enabled })
      .from(t.plots)
      .where(
        and(
          eq(t.plots.accountId, session.accountId),
          eq(t.plots.farmId, farm.id),
          eq(t.plots.id, body.talhao_id),
          isNull(t.plots.deletedAt),
        ),
      )
      .for('update');
    if (!plot)
      throw new AppError(ERRORS.plotNotFound, 'No such plot on the farm', {
        talhao_id: body.talhao_id,
      });
    if (!plot.enabled) throw new AppError(ERRORS.plotDisabled, 'The plot is disabled');
    const [seasonCrop] = await tx
      .select({
        id: t.seasonCrops.id,
        cropId: t.seasonCrops.cropId,
        countryId: t.seasonCrops.countryId,
        startPeriod: t.seasonCrops.startPeriod,
        endPeriod: t.seasonCrops.endPeriod,
      })
      .from(t.farmVarieties)
      .innerJoin(t.seasonCrops, eq(t.seasonCrops.id, t.farmVarieties.seasonCropId))
      .where(
        and(
          eq(t.farmVarieties.accountId, session.accountId),
          eq(t.farmVarieties.farmId, farm.id),
          eq(t.farmVarieties.id, body.cultivar_id),
        ),
      );
    if (!seasonCrop)
      throw new AppError(ERRORS.varietyNotAdded, 'The variety is not added to the farm', {
        cultivar_id: body.cultivar_id,
      });
    const datesProblem = sowingDatesProblem(body);
    if (datesProblem) throw new AppError(ERRORS[datesProblem], 'Emergence before sowing');
    const emergence = body.data_emergencia ?? null;
    if (emergence && (emergence < seasonCrop.startPeriod || emergence > seasonCrop.endPeriod))
      throw new AppError(ERRORS.sowingEmergenceOutsideSeason, 'Emergence outside the season', {
        start_period: seasonCrop.startPeriod,
        end_period: seasonCrop.endPeriod,
      });
    const others = await tx
      .select({
        id: t.sowings.id,
        area: t.sowings.area,
        seasonCropId: t.sowings.seasonCropId,
        closedAt: t.sowings.closedAt,
      })
      .from(t.sowings)
      .where(
        and(
          eq(t.sowings.accountId, session.accountId),
          eq(t.sowings.plotId, plot.id),
          isNull(t.sowings.deletedAt),
          current ? ne(t.sowings.id, current.id) : undefined,
        ),
      );
    const harvested = new Set(
      others.length
        ? (
            await tx
              .select({ sowingId: t.harvests.sowingId })
              .from(t.harvests)
              .where(
                and(
                  eq(t.harvests.accountId, session.accountId),
                  inArray(
                    t.harvests.sowingId,
                    others.map((other) => other.id),
                  ),
                ),
              )
          ).map((row) => row.sowingId)
        : [],
    );
    // A sowing is unharvested while it has no harvest and is not closed; a change that keeps the
    // sowing on its plot is not a new sowing there.
    const movesIn = current === null || current.plotId !== plot.id;
    if (movesIn && others.some((other) => other.closedAt === null && !harvested.has(other.id)))
      throw new AppError(ERRORS.plotHasUnharvestedSowing, 'A sowing on the plot is not harvested');
    // Every other live sowing of the plot counts, harvested or not (domain `remainingArea`).
    const remaining = remainingArea(
      plot.area,
      others.map((other) => ({ season_crop_id: other.seasonCropId, area: other.area })),
      seasonCrop.id,
    );
    if (body.area > remaining + 1e-9)
      throw new AppError(ERRORS.sowingAreaExceedsRemaining, 'More than the plot’s remaining area', {
        remaining_area: remaining,
      });
    return { farm, seasonCrop };
  }

  private columns(body: SowingBody, seasonCrop: SeasonCropFacts) {
    return {
      cropId: seasonCrop.cropId,
      seasonCropId: seasonCrop.id,
      farmVarietyId: body.cultivar_id,
      area: body.area,
      sowingDate: body.data_semeadura ?? null,
      emergenceDate: body.data_emergencia ?? null,
      seedQuantity: body.quantidade ?? null,
      seedOrigin: body.origem ?? null,
      seederSystemId: body.seeder_system_id ?? null,
      seedClassId: body.seed_class_id ?? null,
      estimatedCycle: body.estimated_cycle ?? null,
      germinativePower: body.germinative_power ?? null,
      seedVigor: body.seed_vigor ?? null,
      lineSpacing: body.line_spacing ?? null,
      populationLines: body.population_lines ?? null,
      operatingSpeed: body.operating_speed ?? null,
      seedTreatment: body.seed_treatment ?? null,
      inoculant: body.inoculant ?? null,
    };
  }

  /** Whether a season-crop is its country's current one, by that country's calendar. */
  private isCurrent(
    farm: FarmFacts,
    seasonCrop: { countryId: number; cropId: number; startPeriod: string },
  ): boolean {
    const today = todayIn(farm.timeZone, this.now());
    const { countryId, cropId, startPeriod } = seasonCrop;
    return seasonStatus(countryId, cropId as CropId, startPeriod, today) === 'current';
  }

  private requireCurrentSeason(
    farm: FarmFacts,
    row: { cropId: number; seasonStart: string; seasonCountryId: number },
  ): void {
    const { cropId, seasonStart, seasonCountryId } = row;
    if (!this.isCurrent(farm, { countryId: seasonCountryId, cropId, startPeriod: seasonStart }))
      throw new AppError(ERRORS.sowingOtherSeason, 'A sowing of another season is read-only');
  }

  private async hasHarvest(db: Executor, session: Session, sowingId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: t.harvests.id })
      .from(t.harvests)
      .where(and(eq(t.harvests.accountId, session.accountId), eq(t.harvests.sowingId, sowingId)))
      .limit(1);
    return row !== undefined;
  }

  /**
   * The live spray program attached to each sowing, with its sprayings and how many were applied
   * (one query for any number of sowings).
   */
  private async programFacts(
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
          eq(t.programs.accountId, session.accountId),
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
  private async farmOf(db: Executor, session: Session, farmId: number): Promise<FarmFacts> {
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
          eq(t.farms.accountId, session.accountId),
          eq(t.farms.id, farmId),
          isNull(t.farms.deletedAt),
          visibleFarms(session),
        ),
      );
    if (!farm) throw new AppError(ERRORS.notFound, 'Farm not found');
    return farm;
  }

  /** A live sowing of a farm the session sees, or 404; `lock` holds its row for a change. */
  private async sowingOf(db: Executor, session: Session, id: number, lock = false) {
    const query = this.selectSowings(db).where(
      and(
        eq(t.sowings.accountId, session.accountId),
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

  private selectSowings(db: Executor) {
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
  private async answer(
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
        .where(and(eq(t.harvests.accountId, session.accountId), inArray(t.harvests.sowingId, ids))),
      this.deps.db
        .select({
          sowingId: t.sowingStageObservations.sowingId,
          stage_id: t.sowingStageObservations.growthStageId,
          observedAt: t.sowingStageObservations.observedAt,
        })
        .from(t.sowingStageObservations)
        .where(
          and(
            eq(t.sowingStageObservations.accountId, session.accountId),
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
  private async varietiesOf(rows: readonly SowingRow[]) {
    const ids = [
      ...new Set(rows.flatMap((row) => (row.varietyId === null ? [] : [row.varietyId]))),
    ];
    const varieties = ids.length
      ? await this.deps.db.select().from(t.varieties).where(inArray(t.varieties.id, ids))
      : [];
    return new Map(varieties.map((variety) => [variety.id, variety]));
  }
}
