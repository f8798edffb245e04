import { ERRORS, type ApplicationRecord, type ApplicationRecordBody } from '@lavoura/domain';
import { and, eq } from 'drizzle-orm';
import type { Session } from '../auth/session.types.ts';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { ofAccount } from '../../policies/tenancy.ts';
import type { WeatherService } from '../weather/weather.service.ts';
import {
  executionOf,
  programOf,
  sprayingsOf,
  type ProgramsServiceDeps,
} from './program-store.service.ts';
import type { SprayingRow } from './program-rows.ts';

export interface ApplicationRecordsServiceDeps extends ProgramsServiceDeps {
  weather: WeatherService;
}

type RecordRow = typeof t.sprayingRecords.$inferSelect;

/**
 * The application record of an applied spraying (issue 30 item 5): read by whoever sees the
 * program, written by whoever may change its sprayings (the spraying policy: the current season
 * only). A spraying not applied has none (409 exception.spraying.not_applied); undoing the
 * application deletes it (program-schedule.service.ts).
 */
export class ApplicationRecordsService {
  constructor(private readonly deps: ApplicationRecordsServiceDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async get(session: Session, programId: number, ordinal: number): Promise<ApplicationRecord> {
    const program = await programOf(this.deps.db, session, programId);
    const spraying = await appliedSpraying(this.deps.db, session, program.id, ordinal);
    return answerOf(spraying, await recordOf(this.deps.db, session, spraying.id));
  }

  /**
   * Keeps what the body gives (a key left out keeps its value, null clears it). Without typed
   * weather, a start time reads the provider's values of that hour, when the forecast reaches it.
   */
  async save(
    session: Session,
    programId: number,
    ordinal: number,
    body: ApplicationRecordBody,
  ): Promise<ApplicationRecord> {
    // The provider is read before the transaction: the embedded database has one connection.
    const program = await programOf(this.deps.db, session, programId);
    const seen = await appliedSpraying(this.deps.db, session, program.id, ordinal);
    const stored = await recordOf(this.deps.db, session, seen.id);
    const start = body.start_time === undefined ? (stored?.startTime ?? null) : body.start_time;
    const typedWeather = body.weather === undefined ? (stored?.weather ?? null) : body.weather;
    const read =
      !typedWeather && start ? await this.forecastAt(session, program.farmId, seen, start) : null;
    const spraying = await this.deps.db.transaction(async (tx) => {
      const execution = await executionOf(tx, session, programId, () => this.now());
      const applied = await appliedSpraying(tx, session, execution.id, ordinal);
      const known = new Set(applied.products.map((product) => product.pesticideId));
      if (body.batches?.some((batch) => !known.has(batch.pesticide_id)))
        throw new AppError(ERRORS.validation, 'A batch for a product the spraying does not have', {
          field: 'batches',
        });
      const before = await recordOf(tx, session, applied.id, true);
      const pick = <K extends keyof ApplicationRecordBody>(key: K, old: unknown) =>
        body[key] === undefined ? old : body[key];
      const startTime = pick('start_time', before?.startTime ?? null) as string | null;
      const weather =
        ((body.weather === undefined ? before?.weather : body.weather) ?? null) ||
        (startTime === start && applied.appliedAt === seen.appliedAt ? read : null);
      const values = {
        operator: pick('operator', before?.operator ?? null) as string | null,
        equipment: pick('equipment', before?.equipment ?? null) as string | null,
        sprayVolumeLHa: pick('spray_volume_l_ha', before?.sprayVolumeLHa ?? null) as number | null,
        nozzle: pick('nozzle', before?.nozzle ?? null) as string | null,
        startTime,
        endTime: pick('end_time', before?.endTime ?? null) as string | null,
        weather,
        batches: body.batches ?? before?.batches ?? [],
        updatedBy: session.userId,
        updatedAt: this.now(),
      };
      if (values.startTime && values.endTime && values.endTime < values.startTime)
        throw new AppError(ERRORS.validation, 'Ends before it starts', { field: 'end_time' });
      await tx
        .insert(t.sprayingRecords)
        .values({ accountId: session.accountId, sprayingId: applied.id, ...values })
        .onConflictDoUpdate({
          target: [t.sprayingRecords.accountId, t.sprayingRecords.sprayingId],
          set: values,
        });
      return applied;
    });
    return answerOf(spraying, await recordOf(this.deps.db, session, spraying.id));
  }

  /** The provider's wind, temperature and humidity of the hour it started; null without them. */
  private async forecastAt(
    session: Session,
    farmId: number,
    spraying: SprayingRow,
    startTime: string,
  ): Promise<RecordRow['weather']> {
    try {
      const farm = await this.deps.weather.farm(session, farmId);
      const hour = await this.deps.weather.hourOf(farm, spraying.appliedAt!, startTime);
      if (!hour) return null;
      return {
        wind_kmh: hour.windSpeedKmh,
        temperature_c: hour.temperatureC,
        humidity_pct: hour.relativeHumidityPct,
        source: 'forecast',
      };
    } catch (error) {
      // The record is kept without the weather rather than lost for it.
      if (error instanceof AppError) return null;
      throw error;
    }
  }
}

async function appliedSpraying(
  db: Executor,
  session: Session,
  programId: number,
  ordinal: number,
): Promise<SprayingRow> {
  const spraying = (await sprayingsOf(db, session, [programId])).find(
    (row) => row.ordinal === ordinal,
  );
  if (!spraying) throw new AppError(ERRORS.notFound, 'Spraying not found');
  if (spraying.appliedAt === null)
    throw new AppError(ERRORS.sprayingNotApplied, 'The spraying is not applied');
  return spraying;
}

async function recordOf(
  db: Executor,
  session: Session,
  sprayingId: number,
  lock = false,
): Promise<RecordRow | null> {
  const query = db
    .select()
    .from(t.sprayingRecords)
    .where(
      and(ofAccount(t.sprayingRecords, session), eq(t.sprayingRecords.sprayingId, sprayingId)),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

function answerOf(spraying: SprayingRow, row: RecordRow | null): ApplicationRecord {
  const batches = new Map((row?.batches ?? []).map((batch) => [batch.pesticide_id, batch.batch]));
  return {
    spraying_id: spraying.id,
    aplicacao: spraying.ordinal,
    applied_at: spraying.appliedAt!,
    operator: row?.operator ?? null,
    equipment: row?.equipment ?? null,
    spray_volume_l_ha: row?.sprayVolumeLHa ?? null,
    nozzle: row?.nozzle ?? null,
    start_time: row?.startTime ?? null,
    end_time: row?.endTime ?? null,
    weather: row?.weather ?? null,
    products: spraying.products.map((product) => ({
      pesticide_id: product.pesticideId,
      name: product.name,
      batch: batches.get(product.pesticideId) ?? null,
    })),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}
