import {
  ERRORS,
  GROWTH_STAGES,
  stageTimeline,
  type CropId,
  type TimelineStage,
} from '@lavoura/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { visibleSowing } from './visible-sowing.service.ts';
import { ofAccount } from '../../policies/tenancy.ts';

/** A stage of the timeline as the API answers it (issue 12 item 3). */
export interface TimelineAnswer {
  stage_id: number;
  code: string;
  name: string;
  message_key: string;
  start_date: string;
}

export interface StageObservationAnswer {
  id: number;
  estadio_id: number;
  code: string;
  message_key: string;
  observed_at: string;
}

/**
 * A sowing's growth stages: the timeline AGRONOMY §2 estimates from emergence and cycle (the
 * program engine reuses it), and the stages seen in the field, kept as a history.
 */
export class StagesService {
  constructor(private readonly deps: { db: Database }) {}

  async timeline(session: Session, sowingId: number): Promise<TimelineAnswer[]> {
    const sowing = await visibleSowing(this.deps.db, session, sowingId);
    if (!sowing.emergenceDate || !sowing.estimatedCycle) return [];
    return stageTimeline(sowing.cropId as CropId, sowing.emergenceDate, sowing.estimatedCycle).map(
      (stage: TimelineStage) => ({
        stage_id: stage.stage_id,
        code: stage.code,
        name: stage.code,
        message_key: GROWTH_STAGES.find((row) => row.id === stage.stage_id)!.message_key,
        start_date: stage.start_date,
      }),
    );
  }

  async observations(session: Session, sowingId: number): Promise<StageObservationAnswer[]> {
    await visibleSowing(this.deps.db, session, sowingId);
    const rows = await this.deps.db
      .select()
      .from(t.sowingStageObservations)
      .where(
        and(
          ofAccount(t.sowingStageObservations, session),
          eq(t.sowingStageObservations.sowingId, sowingId),
        ),
      )
      .orderBy(asc(t.sowingStageObservations.observedAt), asc(t.sowingStageObservations.id));
    return rows.map(present);
  }

  /** Records a stage seen in the field; a stage of another crop is a field error. */
  async observe(
    session: Session,
    sowingId: number,
    body: { estadio_id: number; observed_at: string },
  ): Promise<StageObservationAnswer> {
    const sowing = await visibleSowing(this.deps.db, session, sowingId);
    const stage = GROWTH_STAGES.find((row) => row.id === body.estadio_id);
    if (!stage || stage.crop_id !== sowing.cropId)
      throw new AppError(ERRORS.validation, 'Not a stage of the sowing’s crop', [
        { field: 'body.estadio_id', key: 'field.invalid', message: 'Not a stage of the crop' },
      ]);
    const [row] = await this.deps.db
      .insert(t.sowingStageObservations)
      .values({
        accountId: session.accountId,
        sowingId,
        growthStageId: stage.id,
        observedAt: new Date(body.observed_at),
        createdBy: session.userId,
      })
      .returning();
    return present(row!);
  }
}

function present(row: typeof t.sowingStageObservations.$inferSelect): StageObservationAnswer {
  const stage = GROWTH_STAGES.find((candidate) => candidate.id === row.growthStageId)!;
  return {
    id: row.id,
    estadio_id: row.growthStageId,
    code: stage.code,
    message_key: stage.message_key,
    observed_at: row.observedAt.toISOString(),
  };
}
