import {
  ERRORS,
  decideReenable,
  isStale,
  mayReadFarm,
  type Plot,
  type PlotCreateBody,
  type PlotUpdateBody,
  areaLockedUntil,
  changesLockedArea,
} from '@lavoura/domain';
import { checkPlotGeometry } from '@lavoura/domain/geo';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError, bodyReference } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import type { FarmsService } from './farms.service.ts';
import { DataVersions } from './data-versions.service.ts';
import { refuseOverlaps } from './plot-overlaps.service.ts';
import { checkedOutline, geometryError, outlineColumns } from './plot-outline.ts';
import { plotRows, visiblePlots } from './plot-rows.service.ts';
import { toPlot } from './plot.presenter.ts';
import { authorizeRecord } from '../../policies/records.policy.ts';
import { ofAccount } from '../../policies/tenancy.ts';

export interface PlotsServiceDeps {
  db: Database;
  reference: ReferenceService;
  farms: FarmsService;
  enableLimitPerSeason: number;
  now?: () => Date;
  /** The process's kept data versions; without them every list reads its version. */
  dataVersions?: DataVersions;
}

/**
 * Plots (talhões) of the farms a session sees: listing, drawing, editing, enabling, deleting and
 * the many plots of an import. Outlines are checked and measured by the domain's one geometry
 * checker (plot-outline.ts), overlaps by plot-overlaps.service.ts; areas are hectares on the WGS84
 * ellipsoid. The contracted area's sharing is plot-contracted-areas.service.ts, files plot-imports.ts.
 */
export class PlotsService {
  private readonly now: () => Date;
  private readonly versions: DataVersions;

  constructor(private readonly deps: PlotsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.versions = deps.dataVersions ?? new DataVersions(deps.db);
  }

  /**
   * What names a farm's plot list answer (http/versioned-answers.ts): the farm, at the account's
   * data version and the current seasons of its country (the remaining areas count the current
   * season's sowings). A farm the session may not see is not found, as the list itself says.
   */
  async listVersion(
    session: Session,
    farmId: number,
    enabledOnly: boolean,
  ): Promise<{ key: string; version: string }> {
    const farm = await this.versions.farm(session.accountId, farmId);
    if (!farm || !mayReadFarm(session.farms, farmId))
      throw new AppError(ERRORS.notFound, 'Farm not found');
    const seasons = await this.currentSeasonCrops(farm.countryId);
    return {
      key: `plots:${session.accountId}:${farmId}:${enabledOnly ? 'enabled' : 'all'}`,
      version: `${farm.version}:${seasons.join(',')}`,
    };
  }

  /** The farm's plots, newest first; `enabledOnly` for the menu's field group. */
  async list(session: Session, farmId: number, enabledOnly = false): Promise<Plot[]> {
    const farm = await this.deps.farms.get(session, farmId);
    const rows = await plotRows(this.deps.db, session, await this.currentSeasonCrops(farm.pais.id))
      .where(
        and(
          visiblePlots(session),
          eq(t.plots.farmId, farmId),
          enabledOnly ? eq(t.plots.enabled, true) : undefined,
        ),
      )
      .orderBy(sql`${t.plots.createdAt} desc, ${t.plots.id} desc`);
    return rows.map(toPlot);
  }

  async get(
    session: Session,
    plotId: number,
    farmId?: number,
    db: Executor = this.deps.db,
  ): Promise<Plot> {
    const [located] = await db
      .select({ farmId: t.plots.farmId, countryId: t.farms.countryId })
      .from(t.plots)
      .innerJoin(
        t.farms,
        and(eq(t.farms.accountId, t.plots.accountId), eq(t.farms.id, t.plots.farmId)),
      )
      .where(and(visiblePlots(session), eq(t.plots.id, plotId)));
    if (!located || (farmId !== undefined && located.farmId !== farmId))
      throw new AppError(ERRORS.notFound, 'Plot not found');
    const [row] = await plotRows(
      db,
      session,
      await this.currentSeasonCrops(located.countryId),
    ).where(and(visiblePlots(session), eq(t.plots.id, plotId)));
    return toPlot(row!);
  }

