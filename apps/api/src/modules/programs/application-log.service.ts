import { ERRORS, productUnitOf, type ApplicationLogQuery, type Language } from '@lavoura/domain';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { ofAccount, visibleFarms } from '../../policies/tenancy.ts';
import type { Session } from '../auth/session.types.ts';
import {
  applicationLogCsv,
  applicationLogPdf,
  applicationLogFileName,
  applicationLogXlsx,
  type ApplicationLog,
} from './application-log-document.ts';
import { languageOfSession } from '../users/user-language.service.ts';

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/**
 * A farm's application log for a season-crop (issue 30 item 6): every applied spraying of its
 * sowings' programs, per plot, with the products (dose, unit, area treated, batch) and what the
 * application record holds. A farm the session does not see is not found (404).
 */
export class ApplicationLogService {
  constructor(private readonly deps: { db: Database; now?: () => Date }) {}

  async file(session: Session, farmId: number, query: ApplicationLogQuery) {
    const log = await this.log(session, farmId, query.season_crop_id, query.language);
    const bytes =
      query.format === 'pdf'
        ? await applicationLogPdf(log)
        : query.format === 'xlsx'
          ? await applicationLogXlsx(log)
          : Buffer.from(applicationLogCsv(log), 'utf8');
    return {
      bytes,
      contentType: CONTENT_TYPES[query.format],
      fileName: `${log.fileName}.${query.format}`,
    };
  }

  private async log(
    session: Session,
    farmId: number,
    seasonCropId: number,
    asked: Language | undefined,
  ): Promise<ApplicationLog> {
    const db = this.deps.db;
    const [farm] = await db
      .select({ id: t.farms.id, name: t.farms.name })
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
    const [season] = await db
      .select({ name: t.seasons.name, cropId: t.seasonCrops.cropId })
      .from(t.seasonCrops)
      .innerJoin(t.seasons, eq(t.seasons.id, t.seasonCrops.seasonId))
      .where(eq(t.seasonCrops.id, seasonCropId));
    if (!season) throw new AppError(ERRORS.notFound, 'Season-crop not found');
    const language = asked ?? (await languageOfSession(this.deps.db, session));
    const sprayings = await db
      .select({
        id: t.sprayings.id,
        ordinal: t.sprayings.ordinal,
        appliedAt: t.sprayings.appliedAt,
        plot: t.plots.name,
        area: t.sowings.area,
        record: t.sprayingRecords,
      })
      .from(t.sprayings)
      .innerJoin(
        t.programs,
        and(
          eq(t.programs.accountId, t.sprayings.accountId),
          eq(t.programs.id, t.sprayings.programId),
        ),
      )
      .innerJoin(
        t.sowings,
        and(eq(t.sowings.accountId, t.programs.accountId), eq(t.sowings.id, t.programs.sowingId)),
      )
      .innerJoin(
        t.plots,
        and(eq(t.plots.accountId, t.sowings.accountId), eq(t.plots.id, t.sowings.plotId)),
      )
      .leftJoin(
        t.sprayingRecords,
        and(
          eq(t.sprayingRecords.accountId, t.sprayings.accountId),
          eq(t.sprayingRecords.sprayingId, t.sprayings.id),
        ),
      )
      .where(
        and(
          ofAccount(t.sprayings, session),
          isNotNull(t.sprayings.appliedAt),
          isNull(t.programs.deletedAt),
          isNull(t.sowings.deletedAt),
          eq(t.sowings.farmId, farm.id),
          eq(t.sowings.seasonCropId, seasonCropId),
        ),
      )
      .orderBy(asc(t.sprayings.appliedAt), asc(t.plots.name), asc(t.sprayings.ordinal));
    const products = sprayings.length
      ? await db
          .select({
            sprayingId: t.sprayingProducts.sprayingId,
            pesticideId: t.sprayingProducts.pesticideId,
            name: t.pesticides.name,
            formulation: t.pesticides.formulation,
            dose: t.sprayingProducts.dose,
          })
          .from(t.sprayingProducts)
          .innerJoin(t.pesticides, eq(t.pesticides.id, t.sprayingProducts.pesticideId))
          .where(
            and(
              ofAccount(t.sprayingProducts, session),
              inArray(
                t.sprayingProducts.sprayingId,
                sprayings.map((row) => row.id),
              ),
            ),
          )
          .orderBy(asc(t.sprayingProducts.id))
      : [];
    return {
      language,
      farm: farm.name,
      season: season.name,
      cropId: season.cropId,
      generatedAt: (this.deps.now?.() ?? new Date()).toISOString(),
      fileName: applicationLogFileName(language, farm.name, season.name),
      entries: sprayings.map((row) => {
        const batches = new Map(
          (row.record?.batches ?? []).map((batch) => [batch.pesticide_id, batch.batch]),
        );
        return {
          plot: row.plot,
          ordinal: row.ordinal,
          appliedAt: row.appliedAt!,
          areaHa: Number(row.area),
          operator: row.record?.operator ?? null,
          equipment: row.record?.equipment ?? null,
          sprayVolumeLHa: row.record?.sprayVolumeLHa ?? null,
          nozzle: row.record?.nozzle ?? null,
          startTime: row.record?.startTime ?? null,
          endTime: row.record?.endTime ?? null,
          weather: row.record?.weather ?? null,
          products: products
            .filter((product) => product.sprayingId === row.id)
            .map((product) => ({
              name: product.name,
              dosePerHa: product.dose,
              unit: productUnitOf(product.formulation),
              batch: batches.get(product.pesticideId) ?? null,
            })),
        };
      }),
    };
  }
}
