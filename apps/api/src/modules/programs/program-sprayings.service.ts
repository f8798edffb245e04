import {
  ERRORS,
  bodyFieldError,
  duplicatedProductProblem,
  maxSprays,
  sprayCountProblem,
  sprayDateProblem,
  type ApplicationBody,
  type ExecutionBody,
} from '@lavoura/domain';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import type { ProgramAnswersService } from './program-answers.service.ts';
import type { ProgramRow, SprayingRow } from './program-rows.ts';
import {
  executionOf,
  openPause,
  programFacts,
  programOf,
  type ProgramsServiceDeps,
  setApplied,
  sprayingsOf,
  touchProgram,
} from './program-store.service.ts';
import type { ProgramAnswer } from './program.presenter.ts';
import { authorizeRecord } from '../../policies/records.policy.ts';
import { ofAccount } from '../../policies/tenancy.ts';

/**
 * A program's sprayings (issue 13 items 6–7): a plan's applications added, changed and removed,
 * and a sowing's sprayings recorded, corrected and removed (the executions), each with the rules
 * of a new application. Every refusal writes nothing.
 */
export class ProgramSprayingsService {
  private readonly now: () => Date;

  constructor(
    private readonly deps: ProgramsServiceDeps,
    private readonly answers: ProgramAnswersService,
  ) {
    this.now = deps.now ?? (() => new Date());
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
      const program = await programOf(tx, session, programId, true);
      authorizeRecord(session, 'program', 'create', programFacts(program, this.now));
      await this.appendApplication(tx, session, program, body);
      await touchProgram(tx, session, programId, this.now);
    });
    return this.answers.get(session, programId);
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
      const program = await executionOf(tx, session, programId, this.now, 'create');
      const { data_realizada: appliedAt, ...application } = body;
      if (appliedAt !== undefined) await this.checkAppliedDay(tx, session, program, appliedAt);
      const id = await this.appendApplication(tx, session, program, application);
      if (appliedAt !== undefined) await setApplied(tx, session, id, appliedAt, this.now);
      await touchProgram(tx, session, programId, this.now);
    });
    return this.answers.get(session, programId);
  }

  /** Changes an application's day and products, with the rules of a new one. */
  async updateApplication(
    session: Session,
    programId: number,
    sprayingId: number,
    body: ApplicationBody,
  ): Promise<ProgramAnswer> {
    await this.deps.db.transaction(async (tx) => {
      const program = await programOf(tx, session, programId, true);
      authorizeRecord(session, 'program', 'change', programFacts(program, this.now));
      await this.rewriteApplication(tx, session, program, sprayingId, body);
      await touchProgram(tx, session, programId, this.now);
    });
    return this.answers.get(session, programId);
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
      const program = await executionOf(tx, session, programId, this.now);
      const { data_realizada: appliedAt, ...application } = body;
      const spraying = await this.rewriteApplication(tx, session, program, sprayingId, application);
      if (appliedAt !== undefined) {
        if (spraying.appliedAt === null)
          throw new AppError(ERRORS.validation, 'A pending spraying is applied with its own call', [
            bodyFieldError('data_realizada', 'Not applied yet'),
          ]);
        await this.checkAppliedDay(tx, session, program, appliedAt);
        await setApplied(tx, session, sprayingId, appliedAt, this.now);
      }
      await touchProgram(tx, session, programId, this.now);
    });
    return this.answers.get(session, programId);
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
      const program = await executionOf(tx, session, programId, this.now, 'delete');
      const sprayings = await sprayingsOf(tx, session, [program.id]);
      if (!sprayings.some((row) => row.id === sprayingId))
        throw new AppError(ERRORS.notFound, 'Spraying not found');
      if (sprayings.at(-1)!.id !== sprayingId)
        throw new AppError(ERRORS.sprayOnlyLastRemovable, 'Only the last spraying is removed');
      await tx
        .delete(t.sprayings)
        .where(and(ofAccount(t.sprayings, session), eq(t.sprayings.id, sprayingId)));
      await touchProgram(tx, session, programId, this.now);
    });
    return this.answers.get(session, programId);
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
      const program = await programOf(tx, session, programId, true);
      authorizeRecord(session, 'program', 'delete', programFacts(program, this.now));
      const sprayings = await sprayingsOf(tx, session, [programId]);
      const spraying = sprayings.find((row) => row.id === sprayingId);
      if (!spraying) throw new AppError(ERRORS.notFound, 'Spraying not found');
      if (spraying.appliedAt !== null)
        throw new AppError(ERRORS.sprayOnlyLastRemovable, 'An applied spray is undone first');
      await tx
        .delete(t.sprayings)
        .where(and(ofAccount(t.sprayings, session), eq(t.sprayings.id, sprayingId)));
      for (const later of sprayings.filter((row) => row.ordinal > spraying.ordinal))
        await tx
          .update(t.sprayings)
          .set({ ordinal: later.ordinal - 1 })
          .where(and(ofAccount(t.sprayings, session), eq(t.sprayings.id, later.id)));
      await touchProgram(tx, session, programId, this.now);
    });
    return this.answers.get(session, programId);
  }

  /** Appends an application to a locked program with the rules of a new one; answers its id. */
  private async appendApplication(
    tx: Executor,
    session: Session,
    program: ProgramRow,
    body: ApplicationBody,
  ): Promise<number> {
    const sprayings = await sprayingsOf(tx, session, [program.id]);
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

  /** Rewrites one application of a locked program (404 if not its); answers the row as it was. */
  private async rewriteApplication(
    tx: Executor,
    session: Session,
    program: ProgramRow,
    sprayingId: number,
    body: ApplicationBody,
  ): Promise<SprayingRow> {
    const sprayings = await sprayingsOf(tx, session, [program.id]);
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
      .where(and(ofAccount(t.sprayings, session), eq(t.sprayings.id, sprayingId)));
    await tx
      .delete(t.sprayingProducts)
      .where(
        and(ofAccount(t.sprayingProducts, session), eq(t.sprayingProducts.sprayingId, sprayingId)),
      );
    await this.writeProducts(tx, session, sprayingId, body);
    return spraying;
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
          or(isNull(t.pesticides.accountId), ofAccount(t.pesticides, session)),
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
    if (await openPause(tx, session, program.id))
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
}