  async create(session: Session, body: PlotCreateBody): Promise<Plot> {
    const farm = await this.farmTakingPlots(session, body.fazenda_id);
    const outline = checkedOutline(body);
    if (!body.confirm_overlap)
      await refuseOverlaps(this.deps.db, session, farm.id, [{ nome: body.nome, outline }]);
    const now = this.now();
    const [plot] = await this.deps.db
      .insert(t.plots)
      .values({
        accountId: session.accountId,
        farmId: farm.id,
        name: body.nome,
        area: body.area ?? outline.area_ha,
        elevation: body.elevation ?? null,
        clayPercent: body.clay_soil ?? null,
        ...outlineColumns(outline),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: t.plots.id });
    return this.get(session, plot!.id);
  }

  /** Plots from a KML import, all in one transaction: one bad outline and none is saved. */
  async createMany(
    session: Session,
    body: {
      fazenda_id: number;
      plots: { nome: string; geometry: unknown }[];
      confirm_overlap?: boolean | undefined;
    },
  ): Promise<Plot[]> {
    const farm = await this.farmTakingPlots(session, body.fazenda_id);
    const outlines = body.plots.map((plot, index) => {
      const checked = checkPlotGeometry(plot.geometry);
      if (!checked.ok) throw geometryError(checked, { plot: index, nome: plot.nome });
      return { nome: plot.nome, outline: checked };
    });
    if (!body.confirm_overlap) await refuseOverlaps(this.deps.db, session, farm.id, outlines);
    const now = this.now();
    const ids = await this.deps.db.transaction(async (tx) =>
      tx
        .insert(t.plots)
        .values(
          outlines.map(({ nome, outline }) => ({
            accountId: session.accountId,
            farmId: farm.id,
            name: nome,
            area: outline.area_ha,
            ...outlineColumns(outline),
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: t.plots.id }),
    );
    // One query for the answer, however many plots (a real farm's file has hundreds).
    const rows = await plotRows(this.deps.db, session, await this.currentSeasonCrops(farm.pais.id))
      .where(
        and(
          visiblePlots(session),
          inArray(
            t.plots.id,
            ids.map(({ id }) => id),
          ),
        ),
      )
      .orderBy(t.plots.id);
    return rows.map(toPlot);
  }

  async update(session: Session, plotId: number, body: PlotUpdateBody): Promise<Plot> {
    const plot = await this.get(session, plotId);
    authorizeRecord(session, 'plot', 'change', { farmId: plot.fazenda_id });
    await this.farmTakingPlots(session, plot.fazenda_id);
    if (!plot.enabled) throw new AppError(ERRORS.plotDisabled, 'The plot is disabled');
    if (isStale(body.updated_at, new Date(plot.updated_at)))
      throw new AppError(ERRORS.conflict, 'The plot changed meanwhile');
    const newOutline =
      body.geometry !== undefined || body.coordenadas_lat !== undefined
        ? checkedOutline(body)
        : undefined;
    if (newOutline && !body.confirm_overlap)
      await refuseOverlaps(
        this.deps.db,
        session,
        plot.fazenda_id,
        [{ nome: body.nome, outline: newOutline }],
        plotId,
      );
    const area = body.area ?? newOutline?.area_ha ?? plot.area;
    const [ndvi] = await this.deps.db
      .select({ contractedAt: t.plots.ndviContractedAt })
      .from(t.plots)
      .where(and(ofAccount(t.plots, session), eq(t.plots.id, plotId)));
    const lockedUntil = areaLockedUntil(ndvi?.contractedAt ?? null, this.now());
    if (lockedUntil && changesLockedArea(area, plot.area))
      throw new AppError(ERRORS.plotAreaLocked, 'The area is locked after NDVI was contracted', {
        until: lockedUntil.toISOString(),
      });
    await this.touch(this.deps.db, session, plotId, body.updated_at, {
      name: body.nome,
      area,
      ...(body.elevation !== undefined ? { elevation: body.elevation } : {}),
      ...(body.clay_soil !== undefined ? { clayPercent: body.clay_soil } : {}),
      ...(newOutline ? outlineColumns(newOutline) : {}),
    });
    return this.get(session, plotId);
  }

  /** Soft delete, refused while a sowing on the plot waits for its harvest. */
  async remove(session: Session, plotId: number): Promise<void> {
    const plot = await this.get(session, plotId);
    authorizeRecord(session, 'plot', 'delete', { farmId: plot.fazenda_id });
    if (await this.hasUnharvestedSowing(session, plotId))
      throw new AppError(ERRORS.plotHasUnharvestedSowing, 'A sowing on the plot is not harvested');
    await this.deps.db
      .update(t.plots)
      .set({ deletedAt: this.now() })
      .where(and(ofAccount(t.plots, session), eq(t.plots.id, plot.id)));
  }

  async setEnabled(
    session: Session,
    plotId: number,
    body: { enabled: boolean; updated_at: string },
  ): Promise<Plot> {
    const plot = await this.get(session, plotId);
    const farm = await this.farmTakingPlots(session, plot.fazenda_id);
    if (isStale(body.updated_at, new Date(plot.updated_at)))
      throw new AppError(ERRORS.conflict, 'The plot changed meanwhile');
    if (plot.enabled === body.enabled) return plot;
    let count = {};
    if (body.enabled) {
      const [stored] = await this.deps.db
        .select({ seasonId: t.plots.reenabledSeasonId, count: t.plots.reenabledCount })
        .from(t.plots)
        .where(and(ofAccount(t.plots, session), eq(t.plots.id, plotId)));
      const decision = decideReenable(
        stored!,
        await this.deps.farms.currentSoybeanSeason(farm.pais.id),
        this.deps.enableLimitPerSeason,
      );
      if (!decision.allowed)
        throw new AppError(ERRORS.seasonEnableLimitExceeded, 'Enable limit of the season reached', {
          limit: decision.limit,
        });
      count = { reenabledSeasonId: decision.next.seasonId, reenabledCount: decision.next.count };
    }
    await this.touch(this.deps.db, session, plotId, body.updated_at, {
      enabled: body.enabled,
      ...count,
    });
    return this.get(session, plotId);
  }

  /**
   * The plot's area, what is left (the least any current season-crop leaves: the plot's
   * `remaining_area`) and the rest, sown.
   */
  async remainingArea(
    session: Session,
    plotId: number,
  ): Promise<{ area: number; sown_area: number; remaining_area: number }> {
    const plot = await this.get(session, plotId);
    return {
      area: plot.area,
      sown_area: Math.round((plot.area - plot.remaining_area) * 10_000) / 10_000,
      remaining_area: plot.remaining_area,
    };
  }

  private async farmTakingPlots(session: Session, farmId: number) {
    // A farm id in a body that the session does not reach is a bad body, not a missing page.
    const farm = await bodyReference(this.deps.farms.get(session, farmId), ERRORS.farmNotFound, {
      fazenda_id: farmId,
    });
    if (!farm.enabled) throw new AppError(ERRORS.farmDisabled, 'The farm is disabled');
    return farm;
  }

  private async hasUnharvestedSowing(session: Session, plotId: number): Promise<boolean> {
    const [row] = await this.deps.db
      .select({ id: t.sowings.id })
      .from(t.sowings)
      .where(
        and(
          ofAccount(t.sowings, session),
          eq(t.sowings.plotId, plotId),
          isNull(t.sowings.deletedAt),
          isNull(t.sowings.closedAt),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  private async currentSeasonCrops(countryId: number): Promise<number[]> {
    const seasons = await this.deps.reference.seasonCrops({ countryId });
    return seasons.filter((season) => season.status === 'current').map((season) => season.id);
  }

  /** Writes the plot only if it still carries the `updated_at` the client read (else 409). */
  private async touch(
    db: Executor,
    session: Session,
    plotId: number,
    readUpdatedAt: string,
    values: Partial<typeof t.plots.$inferInsert>,
  ): Promise<void> {
    const changed = await db
      .update(t.plots)
      .set({
        ...values,
        updatedAt: sql`greatest(${this.now().toISOString()}::timestamptz, ${t.plots.updatedAt} + interval '1 millisecond')`,
      })
      .where(
        and(
          ofAccount(t.plots, session),
          eq(t.plots.id, plotId),
          isNull(t.plots.deletedAt),
          sql`date_trunc('milliseconds', ${t.plots.updatedAt}) = ${readUpdatedAt}::timestamptz`,
        ),
      )
      .returning({ id: t.plots.id });
    if (changed.length === 0) throw new AppError(ERRORS.conflict, 'The plot changed meanwhile');
  }
}
