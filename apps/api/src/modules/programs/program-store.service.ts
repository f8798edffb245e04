import {
  ERRORS,
  productUnitOf,
  seasonStatus,
  todayIn,
  type CropId,
  type ProgramBody,
  type SprayMove,
  type RecordAction,
  type RecordFacts,
} from '@lavoura/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DataVersions } from '../farms/data-versions.service.ts';
import type { Database, Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { groupBy } from '../../lib/group-by.ts';
import type { Session } from '../auth/session.types.ts';
import type { ProgramRow, SprayingRow } from './program-rows.ts';
import { authorizeRecord } from '../../policies/records.policy.ts';
import { ofAccount, visibleFarms } from '../../policies/tenancy.ts';

/**
 * The reads and small writes every programs service shares (issue 29 item 3): a program is found
 * from the session's account and the farms it sees, so another account's program, or one of a farm
 * the member is not assigned to, is not found (404).
 */

export interface ProgramsServiceDeps {
  db: Database;
  now?: () => Date;
  /** The process's kept data versions; without them every list reads its version. */
  dataVersions?: DataVersions;
}

/** What a program is for: a farm's variety (planning) or a sowing (execution), in a season-crop. */
export interface ProgramTarget {
  farmId: number;
  farmVarietyId: number | null;
  sowingId: number | null;
  seasonCropId: number;
  cropId: number;
  countryId: number;
}

/** Live programs of the account, of farms the session sees. */
export function visiblePrograms(session: Session) {
  return and(
    ofAccount(t.programs, session),
    isNull(t.programs.deletedAt),
    isNull(t.farms.deletedAt),
    visibleFarms(session, t.programs.farmId),
  );
}

/** Programs as the services read them (ProgramRow), with their farm, season, sowing and variety. */
export function selectPrograms(db: Executor) {
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

/** The program's row if live and of a farm the session sees, or 404; `lock` holds it. */
export async function programOf(
  db: Executor,
  session: Session,
  id: number,
  lock = false,
): Promise<ProgramRow> {
  const query = selectPrograms(db).where(and(visiblePrograms(session), eq(t.programs.id, id)));
  const [row] = lock ? await query.for('update', { of: t.programs }) : await query;
  if (!row) throw new AppError(ERRORS.notFound, 'Program not found');
  return row;
}

/** What the program and spraying policies read: the farm, and whether the season is current. */
export function programFacts(program: ProgramRow, now: () => Date): RecordFacts {
  const today = todayIn(program.timeZone, now());
  return {
    farmId: program.farmId,
    currentSeason:
      seasonStatus(program.countryId, program.cropId as CropId, program.seasonStart, today) ===
      'current',
  };
}

/**
 * An execution (a sowing's program), locked, whose sprayings the session may create, change or
 * delete (the spraying policy: a season that is not the current one is read-only, 409).
 */
export async function executionOf(
  tx: Executor,
  session: Session,
  programId: number,
  now: () => Date,
  action: Exclude<RecordAction, 'read'> = 'change',
): Promise<ProgramRow> {
  const program = await programOf(tx, session, programId, true);
  if (program.sowingId === null)
    throw new AppError(ERRORS.programNotExecution, 'A plan records no applied sprays');
  authorizeRecord(session, 'spraying', action, programFacts(program, now));
  return program;
}

/** [id, program, position, planned, first planned, applied, white mold] of a spraying. */
type SprayingTuple = [number, number, number, string, string | null, string | null, boolean];
/** [spraying, product, name, formulation, dose, price] of a spraying's product. */
type ProductTuple = [number, number, string, string | null, number, number];

/**
 * The sprayings of programs with their products, by position. Both come back as one JSON array
 * each: the embedded database pays for every row it returns, and a farm's 2,500 programs are
 * 7,500 sprayings of 15,000 products.
 */
export async function sprayingsOf(
  db: Executor,
  session: Session,
  programIds: readonly number[],
): Promise<SprayingRow[]> {
  if (!programIds.length) return [];
  const ofPrograms = and(
    ofAccount(t.sprayings, session),
    inArray(t.sprayings.programId, [...programIds]),
  );
  const [[sprayings], [products]] = await Promise.all([
    db
      .select({
        rows: sql<SprayingTuple[]>`coalesce(json_agg(json_build_array(${t.sprayings.id},
          ${t.sprayings.programId}, ${t.sprayings.ordinal}, ${t.sprayings.plannedDate},
          ${t.sprayings.originalDate}, ${t.sprayings.appliedAt}, ${t.sprayings.whiteMold})
          order by ${t.sprayings.programId}, ${t.sprayings.ordinal}), '[]'::json)`,
      })
      .from(t.sprayings)
      .where(ofPrograms),
    db
      .select({
        rows: sql<ProductTuple[]>`coalesce(json_agg(json_build_array(
          ${t.sprayingProducts.sprayingId}, ${t.sprayingProducts.pesticideId}, ${t.pesticides.name},
          ${t.pesticides.formulation}, ${t.sprayingProducts.dose}, ${t.sprayingProducts.price})
          order by ${t.sprayingProducts.id}), '[]'::json)`,
      })
      .from(t.sprayingProducts)
      .innerJoin(
        t.sprayings,
        and(
          eq(t.sprayings.accountId, t.sprayingProducts.accountId),
          eq(t.sprayings.id, t.sprayingProducts.sprayingId),
        ),
      )
      .innerJoin(t.pesticides, eq(t.pesticides.id, t.sprayingProducts.pesticideId))
      .where(and(ofAccount(t.sprayingProducts, session), ofPrograms)),
  ]);
  const productsOf = groupBy(products!.rows, (product) => product[0]);
  return sprayings!.rows.map(
    ([id, programId, ordinal, plannedDate, originalDate, appliedAt, whiteMold]) => ({
      id,
      programId,
      ordinal,
      plannedDate,
      originalDate,
      appliedAt,
      whiteMold,
      products: (productsOf.get(id) ?? []).map(
        ([, pesticideId, name, formulation, dose, price]) => ({
          pesticideId,
          name,
          unit: productUnitOf(formulation),
          dose,
          price: Number(price),
        }),
      ),
    }),
  );
}

/** The program's open pause, if any. */
export async function openPause(tx: Executor, session: Session, programId: number) {
  const [pause] = await tx
    .select({ id: t.programPauses.id, pausedAt: t.programPauses.pausedAt })
    .from(t.programPauses)
    .where(
      and(
        ofAccount(t.programPauses, session),
        eq(t.programPauses.programId, programId),
        isNull(t.programPauses.resumedAt),
      ),
    );
  return pause ?? null;
}

/** The farm variety (planning) or the sowing (execution) of a new program, visible, or 404. */
export async function targetOf(
  tx: Executor,
  session: Session,
  body: Pick<ProgramBody, 'cultivar_id' | 'semeadura_id'>,
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
          ofAccount(t.farmVarieties, session),
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
        ofAccount(t.sowings, session),
        eq(t.sowings.id, body.semeadura_id!),
        isNull(t.sowings.deletedAt),
        isNull(t.farms.deletedAt),
        visibleFarms(session),
      ),
    );
  if (!sowing) throw new AppError(ERRORS.notFound, 'Sowing not found');
  return { ...sowing, sowingId: body.semeadura_id! };
}

/** Marks a program changed (its `updatedAt`). */
export async function touchProgram(
  tx: Executor,
  session: Session,
  programId: number,
  now: () => Date,
): Promise<void> {
  await tx
    .update(t.programs)
    .set({ updatedAt: now() })
    .where(and(ofAccount(t.programs, session), eq(t.programs.id, programId)));
}

/** Records a spraying as sprayed on `day`. */
export async function setApplied(
  tx: Executor,
  session: Session,
  sprayingId: number,
  day: string,
  now: () => Date,
): Promise<void> {
  await tx
    .update(t.sprayings)
    .set({ appliedAt: day, updatedAt: now() })
    .where(and(ofAccount(t.sprayings, session), eq(t.sprayings.id, sprayingId)));
}

/** Writes the planned dates the engine moved. */
export async function moveSprayings(
  tx: Executor,
  session: Session,
  sprayings: readonly SprayingRow[],
  moves: readonly SprayMove[],
  now: () => Date,
): Promise<void> {
  for (const moved of moves)
    await tx
      .update(t.sprayings)
      .set({ plannedDate: moved.to, updatedAt: now() })
      .where(and(ofAccount(t.sprayings, session), eq(t.sprayings.id, sprayings[moved.index]!.id)));
}
