import {
  ERRORS,
  mayReadFarm,
  suggestEmergence,
  todayIn,
  type RecordFacts,
  type SowingBody,
} from '@lavoura/domain';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import {
  type EmergenceSuggestion,
  type ListedSowingAnswer,
  type SowingAnswer,
  type SowingInclude,
} from './sowing.presenter.ts';
import { DataVersions } from '../farms/data-versions.service.ts';
import { SowingBodyChecks, type SeasonCropFacts } from './sowing-body-checks.service.ts';
import { SowingReads, type FarmFacts } from './sowing-reads.service.ts';
import { authorizeRecord } from '../../policies/records.policy.ts';
import { ofAccount, visibleFarms } from '../../policies/tenancy.ts';
import type { ReferenceService } from '../reference/reference.service.ts';

export interface SowingsServiceDeps {
  db: Database;
  now?: () => Date;
  /** The sowing's program follows a changed emergence or cycle (the programs service). */
  programs?: SowingProgramFollower;
  /** The process's kept data versions; without them every list reads its version. */
  dataVersions?: DataVersions;
  /** The seasons in memory; without them every list reads its current season-crops. */
  reference?: Pick<ReferenceService, 'seasonCrops'>;
}

/** What a sowing change asks of its program, in the sowing's transaction. */
interface SowingProgramFollower {
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

/**
 * Sowings of the farms a session sees (spec 2 §3 Sowing, §7 Sowings; issue 12 items 1–2). Every
 * query starts from the session's account and its visible farms: another account's sowing, or one
 * of a farm the member is not assigned to, is not found (404). Every refusal writes nothing.
 */
export class SowingsService {
  private readonly now: () => Date;
  private readonly versions: DataVersions;
  private readonly reads: SowingReads;
  private readonly checks: SowingBodyChecks;

  constructor(private readonly deps: SowingsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.versions = deps.dataVersions ?? new DataVersions(deps.db);
    this.reads = new SowingReads(deps, this.now);
    this.checks = new SowingBodyChecks(this.reads);
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
    const farm = await this.reads.farmOf(this.deps.db, session, query.fazenda_id);
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
    else which = inArray(t.sowings.seasonCropId, await this.reads.currentSeasonCrops(farm));
    const rows = await this.reads
      .selectSowings(this.deps.db)
      .where(
        and(
          ofAccount(t.sowings, session),
          eq(t.sowings.farmId, farm.id),
          isNull(t.sowings.deletedAt),
          which,
        ),
      )
      .orderBy(desc(t.sowings.id));
    return this.reads.answer(session, farm, rows, new Set(query.include ?? []));
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
          ofAccount(t.farmVarieties, session),
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
          ofAccount(t.sowings, session),
          eq(t.farmVarieties.varietyId, farmVariety.varietyId),
          isNull(t.sowings.deletedAt),
          isNotNull(t.sowings.sowingDate),
          isNotNull(t.sowings.emergenceDate),
        ),
      );
    const suggested = suggestEmergence(
      sowingDate,
      earlier.map((row) => ({ sown: row.sown!, emerged: row.emerged! })),
    );
    return suggested
      ? {
          data_emergencia: suggested.emergence,
          dias: suggested.days,
          baseado_em: suggested.basedOn,
        }
      : { data_emergencia: null, dias: null, baseado_em: 0 };
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
    const row = await this.versions.farm(session.accountId, query.fazenda_id);
    if (!row || !mayReadFarm(session.farms, query.fazenda_id))
      throw new AppError(ERRORS.notFound, 'Farm not found');
    const farm = { id: query.fazenda_id, countryId: row.countryId, timeZone: row.timeZone };
    const seasons = await this.reads.currentSeasonCrops(farm);
    const include = [...new Set(query.include ?? [])].sort().join(',');
    const which = `${query.season_crop_id ?? ''}:${query.start_period ?? ''}:${query.end_period ?? ''}`;
    return {
      key: `sowings:${session.accountId}:${query.fazenda_id}:${which}:${include}`,
      version: `${row.version}:${todayIn(row.timeZone, this.now())}:${seasons.join(',')}`,
    };
  }

  async get(session: Session, id: number): Promise<SowingAnswer> {
    const { farm, row } = await this.reads.sowingOf(this.deps.db, session, id);
    const [answer] = await this.reads.answer(session, farm, [row]);
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
      const checked = await this.checks.check(tx, session, body, null);
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
      const { farm, row } = await this.reads.sowingOf(tx, session, id, true);
      authorizeRecord(session, 'sowing', 'change', this.policyFacts(farm, row));
      const checked = await this.checks.check(tx, session, body, row);
      if (!this.reads.isCurrent(farm, checked.seasonCrop))
        throw new AppError(ERRORS.sowingOtherSeason, 'The season-crop is not the current one');
      if ((body.data_semeadura ?? null) !== row.sowingDate) {
        if (await this.hasHarvest(tx, session, id))
          throw new AppError(
            ERRORS.sowingDateLocked,
            'The sowing is harvested: its date is locked',
          );
        if ((await this.reads.programFacts(tx, session, [id])).get(id)?.applied)
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
        .where(and(ofAccount(t.sowings, session), eq(t.sowings.id, id)));
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
      const { farm, row } = await this.reads.sowingOf(tx, session, id, true);
      authorizeRecord(session, 'sowing', 'delete', this.policyFacts(farm, row));
      if (await this.hasHarvest(tx, session, id))
        throw new AppError(ERRORS.sowingHasHarvest, 'The sowing has a harvest');
      const program = (await this.reads.programFacts(tx, session, [id])).get(id);
      if (program?.applied)
        throw new AppError(ERRORS.sowingHasAppliedSprays, 'The sowing has applied sprays');
      if (program) throw new AppError(ERRORS.sowingUsedInProgram, 'A program uses the sowing');
      await tx
        .update(t.sowings)
        .set({ deletedAt: this.now(), updatedAt: this.now() })
        .where(and(ofAccount(t.sowings, session), eq(t.sowings.id, id)));
    });
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

  /** What the sowing policy reads: its farm, and whether its season-crop is the current one. */
  private policyFacts(
    farm: FarmFacts,
    row: { cropId: number; seasonStart: string; seasonCountryId: number },
  ): RecordFacts {
    const { cropId, seasonStart, seasonCountryId } = row;
    return {
      farmId: farm.id,
      currentSeason: this.reads.isCurrent(farm, {
        countryId: seasonCountryId,
        cropId,
        startPeriod: seasonStart,
      }),
    };
  }

  private async hasHarvest(db: Executor, session: Session, sowingId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: t.harvests.id })
      .from(t.harvests)
      .where(and(ofAccount(t.harvests, session), eq(t.harvests.sowingId, sowingId)))
      .limit(1);
    return row !== undefined;
  }
}
