import {
  DISEASES,
  ERRORS,
  applySpray,
  bodyFieldError,
  changeTimeline,
  reapplyOutcome,
  resumeProgram,
  scheduleOfSprayings,
  sprayDateProblem,
  todayIn,
  unapplySpray,
  type CropId,
  type PauseBody,
  type ScheduleContext,
  type TimelineSettings,
} from '@lavoura/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import type { ProgramAnswersService } from './program-answers.service.ts';
import { catalogueOf } from './program-catalogue.service.ts';
import { engineDiseases, timelineOf } from './program-evaluation.ts';
import type { ProgramRow, SprayingRow } from './program-rows.ts';
import {
  executionOf,
  moveSprayings,
  openPause,
  programFacts,
  programOf,
  type ProgramsServiceDeps,
  selectPrograms,
  setApplied,
  sprayingsOf,
  touchProgram,
  visiblePrograms,
} from './program-store.service.ts';
import type { ProgramAnswer } from './program.presenter.ts';
import { authorizeRecord } from '../../policies/records.policy.ts';
import { ofAccount } from '../../policies/tenancy.ts';

/**
 * What moves a program's planned sprays (issue 13 items 7–8; AGRONOMY §8): a spraying applied or
 * undone, the program paused and resumed, its sowing's emergence or cycle changed.
 */
export class ProgramScheduleService {
  private readonly now: () => Date;

