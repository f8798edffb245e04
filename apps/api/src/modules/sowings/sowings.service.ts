import {
  ERRORS,
  remainingArea,
  seasonStatus,
  sowingDatesProblem,
  todayIn,
  type CropId,
  type SowingBody,
} from '@lavoura/domain';
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { visibleFarms } from '../farms/farms.service.ts';
import {
  toSowing,
  type HarvestRow,
  type SowingAnswer,
  type SowingRow,
} from './sowing.presenter.ts';

export interface SowingsServiceDeps {
  db: Database;
  now?: () => Date;
}

interface FarmFacts {
  id: number;
  enabled: boolean;
  timeZone: string;
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
  seasonStart: t.seasonCrops.startPeriod,
  seasonCountryId: t.seasonCrops.countryId,
};

/**
 * Sowings of the farms a session sees (spec 2 §3 Sowing, §7 Sowings; issue 12 items 1–2). Every
 * query starts from the session's account and its visible farms: another account's sowing, or one
 * of a farm the member is not assigned to, is not found (404). Every refusal writes nothing.
 */
export class SowingsService {
  private readonly now: () => Date;

  constructor(private readonly deps: SowingsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The farm's live sowings, optionally those touching a period (dates or season-crop period). */
  async list(
    session: Session,
    query: {
      fazenda_id: number;
      start_period?: string | undefined;
      end_period?: string | undefined;
    },
  ): Promise<SowingAnswer[]> {
    const farm = await this.farmOf(this.deps.db, session, query.fazenda_id);
    const { start_period: start, end_period: end } = query;
    const inPeriod = (column: AnyPgColumn) =>
      and(start ? gte(column, start) : undefined, end ? lte(column, end) : undefined);
    const period =
      start || end
        ? or(
            inPeriod(t.sowings.sowingDate),
            inPeriod(t.sowings.emergenceDate),
            and(
              end ? lte(t.seasonCrops.startPeriod, end) : undefined,
              start ? gte(t.seasonCrops.endPeriod, start) : undefined,
            ),
          )
        : undefined;
    const rows = await this.selectSowings(this.deps.db)
      .where(
        and(
          eq(t.sowings.accountId, session.accountId),
          eq(t.sowings.farmId, farm.id),
          isNull(t.sowings.deletedAt),
          period,
        ),
      )
      .orderBy(desc(t.sowings.id));
    return this.answer(session, farm, rows);
  }

  async get(session: Session, id: number): Promise<SowingAnswer> {
    const { farm, row } = await this.sowingOf(this.deps.db, session, id);
    const [answer] = await this.answer(session, farm, [row]);
    return answer!;
  }

  /**
   * A new sowing: the farm visible (404), enabled (409); the plot of that farm (400) and enabled
   * (409); the variety added to the farm (400), whose season-crop gives the crop; emergence not
   * before sowing and inside the season-crop's period (400); no unharvested sowing on the plot
   * (409); at most the plot's remaining area in the season-crop (400, with the remaining area).
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
      if (
        (body.data_semeadura ?? null) !== row.sowingDate &&
        (await this.hasHarvest(tx, session, id))
      )
        throw new AppError(ERRORS.sowingDateLocked, 'The sowing is harvested: its date is locked');
      await tx
        .update(t.sowings)
        .set({
          farmId: checked.farm.id,
          plotId: body.talhao_id,
          updatedAt: this.now(),
          ...this.columns(body, checked.seasonCrop),
        })
        .where(and(eq(t.sowings.accountId, session.accountId), eq(t.sowings.id, id)));
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
    const farm = await this.farmOf(tx, session, body.fazenda_id);
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
    const remaining = remainingArea(
      plot.area,
      others.filter((other) => other.seasonCropId === seasonCrop.id).map((other) => other.area),
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

  /** A live farm the session sees, or 404. */
  private async farmOf(db: Executor, session: Session, farmId: number): Promise<FarmFacts> {
    const [farm] = await db
      .select({ id: t.farms.id, enabled: t.farms.enabled, timeZone: t.farms.timeZone })
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

  /** The answers of sowings of one farm: their harvests and stage observations in two queries. */
  private async answer(
    session: Session,
    farm: FarmFacts,
    rows: readonly (SowingRow & { seasonStart: string; seasonCountryId: number })[],
  ): Promise<SowingAnswer[]> {
    if (!rows.length) return [];
    const ids = rows.map((row) => row.id);
    const harvests = await this.deps.db
      .select({
        sowingId: t.harvests.sowingId,
        id: t.harvests.id,
        harvestDate: t.harvests.harvestDate,
        productivity: t.harvests.productivity,
        lost: t.harvests.lost,
        desiccation: t.harvests.desiccation,
      })
      .from(t.harvests)
      .where(and(eq(t.harvests.accountId, session.accountId), inArray(t.harvests.sowingId, ids)));
    const observations = await this.deps.db
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
      )
      .orderBy(asc(t.sowingStageObservations.observedAt));
    const today = todayIn(farm.timeZone, this.now());
    return rows.map((row) => {
      const own: HarvestRow[] = harvests.filter((harvest) => harvest.sowingId === row.id);
      return toSowing(row, {
        today,
        harvests: own,
        observations: observations
          .filter((observation) => observation.sowingId === row.id)
          .map((observation) => ({
            stage_id: observation.stage_id,
            observed_at: observation.observedAt.toISOString(),
          })),
        currentSeason:
          seasonStatus(row.seasonCountryId, row.cropId as CropId, row.seasonStart, today) ===
          'current',
      });
    });
  }
}
