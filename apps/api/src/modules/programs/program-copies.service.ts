import { ERRORS, addDays, bodyFieldError, importShiftDays } from '@lavoura/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import type { ProgramAnswersService } from './program-answers.service.ts';
import type { ProgramRow } from './program-rows.ts';
import {
  programOf,
  sprayingsOf,
  targetOf,
  type ProgramTarget,
  type ProgramsServiceDeps,
} from './program-store.service.ts';
import type { ProgramAnswer } from './program.presenter.ts';
import { ofAccount, visibleFarms } from '../../policies/tenancy.ts';

/** Programs written from another: a plan brought into a sowing, a program copied to varieties. */
export class ProgramCopiesService {
  private readonly now: () => Date;

  constructor(
    private readonly deps: ProgramsServiceDeps,
    private readonly answers: ProgramAnswersService,
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Brings a plan into a sowing: a new execution program with the plan's diseases, settings and
   * applications, each moved by the days between the plan's expected emergence and the sowing's
   * (kept as planned without either). The sowing must be visible (404) and of the plan's crop.
   */
  async importInto(session: Session, planId: number, sowingId: number): Promise<ProgramAnswer> {
    const id = await this.deps.db.transaction(async (tx) => {
      const plan = await programOf(tx, session, planId);
      const target = await targetOf(tx, session, { semeadura_id: sowingId });
      if (target.cropId !== plan.cropId)
        throw new AppError(ERRORS.validation, 'A sowing of another crop', [
          bodyFieldError('semeadura_id', 'Another crop'),
        ]);
      const [sowing] = await tx
        .select({ emergence: t.sowings.emergenceDate })
        .from(t.sowings)
        .where(and(ofAccount(t.sowings, session), eq(t.sowings.id, sowingId)));
      const shift = importShiftDays(plan.expectedEmergence, sowing?.emergence);
      return this.copy(tx, session, plan, { ...target, importedFromId: plan.id }, shift);
    });
    return this.answers.get(session, id);
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
              ofAccount(t.farms, session),
              eq(t.farms.id, farmId),
              isNull(t.farms.deletedAt),
              visibleFarms(session),
            ),
          );
        if (!farm) throw new AppError(ERRORS.notFound, 'Farm not found');
      }
      const source = await programOf(tx, session, programId);
      const created: number[] = [];
      for (const farmVarietyId of [...new Set(farmVarietyIds)]) {
        const target = await targetOf(tx, session, { cultivar_id: farmVarietyId });
        if (target.cropId !== source.cropId || (farmId !== undefined && target.farmId !== farmId))
          throw new AppError(ERRORS.validation, 'A variety of another crop or farm', [
            bodyFieldError('cultivares', 'Another crop or farm'),
          ]);
        created.push(await this.copy(tx, session, source, { ...target, importedFromId: null }, 0));
      }
      return created;
    });
    const answers = [];
    for (const id of ids) answers.push(await this.answers.get(session, id));
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
    for (const spraying of await sprayingsOf(tx, session, [source.id])) {
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
}
