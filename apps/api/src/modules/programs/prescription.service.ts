import {
  DEFAULT_ENGINE_PARAMETERS,
  ERRORS,
  PLAN_CHECK_CODES,
  type PrescriptionFormat,
  type PrescriptionQuery,
  type ResponsibleProfessional,
  type ResponsibleProfessionalBody,
} from '@lavoura/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import {
  composePrescription,
  prescriptionPdf,
  prescriptionXlsx,
  type PrescriptionData,
} from './prescription-document.ts';
import type { ProgramAnswersService } from './program-answers.service.ts';
import { ofAccount } from '../../policies/tenancy.ts';
import { languageOfSession } from '../users/user-language.service.ts';

export interface PrescriptionServiceDeps {
  db: Database;
  programs: ProgramAnswersService;
  now?: () => Date;
}

const CONTENT_TYPES: Record<PrescriptionFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface PrescriptionFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * The spray prescription of one spraying of a program (issue 13 item 9; docs/prescription.md): the
 * program is read through `ProgramAnswersService.get`, so another account's program, or one of a farm the
 * member does not see, is not found (404); the rest is read with the session's account first.
 */
export class PrescriptionService {
  constructor(private readonly deps: PrescriptionServiceDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * The file of spraying `ordinal`, or of the next one to apply (the first without an applied
   * date; the last when every one is applied). 409 without sprayings, 404 for a position the
   * program does not have.
   */
  async file(
    session: Session,
    programId: number,
    options: PrescriptionQuery,
  ): Promise<PrescriptionFile> {
    const program = await this.deps.programs.get(session, programId);
    const sprayings = program.planejamentos;
    if (!sprayings.length)
      throw new AppError(ERRORS.prescriptionNoSprayings, 'The program has no sprayings');
    const spraying =
      options.spraying === undefined
        ? (sprayings.find((row) => row.data_realizada === null) ?? sprayings.at(-1)!)
        : sprayings.find((row) => row.aplicacao === options.spraying);
    if (!spraying)
      throw new AppError(ERRORS.notFound, 'The program has no spraying at this position');

    const db = this.deps.db;
    const { accountId } = session;
    const language = options.language ?? (await languageOfSession(this.deps.db, session));
    const [farm] = await db
      .select({
        name: t.farms.name,
        timeZone: t.farms.timeZone,
        city: t.cities.name,
        state: t.states.code,
      })
      .from(t.farms)
      .innerJoin(t.cities, eq(t.cities.id, t.farms.cityId))
      .innerJoin(t.states, eq(t.states.id, t.farms.stateId))
      .where(and(ofAccount(t.farms, accountId), eq(t.farms.id, program.fazenda_id)));
    if (!farm) throw new AppError(ERRORS.notFound, 'Farm not found');

    const sowing =
      program.semeadura_id === null
        ? undefined
        : (
            await db
              .select({
                plot: t.plots.name,
                sowingDate: t.sowings.sowingDate,
                emergence: t.sowings.emergenceDate,
                farmVarietyId: t.sowings.farmVarietyId,
              })
              .from(t.sowings)
              .innerJoin(
                t.plots,
                and(eq(t.plots.accountId, t.sowings.accountId), eq(t.plots.id, t.sowings.plotId)),
              )
              .where(and(ofAccount(t.sowings, accountId), eq(t.sowings.id, program.semeadura_id)))
          )[0];
    const farmVarietyId = sowing ? sowing.farmVarietyId : program.cultivar_id;
    const [variety] =
      farmVarietyId === null
        ? []
        : await db
            .select({ name: t.varieties.name })
            .from(t.farmVarieties)
            .innerJoin(t.varieties, eq(t.varieties.id, t.farmVarieties.varietyId))
            .where(
              and(ofAccount(t.farmVarieties, accountId), eq(t.farmVarieties.id, farmVarietyId)),
            );
    // A plan covers the plots its variety is sown on (the area its cost is counted over).
    const plots = sowing
      ? [sowing.plot]
      : program.cultivar_id === null
        ? []
        : (
            await db
              .selectDistinct({ name: t.plots.name })
              .from(t.sowings)
              .innerJoin(
                t.plots,
                and(eq(t.plots.accountId, t.sowings.accountId), eq(t.plots.id, t.sowings.plotId)),
              )
              .where(
                and(
                  ofAccount(t.sowings, accountId),
                  eq(t.sowings.farmVarietyId, program.cultivar_id),
                  isNull(t.sowings.deletedAt),
                  isNull(t.plots.deletedAt),
                ),
              )
              .orderBy(asc(t.plots.name))
          ).map((row) => row.name);

    const productIds = spraying.produtos.map((product) => product.defensivo_id);
    const formulations = new Map(
      (productIds.length
        ? await db
            .select({ id: t.pesticides.id, formulation: t.pesticides.formulation })
            .from(t.pesticides)
            .where(inArray(t.pesticides.id, productIds))
        : []
      ).map((row) => [row.id, row.formulation]),
    );
    const stages = await this.deps.programs.growthStages(session, programId);
    // The stage the timeline expects on the planned date: the last one begun by then.
    const stage = stages
      .filter((row) => row.start_date <= spraying.data_aplicacao_planejada)
      .at(-1);

    const data: PrescriptionData = {
      language,
      farm: {
        name: farm.name,
        place: `${farm.city} – ${farm.state}`,
        timeZone: farm.timeZone,
      },
      plots,
      area: program.area,
      cropId: program.crop_id,
      variety: variety?.name ?? null,
      planning: program.semeadura_id === null,
      sowingDate: sowing?.sowingDate ?? null,
      emergence: program.data_prevista,
      mainDiseaseId: program.doenca_principal_id,
      programName: program.nome,
      sprayingCount: sprayings.length,
      spraying: {
        ordinal: spraying.aplicacao,
        plannedDate: spraying.data_aplicacao_planejada,
        appliedAt: spraying.data_realizada,
        whiteMold: spraying.mofo_branco,
        stageKey: stage?.message_key ?? null,
      },
      products: spraying.produtos.map((product) => ({
        name: product.nome,
        formulation: formulations.get(product.defensivo_id) ?? null,
        dose: product.dose,
      })),
      toleranceDays: DEFAULT_ENGINE_PARAMETERS['apply.tolerance_days'].value,
      // The plan checks of this spraying, and a harvest recorded inside its safety interval.
      warnings: [
        ...(spraying.avaliacao?.avisos ?? []),
        ...(program.avaliacao?.avisos ?? []).filter(
          (warning) => warning.aplicacao === spraying.aplicacao,
        ),
      ].filter((warning) => (PLAN_CHECK_CODES as readonly string[]).includes(warning.code)),
      professional: await this.responsibleProfessional(session),
      generatedAt: this.now(),
    };
    const sheet = composePrescription(data);
    const bytes =
      options.format === 'pdf' ? await prescriptionPdf(sheet) : await prescriptionXlsx(sheet);
    return {
      fileName: `${sheet.fileName}.${options.format}`,
      contentType: CONTENT_TYPES[options.format],
      bytes,
    };
  }

  /** GET /responsible-professional: the account's, or nulls when it entered none. */
  async responsibleProfessional(session: Session): Promise<ResponsibleProfessional> {
    const [row] = await this.deps.db
      .select({
        name: t.responsibleProfessionals.name,
        registration: t.responsibleProfessionals.registration,
      })
      .from(t.responsibleProfessionals)
      .where(ofAccount(t.responsibleProfessionals, session.accountId));
    return row ?? { name: null, registration: null };
  }

  /** PUT /responsible-professional: both fields as sent; blank is none. */
  async setResponsibleProfessional(
    session: Session,
    body: ResponsibleProfessionalBody,
  ): Promise<ResponsibleProfessional> {
    const values = {
      name: body.name || null,
      registration: body.registration || null,
      updatedBy: session.userId,
      updatedAt: new Date(),
    };
    await this.deps.db
      .insert(t.responsibleProfessionals)
      .values({ accountId: session.accountId, ...values })
      .onConflictDoUpdate({ target: t.responsibleProfessionals.accountId, set: values });
    return { name: values.name, registration: values.registration };
  }
}
