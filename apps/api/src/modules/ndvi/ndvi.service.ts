import { ERRORS, NDVI_SCALE, todayIn, type NdviAnswer, type NdviBody } from '@lavoura/domain';
import { createHash } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError, bodyReference } from '../../http/app-error.ts';
import type { NdviPlot, NdviPolygon, NdviProvider } from '../../providers/ndvi/ndvi-provider.ts';
import { bboxOf } from '../../providers/ndvi/ndvi-provider.ts';
import type { Session } from '../auth/session.types.ts';
import { ofAccount, visibleFarms } from '../../policies/tenancy.ts';

export interface NdviServiceDeps {
  db: Database;
  provider: NdviProvider;
  now?: () => Date;
}

/** A plot's image, as the route sends it. */
export interface NdviImage {
  bytes: Buffer;
}

/** Rendered or fetched images kept per process (a scene of a day does not change): 32 MB. */
const IMAGE_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * NDVI of a plot (spec 3 §2 Plot screen, §3 NDVI image record, §7 NDVI; issue 14 item 3). The
 * plot is read with the account and the farms the session sees first (another account's, or a
 * farm's the member does not see, is 404 in a path and 400 exception.plot_not_found in a body), then it must have NDVI contracted (403
 * exception.ndvi.not_enabled). Scenes come from the provider; each record's image is our own URL,
 * which renders (simulated) or fetches (Sentinel Hub) the PNG behind the same checks.
 */
export class NdviService {
  private readonly images = new LRUCache<string, Buffer>({
    maxSize: IMAGE_CACHE_BYTES,
    sizeCalculation: (bytes) => Math.max(bytes.length, 1),
  });

  constructor(private readonly deps: NdviServiceDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The plot's scenes of the window (up to the farm's today), newest first. */
  async list(session: Session, body: NdviBody): Promise<NdviAnswer> {
    const { plot, version, today } = await bodyReference(
      this.plot(session, body.plot_id),
      ERRORS.plotNotFound,
      { plot_id: body.plot_id },
    );
    const [from, until] = body.dates;
    const to = until < today ? until : today;
    const scenes = from > to ? [] : await this.deps.provider.scenes(plot, from, to);
    const [west, south, east, north] = plot.bbox;
    return {
      simulated: this.deps.provider.simulated,
      provider: this.deps.provider.kind,
      bounds: [
        [south, west],
        [north, east],
      ],
      scale: NDVI_SCALE,
      items: scenes.map((scene) => ({
        field_id: plot.id,
        type: this.deps.provider.source,
        date: scene.date,
        images: { ndvi: imagePath(plot.id, scene.date, version) },
        cloudCovering: scene.cloudCover,
      })),
    };
  }

  /** One day's image of the plot (PNG); a day after the farm's today is not found. */
  async image(session: Session, plotId: number, date: string): Promise<NdviImage> {
    const { plot, version, today } = await this.plot(session, plotId);
    if (date > today) throw new AppError(ERRORS.notFound, 'No scene after today');
    const key = `${this.deps.provider.kind}:${plot.id}:${version}:${date}`;
    const cached = this.images.get(key);
    if (cached) return { bytes: cached };
    const bytes = await this.deps.provider.image(plot, date);
    this.images.set(key, bytes);
    return { bytes };
  }

  /** The plot if the session sees it and it has NDVI; its outline's version; the farm's today. */
  private async plot(
    session: Session,
    plotId: number,
  ): Promise<{ plot: NdviPlot; version: string; today: string }> {
    const [row] = await this.deps.db
      .select({
        id: t.plots.id,
        geometry: t.plots.geometry,
        ndviContractedAt: t.plots.ndviContractedAt,
        updatedAt: t.plots.updatedAt,
        timeZone: t.farms.timeZone,
      })
      .from(t.plots)
      .innerJoin(
        t.farms,
        and(eq(t.farms.accountId, t.plots.accountId), eq(t.farms.id, t.plots.farmId)),
      )
      .where(
        and(
          ofAccount(t.plots, session),
          eq(t.plots.id, plotId),
          isNull(t.plots.deletedAt),
          isNull(t.farms.deletedAt),
          visibleFarms(session, t.plots.farmId),
        ),
      );
    if (!row) throw new AppError(ERRORS.notFound, 'Plot not found');
    if (row.ndviContractedAt === null)
      throw new AppError(ERRORS.ndviNotEnabled, 'NDVI is not contracted for this plot');
    const crops = await this.deps.db
      .select({ sown: t.sowings.sowingDate, closedAt: t.sowings.closedAt })
      .from(t.sowings)
      .where(
        and(
          ofAccount(t.sowings, session),
          eq(t.sowings.plotId, plotId),
          isNull(t.sowings.deletedAt),
          isNotNull(t.sowings.sowingDate),
        ),
      );
    const geometry = row.geometry as NdviPolygon;
    const plotCrops = crops
      .map((crop) => ({
        sown: crop.sown!,
        closed: crop.closedAt ? todayIn(row.timeZone, crop.closedAt) : null,
      }))
      .sort((a, b) => (a.sown < b.sown ? -1 : a.sown > b.sown ? 1 : 0));
    // An image changes with the outline and (simulated) with the crops: both name its version.
    const cropsVersion = this.deps.provider.simulated
      ? `-${createHash('sha1').update(JSON.stringify(plotCrops)).digest('hex').slice(0, 8)}`
      : '';
    return {
      plot: { id: row.id, geometry, bbox: bboxOf(geometry), crops: plotCrops },
      version: `${row.updatedAt.getTime()}${cropsVersion}`,
      today: todayIn(row.timeZone, this.now()),
    };
  }
}

/** The record's image: our own route, versioned by the plot's last change (its outline). */
function imagePath(plotId: number, date: string, version: string): string {
  return `/api/ndvi/images/${plotId}/${date}.png?v=${version}`;
}
