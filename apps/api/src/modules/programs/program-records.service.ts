import {
  ERRORS,
  bodyFieldError,
  diseaseFieldProblems,
  diseasesProblem,
  keepsTarget,
  type ProgramBody,
} from '@lavoura/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import type { ProgramAnswersService } from './program-answers.service.ts';
import {
  programFacts,
  programOf,
  type ProgramsServiceDeps,
  targetOf,
} from './program-store.service.ts';
import type { ProgramAnswer } from './program.presenter.ts';
import { authorizeRecord } from '../../policies/records.policy.ts';
import { ofAccount } from '../../policies/tenancy.ts';

/**
 * A program's own record (spec 2 §3 Program): created for a farm variety or a sowing the session
 * sees, its name, diseases and settings changed, deleted while nothing of it was applied. Every
 * refusal writes nothing.
 */
export class ProgramRecordsService {
  private readonly now: () => Date;

  constructor(
    private readonly deps: ProgramsServiceDeps,
    private readonly answers: ProgramAnswersService,
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * A new program: its variety or sowing visible (404), its diseases of that crop (400), one main
   * and at most two secondary (400 exception.program.too_many_diseases).
   */
  async create(session: Session, body: ProgramBody): Promise<ProgramAnswer> {
    const id = await this.deps.db.transaction(async (tx) => {
      const target = await targetOf(tx, session, body);
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
    return this.answers.get(session, id);
  }

  /** Changes a program's name, diseases and settings; its variety or sowing stays its own (400). */
  async update(session: Session, id: number, body: ProgramBody): Promise<ProgramAnswer> {
    await this.deps.db.transaction(async (tx) => {
      const program = await programOf(tx, session, id, true);
      authorizeRecord(session, 'program', 'change', programFacts(program, this.now));
      if (!keepsTarget(program, body))
        throw new AppError(ERRORS.validation, 'A program keeps its variety or sowing', [
          bodyFieldError(body.semeadura_id ? 'semeadura_id' : 'cultivar_id', 'Invalid'),
        ]);
      await this.checkDiseases(tx, program.cropId, body);
      await tx
        .update(t.programs)
        .set({ ...this.columns(body), updatedAt: this.now() })
        .where(and(ofAccount(t.programs, session), eq(t.programs.id, id)));
    });
    return this.answers.get(session, id);
  }

  /** Soft delete, refused while a spray of the program was applied (409). */
  async remove(session: Session, id: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const program = await programOf(tx, session, id, true);
      authorizeRecord(session, 'program', 'delete', programFacts(program, this.now));
      const [applied] = await tx
        .select({ id: t.sprayings.id })
        .from(t.sprayings)
        .where(
          and(
            ofAccount(t.sprayings, session),
            eq(t.sprayings.programId, id),
            isNotNull(t.sprayings.appliedAt),
          ),
        )
        .limit(1);
      if (applied) throw new AppError(ERRORS.programHasSprays, 'The program has applied sprays');
      await tx
        .update(t.programs)
        .set({ deletedAt: this.now(), updatedAt: this.now() })
        .where(and(ofAccount(t.programs, session), eq(t.programs.id, id)));
    });
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
    const problems = diseaseFieldProblems(
      body.doenca_principal_id,
      secondary,
      new Set(found.map((row) => row.id)),
    ).map((field) => bodyFieldError(field, 'Not a disease of the crop'));
    if (problems.length) throw new AppError(ERRORS.validation, 'Invalid diseases', problems);
  }
}
