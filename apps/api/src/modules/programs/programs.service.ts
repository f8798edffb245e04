import {
  DISEASES,
  ERRORS,
  FIELD_KEYS,
  GROWTH_STAGES,
  addDays,
  daysBetween,
  stageTimeline,
  SEVERITY_LEVELS,
  applySpray,
  suggestProgram,
  type CountryId,
  type Severity,
  bodyFieldError,
  resumeProgram,
  seasonStatus,
  todayIn,
  unapplySpray,
  type CropId,
  type PauseBody,
  type Schedule,
  type ScheduleContext,
  type SprayMove,
  diseasesProblem,
  duplicatedProductProblem,
  maxSprays,
  sprayCountProblem,
  sprayDateProblem,
  programProduct,
  productUnitOf,
  type ApplicationBody,
  type ExecutionBody,
  type TimelineSettings,
  changeTimeline,
  type DefensivesSuggestionBody,
  DEFAULT_WHITE_MOLD_SPRAYS,
  WHITE_MOLD,
  REFERENCE_CYCLE_DAYS,
  suggestSprayPositions,
  type ProgramBody,
  type ProgramProduct,
} from '@lavoura/domain';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { groupBy } from '../../lib/group-by.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { accountDataVersionQuery, visibleFarms } from '../farms/farms.service.ts';
import {
  engineDiseases,
  evaluate,
  timelineOf,
  type EfficacyProvenance,
} from './program-evaluation.ts';
import {
  toDefensivesSuggestion,
  toSuggestion,
  type DefensivesSuggestionAnswer,
  type SuggestionAnswer,
} from './program-suggestion.ts';
import { toProgram, type ProgramAnswer } from './program.presenter.ts';
import type { ProgramRow, SprayingRow } from './program-rows.ts';

export interface ProgramsServiceDeps {
  db: Database;
  now?: () => Date;
}

/** GET /api/programas's filters. */
interface ProgramsQuery {
  cultivar_id?: number | undefined;
  semeadura_id?: number | undefined;
  fazenda_id?: number | undefined;
  basic_list?: '0' | '1' | undefined;
  start_period?: string | undefined;
  end_period?: string | undefined;
}

/** What a program is for: a farm's variety (planning) or a sowing (execution), in a season-crop. */
interface ProgramTarget {
  farmId: number;
  farmVarietyId: number | null;
  sowingId: number | null;
  seasonCropId: number;
  cropId: number;
  countryId: number;
}

/**
 * Spray programs of the farms a session sees (spec 2 §3 Program, §7 Programs; issue 13 items 5–6):
 * every query starts from the session's account and its visible farms, so another account's
 * program, or one of a farm the member is not assigned to, is not found (404). Every refusal
 * writes nothing.
 */
export class ProgramsService {
  private readonly now: () => Date;

  private readonly versionQuery: ReturnType<typeof accountDataVersionQuery>;

  constructor(private readonly deps: ProgramsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.versionQuery = accountDataVersionQuery(deps.db);
  }

  /** The plans of a farm variety, the program of a sowing, or a farm's programs, newest first. */
  /**
   * What names a program list answer (http/versioned-answers.ts): the query and the farms the
   * session sees, at the account's data version (moved by every write to programs, sprayings,
   * their products, pauses, sowings and farm varieties: migrations 0007, 0017, 0019). The scores
   * depend on nothing else: the catalogue changes only with a new version, at a start.
   */
  async listVersion(
    session: Session,
    query: ProgramsQuery,
  ): Promise<{ key: string; version: string }> {
    const [row] = await this.versionQuery.execute({ accountId: session.accountId });
    const scope = session.farms.all
      ? 'all'
      : [...session.farms.farmIds].sort((a, b) => a - b).join(',');
    const which = `${query.cultivar_id ?? ''}:${query.semeadura_id ?? ''}:${query.fazenda_id ?? ''}:${query.basic_list ?? ''}:${query.start_period ?? ''}:${query.end_period ?? ''}`;
    return {
      key: `programs:${session.accountId}:${scope}:${which}`,
      version: String(row?.version ?? 0),
    };
  }

  async list(session: Session, query: ProgramsQuery): Promise<ProgramAnswer[]> {
    if (
      query.cultivar_id === undefined &&
      query.semeadura_id === undefined &&
      query.fazenda_id === undefined
    )
      throw new AppError(ERRORS.validation, 'A variety, a sowing or a farm is needed', [
        bodyFieldError('fazenda_id', 'Required'),
      ]);
    const rows = await this.selectPrograms(this.deps.db)
      .where(
        and(
          this.visible(session),
          // A variety's programs are its plans; a sowing's program is asked for by the sowing.
          query.cultivar_id !== undefined
            ? and(eq(t.programs.farmVarietyId, query.cultivar_id), isNull(t.programs.sowingId))
            : undefined,
          query.semeadura_id !== undefined
            ? eq(t.programs.sowingId, query.semeadura_id)
            : undefined,
          query.fazenda_id !== undefined ? eq(t.programs.farmId, query.fazenda_id) : undefined,
          // Seasons touching the period.
          query.end_period !== undefined
            ? lte(t.seasonCrops.startPeriod, query.end_period)
            : undefined,
          query.start_period !== undefined
            ? gte(t.seasonCrops.endPeriod, query.start_period)
            : undefined,
        ),
      )
      .orderBy(sql`${t.programs.id} desc`);
    return this.answer(session, rows, { basic: query.basic_list === '1' });
  }

  /** One program; `curves` adds the engine's risk and protection per day, for the chart. */
  async get(
    session: Session,
    id: number,
    options: { curves?: boolean } = {},
  ): Promise<ProgramAnswer> {
    const row = await this.programOf(this.deps.db, session, id);
    const [answer] = await this.answer(session, [row], options);
    return answer!;
  }

  /**
   * A new program: its variety or sowing visible (404), its diseases of that crop (400), one main
   * and at most two secondary (400 exception.program.too_many_diseases).
   */
  async create(session: Session, body: ProgramBody): Promise<ProgramAnswer> {
    const id = await this.deps.db.transaction(async (tx) => {
      const target = await this.targetOf(tx, session, body);
      await this.checkDiseases(tx, target.cropId, body);
      const now = this.now();
      const [row] = await tx
        .insert(t.programs)
        .values({
          accountId: session.accountId,
          ...target,
          ...this.columns(body),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: t.programs.id });
      return row!.id;
    });
    return this.get(session, id);
  }

  /** Changes a program's name, diseases and settings; its variety or sowing stays its own (400). */
  async update(session: Session, id: number, body: ProgramBody): Promise<ProgramAnswer> {
    await this.deps.db.transaction(async (tx) => {
      const program = await this.programOf(tx, session, id, true);
      // A sowing's program is named by its sowing alone (its variety is the sowing's).
      const sameTarget =
        program.sowingId !== null
          ? (body.semeadura_id ?? null) === program.sowingId
          : (body.cultivar_id ?? null) === program.farmVarietyId &&
            (body.semeadura_id ?? null) === null;
      if (!sameTarget)
        throw new AppError(ERRORS.validation, 'A program keeps its variety or sowing', [
          bodyFieldError(body.semeadura_id ? 'semeadura_id' : 'cultivar_id', 'Invalid'),
        ]);
      await this.checkDiseases(tx, program.cropId, body);
      await tx
        .update(t.programs)
        .set({ ...this.columns(body), updatedAt: this.now() })
        .where(and(eq(t.programs.accountId, session.accountId), eq(t.programs.id, id)));
    });
    return this.get(session, id);
  }