  constructor(
    private readonly deps: ProgramsServiceDeps,
    private readonly answers: ProgramAnswersService,
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Records a spraying as applied on `appliedAt` (default the farm's today): an execution's only
   * (409), of a sowing of the current season (409), not while paused (409); later planned sprays
   * move as AGRONOMY §8 says. Applying an applied spraying again follows `reapplyOutcome` (the
   * program row is locked, so two requests meet one after the other): its day changes nothing,
   * another day is 409 exception.spraying.already_applied.
   */
  async apply(
    session: Session,
    programId: number,
    ordinal: number,
    appliedAt: string | undefined,
  ): Promise<ProgramAnswer> {
    await this.deps.db.transaction(async (tx) => {
      const program = await executionOf(tx, session, programId, this.now);
      const { sprayings, index, pausedAt } = await this.scheduleOf(tx, session, program, ordinal);
      if (pausedAt !== null) throw new AppError(ERRORS.programPaused, 'The program is paused');
      const day = appliedAt ?? todayIn(program.timeZone, this.now());
      const again = reapplyOutcome(sprayings[index]!.appliedAt, day);
      if (again === 'unchanged') return;
      if (again) throw new AppError(ERRORS[again], 'Already applied on another day');
      const dated = sprayDateProblem(day, null, program.sowingDate);
      if (dated) throw new AppError(ERRORS[dated], 'Applied before the sowing');
      const context = await this.scheduleContext(tx, program, sprayings);
      const schedule = scheduleOfSprayings(sprayings, pausedAt);
      const result = context
        ? applySpray(schedule, index, day, context)
        : ({ ok: true, moves: [] } as const);
      if (!result.ok) throw new AppError(ERRORS.programPaused, result.error);
      await setApplied(tx, session, sprayings[index]!.id, day, this.now);
      await moveSprayings(tx, session, sprayings, result.moves, this.now);
      await touchProgram(tx, session, programId, this.now);
    });
    return this.answers.get(session, programId);
  }

  /** Undoes an applied spraying: its plan comes back (AGRONOMY §8 "Unapply"). */
  async unapply(session: Session, programId: number, ordinal: number): Promise<ProgramAnswer> {
    await this.deps.db.transaction(async (tx) => {
      const program = await executionOf(tx, session, programId, this.now);
      const { sprayings, index, pausedAt } = await this.scheduleOf(tx, session, program, ordinal);
      if (pausedAt !== null) throw new AppError(ERRORS.programPaused, 'The program is paused');
      const spraying = sprayings[index]!;
      if (spraying.appliedAt === null) return;
      const context = await this.scheduleContext(tx, program, sprayings);
      const result = context
        ? unapplySpray(scheduleOfSprayings(sprayings, pausedAt), index, context)
        : null;
      if (result && !result.ok) throw new AppError(ERRORS.programPaused, result.error);
      const back = result?.ok
        ? (result.schedule.sprays[index]!.date ?? spraying.plannedDate)
        : (spraying.originalDate ?? spraying.plannedDate);
      await tx
        .update(t.sprayings)
        .set({ appliedAt: null, plannedDate: back, updatedAt: this.now() })
        .where(and(ofAccount(t.sprayings, session), eq(t.sprayings.id, spraying.id)));
      // Its application record (issue 30 item 5) was of an application that is undone.
      await tx
        .delete(t.sprayingRecords)
        .where(
          and(ofAccount(t.sprayingRecords, session), eq(t.sprayingRecords.sprayingId, spraying.id)),
        );
      await moveSprayings(
        tx,
        session,
        sprayings,
        (result?.ok ? result.moves : []).filter((move) => move.index !== index),
        this.now,
      );
      await touchProgram(tx, session, programId, this.now);
    });
    return this.answers.get(session, programId);
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
    const [program] = await selectPrograms(tx)
      .where(and(visiblePrograms(session), eq(t.programs.sowingId, sowingId)))
      .for('update', { of: t.programs });
    if (!program || (await openPause(tx, session, program.id))) return;
    const sprayings = await sprayingsOf(tx, session, [program.id]);
    const context = await this.scheduleContext(tx, program, sprayings);
    if (!context) return;
    const result = changeTimeline(scheduleOfSprayings(sprayings, null), before, after, context);
    if (!result.ok || !result.moves.length) return;
    await moveSprayings(tx, session, sprayings, result.moves, this.now);
    await touchProgram(tx, session, program.id, this.now);
  }

  /** Pauses a program (drought, hail, lodging, frost, other): nothing moves while paused. */
  async pause(session: Session, programId: number, body: PauseBody): Promise<ProgramAnswer> {
    await this.deps.db.transaction(async (tx) => {
      const program = await programOf(tx, session, programId, true);
      authorizeRecord(session, 'spraying', 'change', programFacts(program, this.now));
      if (await openPause(tx, session, programId))
        throw new AppError(ERRORS.programPaused, 'Already paused');
      await tx.insert(t.programPauses).values({
        accountId: session.accountId,
        programId,
        reasonId: body.reason_id,
        description: body.description?.trim() || null,
        pausedAt: body.paused_at ?? todayIn(program.timeZone, this.now()),
      });
      await touchProgram(tx, session, programId, this.now);
    });
    return this.answers.get(session, programId);
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
      const program = await programOf(tx, session, programId, true);
      authorizeRecord(session, 'spraying', 'change', programFacts(program, this.now));
      const pause = await openPause(tx, session, programId);
      if (!pause) throw new AppError(ERRORS.programNotPaused, 'The program is not paused');
      const day = resumedAt ?? todayIn(program.timeZone, this.now());
      if (day < pause.pausedAt)
        throw new AppError(ERRORS.validation, 'Resumed before the pause', [
          bodyFieldError('resumed_at', 'Before the pause'),
        ]);
      const sprayings = await sprayingsOf(tx, session, [programId]);
      const result = resumeProgram(scheduleOfSprayings(sprayings, pause.pausedAt), day);
      if (!result.ok) throw new AppError(ERRORS.programNotPaused, result.error);
      await tx
        .update(t.programPauses)
        .set({ resumedAt: day })
        .where(and(ofAccount(t.programPauses, session), eq(t.programPauses.id, pause.id)));
      await moveSprayings(tx, session, sprayings, result.moves, this.now);
      await touchProgram(tx, session, programId, this.now);
    });
    return this.answers.get(session, programId);
  }

  /** The program's sprayings, the one at `ordinal` (404 if none) and its open pause. */
  private async scheduleOf(tx: Executor, session: Session, program: ProgramRow, ordinal: number) {
    const sprayings = await sprayingsOf(tx, session, [program.id]);
    const index = sprayings.findIndex((spraying) => spraying.ordinal === ordinal);
    if (index < 0) throw new AppError(ERRORS.notFound, 'Spraying not found');
    const pause = await openPause(tx, session, program.id);
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
    const catalogue = await catalogueOf(tx, [program], sprayings);
    return {
      cropId: program.cropId as CropId,
      emergence: timeline.emergence,
      cycleDays: timeline.cycleDays,
      diseases: engineDiseases(program),
      products: catalogue.get(program.countryId)!.products,
    };
  }
}
