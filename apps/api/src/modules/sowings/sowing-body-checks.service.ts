import {
  ERRORS,
  remainingArea,
  sowingDatesProblem,
  sownAreaProblem,
  type SowingBody,
} from '@lavoura/domain';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError, bodyReference } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import type { FarmFacts, SowingReads } from './sowing-reads.service.ts';
import { ofAccount } from '../../policies/tenancy.ts';

/** The season-crop a sowing's farm variety belongs to. */
export interface SeasonCropFacts {
  id: number;
  countryId: number;
  cropId: number;
  startPeriod: string;
  endPeriod: string;
}

/**
 * The rules of a new or changed sowing that read the database (spec 2 §5; the rules without it
 * are the domain's `sowing-rules`), in the order a grower meets them: the farm, the plot, the
 * variety and its season-crop, the dates, the plot's unharvested sowing and its remaining area.
 */
export class SowingBodyChecks {
  constructor(private readonly reads: SowingReads) {}

  /** Every rule of a sowing body, in order; `current` is the sowing being changed, if any. */
  async check(
    tx: Executor,
    session: Session,
    body: SowingBody,
    current: { id: number; plotId: number } | null,
  ): Promise<{ farm: FarmFacts; seasonCrop: SeasonCropFacts }> {
    const farm = await bodyReference(
      this.reads.farmOf(tx, session, body.fazenda_id),
      ERRORS.farmNotFound,
      {
        fazenda_id: body.fazenda_id,
      },
    );
    if (!farm.enabled) throw new AppError(ERRORS.farmDisabled, 'The farm is disabled');
    // The plot's row is locked: two sowings saved at once cannot together exceed its area.
    const [plot] = await tx
      .select({ id: t.plots.id, area: t.plots.area, enabled: t.plots.enabled })
      .from(t.plots)
      .where(
        and(
          ofAccount(t.plots, session),
          eq(t.plots.farmId, farm.id),
          eq(t.plots.id, body.talhao_id),
          isNull(t.plots.deletedAt),
        ),
      )
      .for('update');
    if (!plot)
      throw new AppError(ERRORS.plotNotFound, 'No such plot on the farm', {
        talhao_id: body.talhao_id,
      });
    if (!plot.enabled) throw new AppError(ERRORS.plotDisabled, 'The plot is disabled');
    const [seasonCrop] = await tx
      .select({
        id: t.seasonCrops.id,
        cropId: t.seasonCrops.cropId,
        countryId: t.seasonCrops.countryId,
        startPeriod: t.seasonCrops.startPeriod,
        endPeriod: t.seasonCrops.endPeriod,
      })
      .from(t.farmVarieties)
      .innerJoin(t.seasonCrops, eq(t.seasonCrops.id, t.farmVarieties.seasonCropId))
      .where(
        and(
          ofAccount(t.farmVarieties, session),
          eq(t.farmVarieties.farmId, farm.id),
          eq(t.farmVarieties.id, body.cultivar_id),
        ),
      );
    if (!seasonCrop)
      throw new AppError(ERRORS.varietyNotAdded, 'The variety is not added to the farm', {
        cultivar_id: body.cultivar_id,
      });
    const datesProblem = sowingDatesProblem(body);
    if (datesProblem) throw new AppError(ERRORS[datesProblem], 'Emergence before sowing');
    const emergence = body.data_emergencia ?? null;
    if (emergence && (emergence < seasonCrop.startPeriod || emergence > seasonCrop.endPeriod))
      throw new AppError(ERRORS.sowingEmergenceOutsideSeason, 'Emergence outside the season', {
        start_period: seasonCrop.startPeriod,
        end_period: seasonCrop.endPeriod,
      });
    const others = await tx
      .select({
        id: t.sowings.id,
        area: t.sowings.area,
        seasonCropId: t.sowings.seasonCropId,
        closedAt: t.sowings.closedAt,
      })
      .from(t.sowings)
      .where(
        and(
          ofAccount(t.sowings, session),
          eq(t.sowings.plotId, plot.id),
          isNull(t.sowings.deletedAt),
          current ? ne(t.sowings.id, current.id) : undefined,
        ),
      );
    const harvested = new Set(
      others.length
        ? (
            await tx
              .select({ sowingId: t.harvests.sowingId })
              .from(t.harvests)
              .where(
                and(
                  ofAccount(t.harvests, session),
                  inArray(
                    t.harvests.sowingId,
                    others.map((other) => other.id),
                  ),
                ),
              )
          ).map((row) => row.sowingId)
        : [],
    );
    // A sowing is unharvested while it has no harvest and is not closed; a change that keeps the
    // sowing on its plot is not a new sowing there.
    const movesIn = current === null || current.plotId !== plot.id;
    if (movesIn && others.some((other) => other.closedAt === null && !harvested.has(other.id)))
      throw new AppError(ERRORS.plotHasUnharvestedSowing, 'A sowing on the plot is not harvested');
    // Every other live sowing of the plot counts, harvested or not (domain `remainingArea`).
    const remaining = remainingArea(
      plot.area,
      others.map((other) => ({ season_crop_id: other.seasonCropId, area: other.area })),
      seasonCrop.id,
    );
    const areaProblem = sownAreaProblem(body.area, remaining);
    if (areaProblem)
      throw new AppError(ERRORS[areaProblem], 'More than the plot’s remaining area', {
        remaining_area: remaining,
      });
    return { farm, seasonCrop };
  }
}