  /** Soft delete, refused while a spray of the program was applied (409). */
  async remove(session: Session, id: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.programOf(tx, session, id, true);
      const [applied] = await tx
        .select({ id: t.sprayings.id })
        .from(t.sprayings)
        .where(
          and(
            eq(t.sprayings.accountId, session.accountId),
            eq(t.sprayings.programId, id),
            isNotNull(t.sprayings.appliedAt),
          ),
        )
        .limit(1);
      if (applied) throw new AppError(ERRORS.programHasSprays, 'The program has applied sprays');
      await tx
        .update(t.programs)
        .set({ deletedAt: this.now(), updatedAt: this.now() })
        .where(and(eq(t.programs.accountId, session.accountId), eq(t.programs.id, id)));
    });
  }

  /**
   * A new application at the end of the program: products once each (400), of the catalogue (400);
   * within the crop's and country's spray limit and three white-mold sprays (400); dated after the
   * previous spray and not before the sowing (400).
   */
  async addApplication(
    session: Session,
    programId: number,
    body: ApplicationBody,
  ): Promise<ProgramAnswer> {
    await this.deps.db.transaction(async (tx) => {
      const program = await this.programOf(tx, session, programId, true);
      await this.appendApplication(tx, session, program, body);
      await this.touch(tx, session, programId);
    });
    return this.get(session, programId);
  }

  /**
   * A new spraying of a sowing's program (the executions' POST): the rules of a planned
   * application, of a sowing of the current season (409); with `data_realizada` it is recorded as
   * applied on that day, which a pause refuses (409) and the sowing's date bounds (400).
   */
  async addExecution(
    session: Session,
    programId: number,
    body: ExecutionBody,
  ): Promise<ProgramAnswer> {
    await this.deps.db.transaction(async (tx) => {
      const program = await this.executionOf(tx, session, programId);
      const { data_realizada: appliedAt, ...application } = body;
      if (appliedAt !== undefined) await this.checkAppliedDay(tx, session, program, appliedAt);
      const id = await this.appendApplication(tx, session, program, application);
      if (appliedAt !== undefined) await this.setApplied(tx, session, id, appliedAt);
      await this.touch(tx, session, programId);
    });
    return this.get(session, programId);
  }

  /** Appends an application to a locked program with the rules of a new one; answers its id. */
  private async appendApplication(
    tx: Executor,
    session: Session,
    program: ProgramRow,
    body: ApplicationBody,
  ): Promise<number> {
    const sprayings = await this.sprayingsOf(tx, session, [program.id]);
    const whiteMold = body.mofo_branco ?? false;
    const tooMany = sprayCountProblem(
      sprayings,
      { whiteMold },
      maxSprays(program.cropId, program.countryId),
    );
    if (tooMany) throw new AppError(ERRORS[tooMany], 'Too many sprays');
    await this.checkApplication(tx, session, body, program, sprayings.at(-1) ?? null);
    const now = this.now();
    const [row] = await tx
      .insert(t.sprayings)
      .values({
        accountId: session.accountId,
        programId: program.id,
        ordinal: (sprayings.at(-1)?.ordinal ?? 0) + 1,
        plannedDate: body.data,
        originalDate: body.data,
        whiteMold,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: t.sprayings.id });
    await this.writeProducts(tx, session, row!.id, body);
    return row!.id;
  }

  /** Changes an application's day and products, with the rules of a new one. */
  async updateApplication(
    session: Session,
    programId: number,
    sprayingId: number,
    body: ApplicationBody,
  ): Promise<ProgramAnswer> {
    await this.deps.db.transaction(async (tx) => {
      const program = await this.programOf(tx, session, programId, true);
      await this.rewriteApplication(tx, session, program, sprayingId, body);
      await this.touch(tx, session, programId);
    });
    return this.get(session, programId);
  }

  /**
   * Changes a sowing's spraying (the executions' PUT): its products and planned day with the rules
   * of a new one and, for an applied one, the day it was sprayed (`data_realizada`); a pending one
   * is applied with its own call (400).
   */
  async updateExecution(
    session: Session,
    programId: number,
    sprayingId: number,
    body: ExecutionBody,
  ): Promise<ProgramAnswer> {
    await this.deps.db.transaction(async (tx) => {
      const program = await this.executionOf(tx, session, programId);
      const { data_realizada: appliedAt, ...application } = body;
      const spraying = await this.rewriteApplication(tx, session, program, sprayingId, application);
      if (appliedAt !== undefined) {
        if (spraying.appliedAt === null)
          throw new AppError(ERRORS.validation, 'A pending spraying is applied with its own call', [
            bodyFieldError('data_realizada', 'Not applied yet'),
          ]);
        await this.checkAppliedDay(tx, session, program, appliedAt);
        await this.setApplied(tx, session, sprayingId, appliedAt);
      }
      await this.touch(tx, session, programId);
    });
    return this.get(session, programId);
  }

  /** Rewrites one application of a locked program (404 if not its); answers the row as it was. */
  private async rewriteApplication(
    tx: Executor,
    session: Session,
    program: ProgramRow,
    sprayingId: number,
    body: ApplicationBody,
  ): Promise<SprayingRow> {
    const sprayings = await this.sprayingsOf(tx, session, [program.id]);
    const index = sprayings.findIndex((spraying) => spraying.id === sprayingId);
    if (index < 0) throw new AppError(ERRORS.notFound, 'Spraying not found');
    const spraying = sprayings[index]!;
    const whiteMold = body.mofo_branco ?? false;
    if (whiteMold !== spraying.whiteMold) {
      const others = sprayings.filter((other) => other.id !== sprayingId);
      const tooMany = sprayCountProblem(
        others,
        { whiteMold },
        maxSprays(program.cropId, program.countryId),
      );
      if (tooMany) throw new AppError(ERRORS[tooMany], 'Too many sprays');
    }
    await this.checkApplication(
      tx,
      session,
      body,
      program,
      index > 0 ? sprayings[index - 1]! : null,
    );
    await tx
      .update(t.sprayings)
      .set({ plannedDate: body.data, originalDate: body.data, whiteMold, updatedAt: this.now() })
      .where(and(eq(t.sprayings.accountId, session.accountId), eq(t.sprayings.id, sprayingId)));
    await tx
      .delete(t.sprayingProducts)
      .where(
        and(
          eq(t.sprayingProducts.accountId, session.accountId),
          eq(t.sprayingProducts.sprayingId, sprayingId),
        ),
      );
    await this.writeProducts(tx, session, sprayingId, body);
    return spraying;
  }

  /**
   * Removes a sowing's last spraying, applied or not (the executions' DELETE): only the last one
   * registered (409 exception.spray.only_last_removable), so the record keeps no gap.
   */
  async removeExecution(
    session: Session,
    programId: number,
    sprayingId: number,
  ): Promise<ProgramAnswer> {
    await this.deps.db.transaction(async (tx) => {
      const program = await this.executionOf(tx, session, programId);
      const sprayings = await this.sprayingsOf(tx, session, [program.id]);
      if (!sprayings.some((row) => row.id === sprayingId))
        throw new AppError(ERRORS.notFound, 'Spraying not found');
      if (sprayings.at(-1)!.id !== sprayingId)
        throw new AppError(ERRORS.sprayOnlyLastRemovable, 'Only the last spraying is removed');
      await tx
        .delete(t.sprayings)
        .where(and(eq(t.sprayings.accountId, session.accountId), eq(t.sprayings.id, sprayingId)));
      await this.touch(tx, session, programId);
    });
    return this.get(session, programId);
  }

  /**
   * Removes a planned application and closes the gap in the positions; an applied one is the
   * executions' to undo first (409 exception.spray.only_last_removable).
   */
  async removeApplication(
    session: Session,
    programId: number,
    sprayingId: number,
  ): Promise<ProgramAnswer> {
    await this.deps.db.transaction(async (tx) => {
      await this.programOf(tx, session, programId, true);
      const sprayings = await this.sprayingsOf(tx, session, [programId]);
      const spraying = sprayings.find((row) => row.id === sprayingId);
      if (!spraying) throw new AppError(ERRORS.notFound, 'Spraying not found');
      if (spraying.appliedAt !== null)
        throw new AppError(ERRORS.sprayOnlyLastRemovable, 'An applied spray is undone first');
      await tx
        .delete(t.sprayings)
        .where(and(eq(t.sprayings.accountId, session.accountId), eq(t.sprayings.id, sprayingId)));
      for (const later of sprayings.filter((row) => row.ordinal > spraying.ordinal))
        await tx
          .update(t.sprayings)
          .set({ ordinal: later.ordinal - 1 })
          .where(and(eq(t.sprayings.accountId, session.accountId), eq(t.sprayings.id, later.id)));
      await this.touch(tx, session, programId);
    });
    return this.get(session, programId);
  }

  /**
   * Records a spraying as applied on `appliedAt` (default the farm's today): an execution's only
   * (409), of a sowing of the current season (409), not while paused (409); later planned sprays
   * move as AGRONOMY §8 says. Applying an applied spraying again changes nothing, so two
   * concurrent applies record it once (the program row is locked).
   */
  async apply(
    session: Session,
    programId: number,
    ordinal: number,
    appliedAt: string | undefined,
  ): Promise<ProgramAnswer> {
    await this.deps.db.transaction(async (tx) => {
      const program = await this.executionOf(tx, session, programId);
      const { sprayings, index, pausedAt } = await this.scheduleOf(tx, session, program, ordinal);
      if (pausedAt !== null) throw new AppError(ERRORS.programPaused, 'The program is paused');
      if (sprayings[index]!.appliedAt !== null) return;
      const day = appliedAt ?? todayIn(program.timeZone, this.now());
      const dated = sprayDateProblem(day, null, program.sowingDate);
      if (dated) throw new AppError(ERRORS[dated], 'Applied before the sowing');
      const context = await this.scheduleContext(tx, program, sprayings);
      const schedule = toSchedule(sprayings, pausedAt);
      const result = context
        ? applySpray(schedule, index, day, context)
        : ({ ok: true, moves: [] } as const);
      if (!result.ok) throw new AppError(ERRORS.programPaused, result.error);
      await this.setApplied(tx, session, sprayings[index]!.id, day);
      await this.move(tx, session, sprayings, result.moves);
      await this.touch(tx, session, programId);
    });
    return this.get(session, programId);
  }

  /** Undoes an applied spraying: its plan comes back (AGRONOMY §8 "Unapply"). */
  async unapply(session: Session, programId: number, ordinal: number): Promise<ProgramAnswer> {
    await this.deps.db.transaction(async (tx) => {
      const program = await this.executionOf(tx, session, programId);
      const { sprayings, index, pausedAt } = await this.scheduleOf(tx, session, program, ordinal);
      if (pausedAt !== null) throw new AppError(ERRORS.programPaused, 'The program is paused');
      const spraying = sprayings[index]!;
      if (spraying.appliedAt === null) return;
      const context = await this.scheduleContext(tx, program, sprayings);
      const result = context ? unapplySpray(toSchedule(sprayings, pausedAt), index, context) : null;
      if (result && !result.ok) throw new AppError(ERRORS.programPaused, result.error);
      const back = result?.ok
        ? (result.schedule.sprays[index]!.date ?? spraying.plannedDate)
        : (spraying.originalDate ?? spraying.plannedDate);
      await tx
        .update(t.sprayings)
        .set({ appliedAt: null, plannedDate: back, updatedAt: this.now() })
        .where(and(eq(t.sprayings.accountId, session.accountId), eq(t.sprayings.id, spraying.id)));
      await this.move(
        tx,
        session,
        sprayings,
        (result?.ok ? result.moves : []).filter((move) => move.index !== index),
      );
      await this.touch(tx, session, programId);
    });
    return this.get(session, programId);
  }

  /**
   * A sowing's emergence or cycle changed (spec 2 §4: after saving a sowing that has a program its
   * dates are recalculated), inside the sowing's transaction: beyond the tolerances of spec 2 §9
   * (6 days of emergence, 5 of cycle) the program's planned sprays are re-chained (AGRONOMY §8);
   * within them nothing moves, and a paused program moves when it resumes.
   */
  async followSowing(
    tx: Executor,
    session: Session,
    sowingId: number,
    before: TimelineSettings | null,
    after: TimelineSettings | null,
  ): Promise<void> {
    if (!before || !after) return;
    const [program] = await this.selectPrograms(tx)
      .where(and(this.visible(session), eq(t.programs.sowingId, sowingId)))
      .for('update', { of: t.programs });
    if (!program || (await this.openPause(tx, session, program.id))) return;
    const sprayings = await this.sprayingsOf(tx, session, [program.id]);
    const context = await this.scheduleContext(tx, program, sprayings);
    if (!context) return;
    const result = changeTimeline(toSchedule(sprayings, null), before, after, context);
    if (!result.ok || !result.moves.length) return;
    await this.move(tx, session, sprayings, result.moves);
    await this.touch(tx, session, program.id);
  }

  /** Pauses a program (drought, hail, lodging, frost, other): nothing moves while paused. */
  async pause(session: Session, programId: number, body: PauseBody): Promise<ProgramAnswer> {
    await this.deps.db.transaction(async (tx) => {
      const program = await this.programOf(tx, session, programId, true);
      if (await this.openPause(tx, session, programId))
        throw new AppError(ERRORS.programPaused, 'Already paused');
      await tx.insert(t.programPauses).values({
        accountId: session.accountId,
        programId,
        reasonId: body.reason_id,
        description: body.description?.trim() || null,
        pausedAt: body.paused_at ?? todayIn(program.timeZone, this.now()),
      });
      await this.touch(tx, session, programId);
    });
    return this.get(session, programId);
  }

  /**
   * Resumes a paused program (409 when it is not): planned sprays dated from the pause on move by
   * its length, and to at least 10 days after the last applied one (AGRONOMY §8 "Resume").
   */
  async resume(
    session: Session,
    programId: number,
    resumedAt: string | undefined,
  ): Promise<ProgramAnswer> {
    await this.deps.db.transaction(async (tx) => {
      const program = await this.programOf(tx, session, programId, true);
      const pause = await this.openPause(tx, session, programId);
      if (!pause) throw new AppError(ERRORS.programNotPaused, 'The program is not paused');
      const day = resumedAt ?? todayIn(program.timeZone, this.now());
      if (day < pause.pausedAt)
        throw new AppError(ERRORS.validation, 'Resumed before the pause', [
          bodyFieldError('resumed_at', 'Before the pause'),
        ]);
      const sprayings = await this.sprayingsOf(tx, session, [programId]);
      const result = resumeProgram(toSchedule(sprayings, pause.pausedAt), day);
      if (!result.ok) throw new AppError(ERRORS.programNotPaused, result.error);
      await tx
        .update(t.programPauses)
        .set({ resumedAt: day })
        .where(
          and(eq(t.programPauses.accountId, session.accountId), eq(t.programPauses.id, pause.id)),
        );
      await this.move(tx, session, sprayings, result.moves);
      await this.touch(tx, session, programId);
    });
    return this.get(session, programId);
  }

  /**
   * The engine's suggested plan for a program (AGRONOMY §7), written nowhere: the candidates are
   * the fungicides of the program's country with a shipped efficacy against one of its diseases,
   * at the label's dose or, where the source gives none, the account's last dose of the product;
   * with neither, the dose is left for the grower to fill (null) unless `dosedOnly` (the demo
   * data, written without a grower) leaves such products out, and `pricedOnly` those the account
   * never priced (an unknown price would win every cost tie-break at 0).
   */
  async suggest(
    session: Session,
    id: number,
    options: { dosedOnly?: boolean; pricedOnly?: boolean } = {},
  ): Promise<SuggestionAnswer> {
    const program = await this.programOf(this.deps.db, session, id);
    const timeline = timelineOf(program);
    if (!timeline)
      throw new AppError(ERRORS.validation, 'The program needs its emergence and cycle', [
        bodyFieldError('data_prevista', 'Required', FIELD_KEYS.required),
      ]);
    // White-mold sprays choose among the products with an efficacy against it (step 4).
    const whiteMold = DISEASES.find((disease) => disease.code === WHITE_MOLD)!;
    const candidates = await this.suggestionCatalogue(session, program.countryId, program.cropId, [
      program.mainDiseaseId!,
      ...program.secondaryDiseaseIds,
      ...(program.whiteMold ? [whiteMold.id] : []),
    ]);
    const products = options.pricedOnly
      ? candidates.filter((product) => product.price !== undefined)
      : candidates;
    const severity = SEVERITY_LEVELS.find((level) => level.id === program.severityId)?.code;
    const result = suggestProgram({
      cropId: program.cropId as CropId,
      countryId: program.countryId as CountryId,
      emergence: timeline.emergence,
      cycleDays: timeline.cycleDays,
      severity: (severity ?? 'medium') as Severity,
      diseases: engineDiseases(program),
      catalogue: products,
      whiteMoldSprays: program.whiteMold
        ? (program.whiteMoldSprayings ?? DEFAULT_WHITE_MOLD_SPRAYS)
        : 0,
      ...(program.suggestedSprayings !== null ? { sprayCount: program.suggestedSprayings } : {}),
      racional: program.rational,
      ...(options.dosedOnly ? { dosedOnly: true } : {}),
    });
    return toSuggestion(result, timeline.emergence, products);
  }

  /** The stage timeline the program is computed on (AGRONOMY §2); empty without one. */
  /**
   * POST /api/defensives/suggest: sprays 1..N of a program not yet written, for a crop and
   * country's diseases at medium severity on the reference cycle of AGRONOMY §2 (C = 120: the
   * choice weighs stages, not days); the grower's product, when named, is the first.
   */
  async suggestDefensives(
    session: Session,
    body: DefensivesSuggestionBody,
  ): Promise<DefensivesSuggestionAnswer> {
    const limit = maxSprays(body.crop_id, body.country_id);
    if (body.spraying_number > limit)
      throw new AppError(ERRORS.programMaxSprays, 'Beyond the crop’s spray limit');
    const diseaseIds = [body.major_disease_id, body.second_major_disease_id].filter(
      (id): id is number => id != null,
    );
    const diseases = diseaseIds.map((id) => DISEASES.find((disease) => disease.id === id));
    if (diseases.some((disease) => disease?.crop_id !== body.crop_id))
      throw new AppError(ERRORS.validation, 'A disease of another crop', [
        bodyFieldError('major_disease_id', 'Not a disease of the crop'),
      ]);
    const products = await this.suggestionCatalogue(
      session,
      body.country_id,
      body.crop_id,
      diseaseIds,
    );
    if (
      body.main_defensive_id != null &&
      !products.some((product) => product.id === body.main_defensive_id)
    )
      throw new AppError(ERRORS.validation, 'No efficacy against the diseases', [
        bodyFieldError('main_defensive_id', 'No shipped efficacy against the diseases'),
      ]);
    const positions = suggestSprayPositions({
      cropId: body.crop_id as CropId,
      countryId: body.country_id as CountryId,
      cycleDays: REFERENCE_CYCLE_DAYS,
      severity: 'medium',
      diseases: engineDiseases({
        mainDiseaseId: body.major_disease_id,
        secondaryDiseaseIds: diseaseIds.slice(1),
      }),
      catalogue: products,
      sprays: body.spraying_number,
      ...(body.main_defensive_id != null ? { firstProductId: body.main_defensive_id } : {}),
    });
    return toDefensivesSuggestion(positions, products, diseaseIds);
  }

  async growthStages(session: Session, id: number) {
    const program = await this.programOf(this.deps.db, session, id);
    const timeline = timelineOf(program);
    if (!timeline) return [];
    return stageTimeline(program.cropId as CropId, timeline.emergence, timeline.cycleDays).map(
      (stage) => ({
        stage_id: stage.stage_id,
        code: stage.code,
        name: stage.code,
        message_key: GROWTH_STAGES.find((row) => row.id === stage.stage_id)!.message_key,
        start_date: stage.start_date,
      }),
    );
  }

  /**
   * Brings a plan into a sowing: a new execution program with the plan's diseases, settings and
   * applications, each moved by the days between the plan's expected emergence and the sowing's
   * (kept as planned without either). The sowing must be visible (404) and of the plan's crop.
   */
  async importInto(session: Session, planId: number, sowingId: number): Promise<ProgramAnswer> {
    const id = await this.deps.db.transaction(async (tx) => {
      const plan = await this.programOf(tx, session, planId);
      const target = await this.targetOf(tx, session, { semeadura_id: sowingId } as ProgramBody);
      if (target.cropId !== plan.cropId)
        throw new AppError(ERRORS.validation, 'A sowing of another crop', [
          bodyFieldError('semeadura_id', 'Another crop'),
        ]);
      const [sowing] = await tx
        .select({ emergence: t.sowings.emergenceDate })
        .from(t.sowings)
        .where(and(eq(t.sowings.accountId, session.accountId), eq(t.sowings.id, sowingId)));
      const shift =
        plan.expectedEmergence && sowing?.emergence
          ? daysBetween(plan.expectedEmergence, sowing.emergence)
          : 0;
      return this.copy(tx, session, plan, { ...target, importedFromId: plan.id }, shift);
    });
    return this.get(session, id);
  }

  /**
   * Copies a program to farm varieties of the account (`cultivares`, all of the farm `farmId` when
   * given): each gets a plan with the same diseases, settings and applications. All or nothing: a
   * variety not seen answers 404, one of another crop or farm 400.
   */
  async cloneTo(
    session: Session,
    programId: number,
    farmVarietyIds: readonly number[],
    farmId?: number,
  ): Promise<ProgramAnswer[]> {
    const ids = await this.deps.db.transaction(async (tx) => {
      if (farmId !== undefined) {
        const [farm] = await tx
          .select({ id: t.farms.id })
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
      }
      const source = await this.programOf(tx, session, programId);
      const created: number[] = [];
      for (const farmVarietyId of [...new Set(farmVarietyIds)]) {
        const target = await this.targetOf(tx, session, {
          cultivar_id: farmVarietyId,
        } as ProgramBody);
        if (target.cropId !== source.cropId || (farmId !== undefined && target.farmId !== farmId))
          throw new AppError(ERRORS.validation, 'A variety of another crop or farm', [
            bodyFieldError('cultivares', 'Another crop or farm'),
          ]);
        created.push(await this.copy(tx, session, source, { ...target, importedFromId: null }, 0));
      }
      return created;
    });
    const answers = [];
    for (const id of ids) answers.push(await this.get(session, id));
    return answers;
  }

  /** A new program like `source` for `target`, its applications moved by `shift` days. */
  private async copy(
    tx: Executor,
    session: Session,
    source: ProgramRow,
    target: ProgramTarget & { importedFromId: number | null },
    shift: number,
  ): Promise<number> {
    const now = this.now();
    const [row] = await tx
      .insert(t.programs)
      .values({
        accountId: session.accountId,
        farmId: target.farmId,
        farmVarietyId: target.farmVarietyId,
        sowingId: target.sowingId,
        seasonCropId: target.seasonCropId,
        name: source.name,
        mainDiseaseId: source.mainDiseaseId,
        secondaryDiseaseIds: source.secondaryDiseaseIds,
        severityId: source.severityId,
        whiteMold: source.whiteMold,
        whiteMoldSprayings: source.whiteMoldSprayings,
        suggestedSprayings: source.suggestedSprayings,
        rational: source.rational,
        importedFromId: target.importedFromId,
        expectedEmergence: target.sowingId === null ? source.expectedEmergence : null,
        cycleDays: target.sowingId === null ? source.cycleDays : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: t.programs.id });
    for (const spraying of await this.sprayingsOf(tx, session, [source.id])) {
      const date = addDays(spraying.originalDate ?? spraying.plannedDate, shift);
      const [copy] = await tx
        .insert(t.sprayings)
        .values({
          accountId: session.accountId,
          programId: row!.id,
          ordinal: spraying.ordinal,
          plannedDate: date,
          originalDate: date,
          whiteMold: spraying.whiteMold,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: t.sprayings.id });
      if (spraying.products.length)
        await tx.insert(t.sprayingProducts).values(
          spraying.products.map((product) => ({
            accountId: session.accountId,
            sprayingId: copy!.id,
            pesticideId: product.pesticideId,
            dose: product.dose,
            price: product.price.toFixed(2),
          })),
        );
    }
    return row!.id;
  }

  /** An execution (a sowing's program) of the current season, locked; 409 otherwise. */
  private async executionOf(tx: Executor, session: Session, programId: number) {
    const program = await this.programOf(tx, session, programId, true);
    if (program.sowingId === null)
      throw new AppError(ERRORS.programNotExecution, 'A plan records no applied sprays');
    const today = todayIn(program.timeZone, this.now());
    if (
      seasonStatus(program.countryId, program.cropId as CropId, program.seasonStart, today) !==
      'current'
    )
      throw new AppError(ERRORS.sowingOtherSeason, 'A sowing of another season is read-only');
    return program;
  }

  /** The program's sprayings, the one at `ordinal` (404 if none) and its open pause. */
  private async scheduleOf(tx: Executor, session: Session, program: ProgramRow, ordinal: number) {
    const sprayings = await this.sprayingsOf(tx, session, [program.id]);
    const index = sprayings.findIndex((spraying) => spraying.ordinal === ordinal);
    if (index < 0) throw new AppError(ERRORS.notFound, 'Spraying not found');
    const pause = await this.openPause(tx, session, program.id);
    return { sprayings, index, pausedAt: pause?.pausedAt ?? null };
  }

  /** What the engine moves sprays with; null without emergence and cycle (nothing then moves). */
  private async scheduleContext(
    tx: Executor,
    program: ProgramRow,
    sprayings: readonly SprayingRow[],
  ): Promise<ScheduleContext | null> {
    const timeline = timelineOf(program);
    const main = DISEASES.find((disease) => disease.id === program.mainDiseaseId);
    if (!timeline || !main) return null;
    const catalogue = await this.catalogueOf(tx, [program], sprayings);
    return {
      cropId: program.cropId as CropId,
      emergence: timeline.emergence,
      cycleDays: timeline.cycleDays,
      diseases: engineDiseases(program),
      products: catalogue.get(program.countryId)!.products,
    };
  }

  private async setApplied(tx: Executor, session: Session, sprayingId: number, day: string) {
    await tx
      .update(t.sprayings)
      .set({ appliedAt: day, updatedAt: this.now() })
      .where(and(eq(t.sprayings.accountId, session.accountId), eq(t.sprayings.id, sprayingId)));
  }

  /** Writes the planned dates the engine moved. */
  private async move(
    tx: Executor,
    session: Session,
    sprayings: readonly SprayingRow[],
    moves: readonly SprayMove[],
  ): Promise<void> {
    for (const moved of moves)
      await tx
        .update(t.sprayings)
        .set({ plannedDate: moved.to, updatedAt: this.now() })
        .where(
          and(
            eq(t.sprayings.accountId, session.accountId),
            eq(t.sprayings.id, sprayings[moved.index]!.id),
          ),
        );
  }

  private async openPause(tx: Executor, session: Session, programId: number) {
    const [pause] = await tx
      .select({ id: t.programPauses.id, pausedAt: t.programPauses.pausedAt })
      .from(t.programPauses)
      .where(
        and(
          eq(t.programPauses.accountId, session.accountId),
          eq(t.programPauses.programId, programId),
          isNull(t.programPauses.resumedAt),
        ),
      );
    return pause ?? null;
  }

  private columns(body: ProgramBody) {
    return {
      name: body.nome ?? '',
      mainDiseaseId: body.doenca_principal_id,
      secondaryDiseaseIds: [...new Set(body.doencas_secundarias_ids ?? [])],
      severityId: body.severidade ?? null,
      whiteMold: body.mofo_branco ?? false,
      whiteMoldSprayings: body.mofo_branco ? (body.white_mold_total_sprayings ?? null) : null,
      suggestedSprayings: body.total_aplicacoes_sugeridas ?? null,
      rational: body.racional ?? false,
      expectedEmergence: body.data_prevista ?? null,
      cycleDays: body.ciclo_dias ?? null,
    };
  }

  /** The farm variety (planning) or the sowing (execution) of a new program, visible, or 404. */
  private async targetOf(
    tx: Executor,
    session: Session,
    body: ProgramBody,
  ): Promise<ProgramTarget> {
    if (body.cultivar_id) {
      const [variety] = await tx
        .select({
          farmId: t.farmVarieties.farmId,
          seasonCropId: t.farmVarieties.seasonCropId,
          cropId: t.seasonCrops.cropId,
          countryId: t.seasonCrops.countryId,
        })
        .from(t.farmVarieties)
        .innerJoin(t.seasonCrops, eq(t.seasonCrops.id, t.farmVarieties.seasonCropId))
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
            eq(t.farmVarieties.id, body.cultivar_id),
            isNull(t.farms.deletedAt),
            visibleFarms(session),
          ),
        );
      if (!variety) throw new AppError(ERRORS.notFound, 'Farm variety not found');
      return { ...variety, farmVarietyId: body.cultivar_id, sowingId: null };
    }
    const [sowing] = await tx
      .select({
        farmId: t.sowings.farmId,
        farmVarietyId: t.sowings.farmVarietyId,
        seasonCropId: t.sowings.seasonCropId,
        cropId: t.sowings.cropId,
        countryId: t.seasonCrops.countryId,
      })
      .from(t.sowings)
      .innerJoin(t.seasonCrops, eq(t.seasonCrops.id, t.sowings.seasonCropId))
      .innerJoin(
        t.farms,
        and(eq(t.farms.accountId, t.sowings.accountId), eq(t.farms.id, t.sowings.farmId)),
      )
      .where(
        and(
          eq(t.sowings.accountId, session.accountId),
          eq(t.sowings.id, body.semeadura_id!),
          isNull(t.sowings.deletedAt),
          isNull(t.farms.deletedAt),
          visibleFarms(session),
        ),
      );
    if (!sowing) throw new AppError(ERRORS.notFound, 'Sowing not found');
    return { ...sowing, sowingId: body.semeadura_id! };
  }

  /** One main and at most two secondary diseases, all of the program's crop and each once. */
  private async checkDiseases(tx: Executor, cropId: number, body: ProgramBody): Promise<void> {
    const secondary = body.doencas_secundarias_ids ?? [];
    const tooMany = diseasesProblem(secondary);
    if (tooMany) throw new AppError(ERRORS[tooMany], 'Too many diseases');
    const wanted = [body.doenca_principal_id, ...secondary];
    const found = await tx
      .select({ id: t.diseases.id })
      .from(t.diseases)
      .where(and(inArray(t.diseases.id, wanted), eq(t.diseases.cropId, cropId)));
    const known = new Set(found.map((row) => row.id));
    const problems = [];
    if (!known.has(body.doenca_principal_id))
      problems.push(bodyFieldError('doenca_principal_id', 'Not a disease of the crop'));
    if (
      secondary.some((id) => !known.has(id) || id === body.doenca_principal_id) ||
      new Set(secondary).size !== secondary.length
    )
      problems.push(bodyFieldError('doencas_secundarias_ids', 'Not a disease of the crop'));
    if (problems.length) throw new AppError(ERRORS.validation, 'Invalid diseases', problems);
  }

  /**
   * An application's products once each and of the catalogue or the account's own (another
   * account's product is unknown), and its day after the previous.
   */
  private async checkApplication(
    tx: Executor,
    session: Session,
    body: ApplicationBody,
    program: ProgramRow,
    previous: SprayingRow | null,
  ): Promise<void> {
    const productIds = body.produtos.map((product) => product.defensivo_id);
    const duplicated = duplicatedProductProblem(productIds);
    if (duplicated) throw new AppError(ERRORS[duplicated], 'A product twice in one spray');
    const found = await tx
      .select({ id: t.pesticides.id })
      .from(t.pesticides)
      .where(
        and(
          inArray(t.pesticides.id, [...productIds]),
          or(isNull(t.pesticides.accountId), eq(t.pesticides.accountId, session.accountId)),
        ),
      );
    if (found.length !== productIds.length)
      throw new AppError(ERRORS.validation, 'Unknown product', [
        bodyFieldError('produtos', 'Unknown product'),
      ]);
    const dated = sprayDateProblem(
      body.data,
      previous
        ? { date: previous.appliedAt ?? previous.plannedDate, whiteMold: previous.whiteMold }
        : null,
      program.sowingDate,
      body.mofo_branco ?? false,
    );
    if (dated) throw new AppError(ERRORS[dated], 'Spray date');
  }

  /** The day a spraying was sprayed: not while paused (409), not before the sowing (400). */
  private async checkAppliedDay(
    tx: Executor,
    session: Session,
    program: ProgramRow,
    day: string,
  ): Promise<void> {
    if (await this.openPause(tx, session, program.id))
      throw new AppError(ERRORS.programPaused, 'The program is paused');
    const dated = sprayDateProblem(day, null, program.sowingDate);
    if (dated) throw new AppError(ERRORS[dated], 'Applied before the sowing');
  }

  private async writeProducts(
    tx: Executor,
    session: Session,
    sprayingId: number,
    body: ApplicationBody,
  ): Promise<void> {
    await tx.insert(t.sprayingProducts).values(
      body.produtos.map((product) => ({
        accountId: session.accountId,
        sprayingId,
        pesticideId: product.defensivo_id,
        dose: product.dose,
        price: product.preco.toFixed(2),
      })),
    );
    // The account's last price and dose per product, which the product picker offers next time.
    const now = this.now();
    for (const product of body.produtos)
      await tx
        .insert(t.accountPesticideValues)
        .values({
          accountId: session.accountId,
          pesticideId: product.defensivo_id,
          price: product.preco.toFixed(2),
          dose: product.dose,
          uses: 1,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [t.accountPesticideValues.accountId, t.accountPesticideValues.pesticideId],
          set: {
            price: product.preco.toFixed(2),
            dose: product.dose,
            uses: sql`${t.accountPesticideValues.uses} + 1`,
            updatedAt: now,
          },
        });
  }

  private async touch(tx: Executor, session: Session, programId: number): Promise<void> {
    await tx
      .update(t.programs)
      .set({ updatedAt: this.now() })
      .where(and(eq(t.programs.accountId, session.accountId), eq(t.programs.id, programId)));
  }

  /** The program's row if live and of a farm the session sees, or 404; `lock` holds it. */
  private async programOf(
    db: Executor,
    session: Session,
    id: number,
    lock = false,
  ): Promise<ProgramRow> {
    const query = this.selectPrograms(db).where(and(this.visible(session), eq(t.programs.id, id)));
    const [row] = lock ? await query.for('update', { of: t.programs }) : await query;
    if (!row) throw new AppError(ERRORS.notFound, 'Program not found');
    return row;
  }

  private visible(session: Session) {
    return and(
      eq(t.programs.accountId, session.accountId),
      isNull(t.programs.deletedAt),
      isNull(t.farms.deletedAt),
      visibleFarms(session, t.programs.farmId),
    );
  }

  private selectPrograms(db: Executor) {
    return db
      .select({
        id: t.programs.id,
        farmId: t.programs.farmId,
        farmVarietyId: t.programs.farmVarietyId,
        sowingId: t.programs.sowingId,
        seasonCropId: t.programs.seasonCropId,
        cropId: t.seasonCrops.cropId,
        countryId: t.seasonCrops.countryId,
        name: t.programs.name,
        mainDiseaseId: t.programs.mainDiseaseId,
        secondaryDiseaseIds: t.programs.secondaryDiseaseIds,
        severityId: t.programs.severityId,
        whiteMold: t.programs.whiteMold,
        whiteMoldSprayings: t.programs.whiteMoldSprayings,
        suggestedSprayings: t.programs.suggestedSprayings,
        rational: t.programs.rational,
        importedFromId: t.programs.importedFromId,
        expectedEmergence: t.programs.expectedEmergence,
        cycleDays: t.programs.cycleDays,
        timeZone: t.farms.timeZone,
        seasonStart: t.seasonCrops.startPeriod,
        sowingDate: t.sowings.sowingDate,
        sowingEmergence: t.sowings.emergenceDate,
        sowingCycle: t.sowings.estimatedCycle,
        sowingArea: t.sowings.area,
        varietyMinCycle: t.varieties.minCycle,
        varietyMaxCycle: t.varieties.maxCycle,
        createdAt: t.programs.createdAt,
        updatedAt: t.programs.updatedAt,
      })
      .from(t.programs)
      .innerJoin(
        t.farms,
        and(eq(t.farms.accountId, t.programs.accountId), eq(t.farms.id, t.programs.farmId)),
      )
      .innerJoin(t.seasonCrops, eq(t.seasonCrops.id, t.programs.seasonCropId))
      .leftJoin(
        t.sowings,
        and(eq(t.sowings.accountId, t.programs.accountId), eq(t.sowings.id, t.programs.sowingId)),
      )
      .leftJoin(
        t.farmVarieties,
        and(
          eq(t.farmVarieties.accountId, t.programs.accountId),
          eq(t.farmVarieties.id, t.programs.farmVarietyId),
        ),
      )
      .leftJoin(t.varieties, eq(t.varieties.id, t.farmVarieties.varietyId))
      .$dynamic();
  }

  /** The sprayings of programs with their products, by position. */
  private async sprayingsOf(
    db: Executor,
    session: Session,
    programIds: readonly number[],
  ): Promise<SprayingRow[]> {
    if (!programIds.length) return [];
    const rows = await db
      .select({
        id: t.sprayings.id,
        programId: t.sprayings.programId,
        ordinal: t.sprayings.ordinal,
        plannedDate: t.sprayings.plannedDate,
        originalDate: t.sprayings.originalDate,
        appliedAt: t.sprayings.appliedAt,
        whiteMold: t.sprayings.whiteMold,
      })
      .from(t.sprayings)
      .where(
        and(
          eq(t.sprayings.accountId, session.accountId),
          inArray(t.sprayings.programId, [...programIds]),
        ),
      )
      .orderBy(asc(t.sprayings.programId), asc(t.sprayings.ordinal));
    const products = rows.length
      ? await db
          .select({
            sprayingId: t.sprayingProducts.sprayingId,
            pesticideId: t.sprayingProducts.pesticideId,
            name: t.pesticides.name,
            formulation: t.pesticides.formulation,
            dose: t.sprayingProducts.dose,
            price: t.sprayingProducts.price,
          })
          .from(t.sprayingProducts)
          .innerJoin(t.pesticides, eq(t.pesticides.id, t.sprayingProducts.pesticideId))
          .where(
            and(
              eq(t.sprayingProducts.accountId, session.accountId),
              inArray(
                t.sprayingProducts.sprayingId,
                rows.map((row) => row.id),
              ),
            ),
          )
          .orderBy(asc(t.sprayingProducts.id))
      : [];
    const productsOf = groupBy(products, (product) => product.sprayingId);
    return rows.map((row) => ({
      ...row,
      products: (productsOf.get(row.id) ?? []).map(({ formulation, ...product }) => ({
        ...product,
        unit: productUnitOf(formulation),
        price: Number(product.price),
      })),
    }));
  }

  /** Answers for programs: their sprayings, and the area their cost is multiplied by. */
  private async answer(
    session: Session,
    rows: readonly ProgramRow[],
    options: { curves?: boolean; basic?: boolean } = {},
  ): Promise<ProgramAnswer[]> {
    const sprayings = await this.sprayingsOf(
      this.deps.db,
      session,
      rows.map((row) => row.id),
    );
    // A planning program covers the farm's live sowings of its variety.
    const varietyIds = rows.flatMap((row) =>
      row.sowingId === null && row.farmVarietyId !== null ? [row.farmVarietyId] : [],
    );
    const varietyAreas = varietyIds.length
      ? await this.deps.db
          .select({
            farmVarietyId: t.sowings.farmVarietyId,
            area: sql<number>`sum(${t.sowings.area})`.mapWith(Number),
          })
          .from(t.sowings)
          .where(
            and(
              eq(t.sowings.accountId, session.accountId),
              inArray(t.sowings.farmVarietyId, varietyIds),
              isNull(t.sowings.deletedAt),
            ),
          )
          .groupBy(t.sowings.farmVarietyId)
      : [];
    const areaOf = new Map(varietyAreas.map((row) => [row.farmVarietyId, row.area]));
    const pauses = rows.length
      ? await this.deps.db
          .select({
            programId: t.programPauses.programId,
            reasonId: t.programPauses.reasonId,
            description: t.programPauses.description,
            pausedAt: t.programPauses.pausedAt,
          })
          .from(t.programPauses)
          .where(
            and(
              eq(t.programPauses.accountId, session.accountId),
              inArray(
                t.programPauses.programId,
                rows.map((row) => row.id),
              ),
              isNull(t.programPauses.resumedAt),
            ),
          )
      : [];
    const pauseOf = new Map(pauses.map((row) => [row.programId, row]));
    const catalogue = await this.catalogueOf(this.deps.db, rows, sprayings);
    const sprayingsOf = groupBy(sprayings, (spraying) => spraying.programId);
    return rows.map((row) => {
      const own = sprayingsOf.get(row.id) ?? [];
      const { products, provenance } = catalogue.get(row.countryId)!;
      return toProgram(row, {
        sprayings: own,
        evaluated: evaluate(row, own, products, provenance, options),
        basic: options.basic === true,
        area:
          row.sowingId !== null
            ? row.sowingArea
            : row.farmVarietyId !== null
              ? (areaOf.get(row.farmVarietyId) ?? null)
              : null,
        pause: pauseOf.get(row.id) ?? null,
      });
    });
  }

  /**
   * The catalogue entries of the programs' products as the engine reads them, per country: the
   * registration per disease, and the shipped efficacy of that country with its tag and source.
   */
  /**
   * The suggestion's candidates: the listed fungicides of the crop with a shipped efficacy in the
   * country against one of the diseases, at the account's last price and dose.
   */
  private async suggestionCatalogue(
    session: Session,
    countryId: number,
    cropId: number,
    diseaseIds: readonly number[],
  ): Promise<ProgramProduct[]> {
    const candidates = await this.deps.db
      .selectDistinct({ id: t.pesticideEfficacies.pesticideId })
      .from(t.pesticideEfficacies)
      .innerJoin(t.pesticides, eq(t.pesticides.id, t.pesticideEfficacies.pesticideId))
      .where(
        and(
          eq(t.pesticideEfficacies.countryId, countryId),
          inArray(t.pesticideEfficacies.diseaseId, [...diseaseIds]),
          eq(t.pesticides.listed, true),
          // The catalogue's products and the account's own, never another account's.
          or(isNull(t.pesticides.accountId), eq(t.pesticides.accountId, session.accountId)),
          sql`'fungicide' = any(${t.pesticides.categories})`,
          sql`${cropId} = any(${t.pesticides.cropIds})`,
        ),
      );
    const ids = candidates.map((row) => row.id);
    const catalogue = (await this.catalogueOfProducts(this.deps.db, [{ countryId }], ids)).get(
      countryId,
    )!;
    const lastValues = ids.length
      ? await this.deps.db
          .select({
            pesticideId: t.accountPesticideValues.pesticideId,
            price: t.accountPesticideValues.price,
            dose: t.accountPesticideValues.dose,
          })
          .from(t.accountPesticideValues)
          .where(
            and(
              eq(t.accountPesticideValues.accountId, session.accountId),
              inArray(t.accountPesticideValues.pesticideId, ids),
            ),
          )
      : [];
    const last = new Map(lastValues.map((row) => [row.pesticideId, row]));
    return catalogue.products.map((product) => {
      const own = last.get(product.id);
      return {
        ...product,
        ...(own?.price != null ? { price: Number(own.price) } : {}),
        ...(own?.dose != null ? { lastDose: own.dose } : {}),
      };
    });
  }

  private async catalogueOf(
    db: Executor,
    rows: readonly ProgramRow[],
    sprayings: readonly SprayingRow[],
  ): Promise<Map<number, { products: ProgramProduct[]; provenance: EfficacyProvenance }>> {
    return this.catalogueOfProducts(db, rows, [
      ...new Set(sprayings.flatMap((spraying) => spraying.products.map((p) => p.pesticideId))),
    ]);
  }

  private async catalogueOfProducts(
    db: Executor,
    rows: readonly Pick<ProgramRow, 'countryId'>[],
    productIds: readonly number[],
  ): Promise<Map<number, { products: ProgramProduct[]; provenance: EfficacyProvenance }>> {
    const countries = [...new Set(rows.map((row) => row.countryId))];
    const pesticides = productIds.length
      ? await db
          .select({ id: t.pesticides.id, name: t.pesticides.name, actives: t.pesticides.actives })
          .from(t.pesticides)
          .where(inArray(t.pesticides.id, [...productIds]))
      : [];
    const registrations = productIds.length
      ? await db
          .select({
            pesticideId: t.pesticideDoses.pesticideId,
            diseaseCode: t.diseases.code,
            registered: t.pesticideDoses.registered,
            labelDose: t.pesticideDoses.doseMin,
          })
          .from(t.pesticideDoses)
          .innerJoin(t.diseases, eq(t.diseases.id, t.pesticideDoses.diseaseId))
          .where(inArray(t.pesticideDoses.pesticideId, [...productIds]))
      : [];
    const efficacies = productIds.length
      ? await db
          .select({
            pesticideId: t.pesticideEfficacies.pesticideId,
            countryId: t.pesticideEfficacies.countryId,
            diseaseCode: t.diseases.code,
            efficacy: t.pesticideEfficacies.efficacy,
            tag: t.pesticideEfficacies.tag,
            sourceId: t.pesticideEfficacies.sourceId,
          })
          .from(t.pesticideEfficacies)
          .innerJoin(t.diseases, eq(t.diseases.id, t.pesticideEfficacies.diseaseId))
          .where(
            and(
              inArray(t.pesticideEfficacies.pesticideId, [...productIds]),
              inArray(t.pesticideEfficacies.countryId, countries),
            ),
          )
      : [];
    const catalogue = new Map<
      number,
      { products: ProgramProduct[]; provenance: EfficacyProvenance }
    >();
    const registrationsOf = groupBy(registrations, (row) => row.pesticideId);
    for (const countryId of countries) {
      const own = efficacies.filter((row) => row.countryId === countryId);
      const efficaciesOf = groupBy(own, (row) => row.pesticideId);
      const provenance: EfficacyProvenance = new Map();
      for (const row of own) {
        const byDisease = provenance.get(row.pesticideId) ?? new Map();
        byDisease.set(row.diseaseCode, {
          efficacy: row.efficacy,
          tag: row.tag as 'S' | 'D' | 'A',
          source: row.sourceId,
        });
        provenance.set(row.pesticideId, byDisease);
      }
      const products = pesticides.map((pesticide) =>
        programProduct({
          id: pesticide.id,
          name: pesticide.name,
          modesOfAction: (pesticide.actives as { mode_of_action: string | null }[]).map(
            (active) => active.mode_of_action,
          ),
          registrations: registrationsOf.get(pesticide.id) ?? [],
          efficacies: efficaciesOf.get(pesticide.id) ?? [],
        }),
      );
      catalogue.set(countryId, { products, provenance });
    }
    return catalogue;
  }
}

/** The engine's schedule of a program's sprayings, in position order. */
function toSchedule(sprayings: readonly SprayingRow[], pausedAt: string | null): Schedule {
  return {
    pausedAt,
    sprays: sprayings.map((spraying) => ({
      date: spraying.appliedAt ?? spraying.plannedDate,
      plannedDate: spraying.originalDate ?? spraying.plannedDate,
      appliedDate: spraying.appliedAt,
      products: spraying.products.map((product) => ({
        productId: product.pesticideId,
        dose: product.dose,
      })),
      ...(spraying.whiteMold ? { whiteMold: true } : {}),
    })),
  };
}
