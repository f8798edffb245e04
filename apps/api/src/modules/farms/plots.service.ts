import {
  ERRORS,
  FIELD_KEYS,
  bodyFieldError,
  hasContractedArea,
  decideReenable,
  missingPermissionError,
  type AccountPlot,
  type ManagerPlotBody,
  isStale,
  mayReadFarm,
  type Plot,
  type PlotCreateBody,
  type PlotOverlapInfo,
  type PlotUpdateBody,
  type SownArea,
  areaLockedUntil,
  changesLockedArea,
} from '@lavoura/domain';
import {
  checkPlotGeometry,
  polygonFromPipeLists,
  type CheckedGeometry,
  type GeometryRefusal,
  type PlotPolygon,
} from '@lavoura/domain/geo';
import {
  MIN_OVERLAP_HA,
  overlapAreaHa,
  plotOverlaps,
  type OutlinedPlot,
} from '@lavoura/domain/overlap';
import { parseKmlPlots, type KmlPlot } from '@lavoura/domain/kml';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError, bodyReference } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import { visibleFarms, type FarmsService } from './farms.service.ts';
import { toPlot } from './plot.presenter.ts';

export interface PlotsServiceDeps {
  db: Database;
  reference: ReferenceService;
  farms: FarmsService;
  enableLimitPerSeason: number;
  now?: () => Date;
}

/** One named statement: the farm's country and the account's data version. */
function plotsVersionQuery(db: Database) {
  return db
    .select({ countryId: t.farms.countryId, version: t.accountDataVersions.version })
    .from(t.farms)
    .leftJoin(t.accountDataVersions, eq(t.accountDataVersions.accountId, t.farms.accountId))
    .where(
      and(
        eq(t.farms.accountId, sql.placeholder('accountId')),
        eq(t.farms.id, sql.placeholder('farmId')),
        isNull(t.farms.deletedAt),
      ),
    )
    .prepare('lavoura_plots_version');
}

/**
 * Plots (talhões) of the farms a session sees. Outlines are checked and measured by the domain's
 * one geometry checker; areas are hectares on the WGS84 ellipsoid.
 */
export class PlotsService {
  private readonly now: () => Date;
  private readonly versionQuery: ReturnType<typeof plotsVersionQuery>;

  constructor(private readonly deps: PlotsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.versionQuery = plotsVersionQuery(deps.db);
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
    const [row] = await this.versionQuery.execute({ accountId: session.accountId, farmId });
    if (!row || !mayReadFarm(session.farms, farmId))
      throw new AppError(ERRORS.notFound, 'Farm not found');
    const seasons = await this.currentSeasonCrops(row.countryId);
    return {
      key: `plots:${session.accountId}:${farmId}:${enabledOnly ? 'enabled' : 'all'}`,
      version: `${row.version ?? 0}:${seasons.join(',')}`,
    };
  }

  /** The farm's plots, newest first; `enabledOnly` for the menu's field group. */
  async list(session: Session, farmId: number, enabledOnly = false): Promise<Plot[]> {
    const farm = await this.deps.farms.get(session, farmId);
    const rows = await this.select(
      this.deps.db,
      session,
      await this.currentSeasonCrops(farm.pais.id),
    )
      .where(
        and(
          this.visible(session),
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
      .where(and(this.visible(session), eq(t.plots.id, plotId)));
    if (!located || (farmId !== undefined && located.farmId !== farmId))
      throw new AppError(ERRORS.notFound, 'Plot not found');
    const [row] = await this.select(
      db,
      session,
      await this.currentSeasonCrops(located.countryId),
    ).where(and(this.visible(session), eq(t.plots.id, plotId)));
    return toPlot(row!);
  }

  async create(session: Session, body: PlotCreateBody): Promise<Plot> {
    const farm = await this.farmTakingPlots(session, body.fazenda_id);
    const outline = checkedOutline(body);
    if (!body.confirm_overlap)
      await this.refuseOverlaps(session, farm.id, [{ nome: body.nome, outline }]);
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
    if (!body.confirm_overlap) await this.refuseOverlaps(session, farm.id, outlines);
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
    return Promise.all(ids.map(({ id }) => this.get(session, id)));
  }

  async update(session: Session, plotId: number, body: PlotUpdateBody): Promise<Plot> {
    const plot = await this.get(session, plotId);
    await this.farmTakingPlots(session, plot.fazenda_id);
    if (!plot.enabled) throw new AppError(ERRORS.plotDisabled, 'The plot is disabled');
    if (isStale(body.updated_at, new Date(plot.updated_at)))
      throw new AppError(ERRORS.conflict, 'The plot changed meanwhile');
    const newOutline =
      body.geometry !== undefined || body.coordenadas_lat !== undefined
        ? checkedOutline(body)
        : undefined;
    if (newOutline && !body.confirm_overlap)
      await this.refuseOverlaps(
        session,
        plot.fazenda_id,
        [{ nome: body.nome, outline: newOutline }],
        plotId,
      );
    const area = body.area ?? newOutline?.area_ha ?? plot.area;
    const [ndvi] = await this.deps.db
      .select({ contractedAt: t.plots.ndviContractedAt })
      .from(t.plots)
      .where(and(eq(t.plots.accountId, session.accountId), eq(t.plots.id, plotId)));
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
    if (await this.hasUnharvestedSowing(session, plotId))
      throw new AppError(ERRORS.plotHasUnharvestedSowing, 'A sowing on the plot is not harvested');
    await this.deps.db
      .update(t.plots)
      .set({ deletedAt: this.now() })
      .where(and(eq(t.plots.accountId, session.accountId), eq(t.plots.id, plot.id)));
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
        .where(and(eq(t.plots.accountId, session.accountId), eq(t.plots.id, plotId)));
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

  /** The account's contracted area and the share its live plots use (Full plan). */
  async plotsArea(
    session: Session,
  ): Promise<{ contracted_area: number | null; used_area: number }> {
    this.requireFullPlan(session);
    const [account] = await this.deps.db
      .select({ contracted: t.accounts.contractedArea })
      .from(t.accounts)
      .where(eq(t.accounts.id, session.accountId));
    return {
      contracted_area: account?.contracted ?? null,
      used_area: await this.usedContractedArea(this.deps.db, session.accountId),
    };
  }

  /** The contracted shares of the account's live plots on live farms (ha). */
  private async usedContractedArea(db: Executor, accountId: number): Promise<number> {
    const [used] = await db
      .select({
        total: sql<number>`coalesce(sum(${t.plots.contractedArea}), 0)`.mapWith(Number),
      })
      .from(t.plots)
      .innerJoin(
        t.farms,
        and(eq(t.farms.accountId, t.plots.accountId), eq(t.farms.id, t.plots.farmId)),
      )
      .where(
        and(eq(t.plots.accountId, accountId), isNull(t.plots.deletedAt), isNull(t.farms.deletedAt)),
      );
    return used?.total ?? 0;
  }

  /** Every live plot of the account with its farm and contracted share: the area modal's rows. */
  async accountPlots(session: Session, accountId: number): Promise<AccountPlot[]> {
    if (accountId !== session.accountId) throw new AppError(ERRORS.notFound, 'Account not found');
    this.requireFullPlan(session);
    const rows = await this.deps.db
      .select({
        id: t.plots.id,
        nome: t.plots.name,
        fazenda_id: t.plots.farmId,
        fazenda_nome: t.farms.name,
        area: t.plots.area,
        contracted_area: t.plots.contractedArea,
      })
      .from(t.plots)
      .innerJoin(
        t.farms,
        and(eq(t.farms.accountId, t.plots.accountId), eq(t.farms.id, t.plots.farmId)),
      )
      .where(this.visible(session))
      .orderBy(t.farms.name, t.plots.name, t.plots.id);
    return rows;
  }

  /**
   * Shares the account's contracted area among plots. Plots not named keep their share; the
   * total over the account may not exceed the contract (409), and a share not the plot's area.
   */
  async setContractedAreas(session: Session, body: ManagerPlotBody): Promise<AccountPlot[]> {
    this.requireFullPlan(session);
    const plots = await this.accountPlots(session, session.accountId);
    const byId = new Map(plots.map((plot) => [plot.id, plot]));
    const unknown = body.plots.filter((plot) => !byId.has(plot.id)).map((plot) => plot.id);
    if (unknown.length)
      throw new AppError(ERRORS.plotNotFound, 'Unknown plot', { plot_ids: unknown });
    const tooBig = body.plots.findIndex(
      (plot) =>
        plot.contracted_area !== null && plot.contracted_area > byId.get(plot.id)!.area + 1e-9,
    );
    if (tooBig >= 0)
      throw new AppError(ERRORS.validation, 'A share larger than the plot', [
        bodyFieldError(
          `plots.${tooBig}.contracted_area`,
          'More than the plot’s area',
          FIELD_KEYS.tooBig,
        ),
      ]);
    await this.deps.db.transaction(async (tx) => {
      for (const plot of body.plots)
        await tx
          .update(t.plots)
          .set({ contractedArea: plot.contracted_area })
          .where(and(eq(t.plots.accountId, session.accountId), eq(t.plots.id, plot.id)));
      // Checked after writing, inside the transaction: two administrators saving at once cannot
      // together exceed the contract (the account row is locked for the check).
      const [account] = await tx
        .select({ contracted: t.accounts.contractedArea })
        .from(t.accounts)
        .where(eq(t.accounts.id, session.accountId))
        .for('update');
      const used = await this.usedContractedArea(tx, session.accountId);
      const contracted = account?.contracted ?? 0;
      if (used > contracted + 1e-9)
        throw new AppError(ERRORS.plotExceededContractedArea, 'More than the contracted area', {
          contracted_area: contracted,
          used_area: used,
        });
    });
    return this.accountPlots(session, session.accountId);
  }

  private requireFullPlan(session: Session): void {
    if (!hasContractedArea(session.planLevel))
      throw new AppError(missingPermissionError(session.planLevel), 'Contracted area is Full plan');
  }

  /** A KML or KMZ file's plots, measured, without saving anything. */
  kmlPreview(bytes: Uint8Array): { plots: KmlPlot[] } {
    const result = parseKmlPlots(bytes);
    if (result.ok) return { plots: result.plots };
    switch (result.problem) {
      case 'invalid_format':
        throw new AppError(ERRORS.kmlInvalidFormat, 'Not a KML file', { reason: result.reason });
      case 'no_polygons':
        throw new AppError(ERRORS.kmlNoPolygons, 'No polygon in the file');
      case 'invalid_coordinates':
        throw new AppError(ERRORS.kmlInvalidCoordinates, 'Bad coordinates', {
          placemark: result.placemark,
        });
      case 'too_few_points':
        throw new AppError(ERRORS.kmlTooFewPoints, 'Fewer than 3 points', {
          placemark: result.placemark,
        });
      case 'invalid_geometry':
        throw new AppError(ERRORS.plotInvalidGeometry, 'Invalid polygon', {
          placemark: result.placemark,
          reason: result.reason,
        });
    }
  }

  /**
   * Refuses outlines that cover ground of another live plot of the farm (or of another outline of
   * the same import) unless the user confirmed it (409 `plot.overlap`, naming each pair and the
   * ground they share, so that the screen can ask). `exceptPlotId` is the plot being edited.
   */
  private async refuseOverlaps(
    session: Session,
    farmId: number,
    outlines: { nome: string; outline: CheckedGeometry }[],
    exceptPlotId?: number,
  ): Promise<void> {
    const existing = await this.farmOutlines(session, farmId, outlines, exceptPlotId);
    const found: PlotOverlapInfo['overlaps'] = [];
    for (const [index, { nome, outline }] of outlines.entries()) {
      for (const overlap of plotOverlaps(outline.polygon, existing))
        found.push({
          nome,
          plot_id: overlap.id,
          plot_nome: overlap.nome,
          area_ha: overlap.area_ha,
        });
      for (const earlier of outlines.slice(0, index)) {
        const area = overlapAreaHa(outline.polygon, earlier.outline.polygon);
        if (area >= MIN_OVERLAP_HA)
          found.push({ nome, plot_id: null, plot_nome: earlier.nome, area_ha: area });
      }
    }
    if (found.length === 0) return;
    const info: PlotOverlapInfo = {
      area_ha: roundHa(found.reduce((total, overlap) => total + overlap.area_ha, 0)),
      overlaps: found.map((overlap) => ({ ...overlap, area_ha: roundHa(overlap.area_ha) })),
    };
    throw new AppError(ERRORS.plotOverlap, 'The outline overlaps other plots of the farm', info);
  }

  /** The farm's live plots whose boxes meet one of the outlines' (the only ones that can overlap). */
  private async farmOutlines(
    session: Session,
    farmId: number,
    outlines: { outline: CheckedGeometry }[],
    exceptPlotId?: number,
  ): Promise<OutlinedPlot[]> {
    const meets = outlines.map(({ outline: { bbox } }) =>
      and(
        sql`${t.plots.minLng} < ${bbox.max_lng}`,
        sql`${t.plots.maxLng} > ${bbox.min_lng}`,
        sql`${t.plots.minLat} < ${bbox.max_lat}`,
        sql`${t.plots.maxLat} > ${bbox.min_lat}`,
      ),
    );
    const rows = await this.deps.db
      .select({ id: t.plots.id, nome: t.plots.name, geometry: t.plots.geometry })
      .from(t.plots)
      .where(
        and(
          eq(t.plots.accountId, session.accountId),
          eq(t.plots.farmId, farmId),
          isNull(t.plots.deletedAt),
          exceptPlotId !== undefined ? sql`${t.plots.id} <> ${exceptPlotId}` : undefined,
          or(...meets),
        ),
      )
      .orderBy(t.plots.id);
    return rows.map((row) => ({ ...row, geometry: row.geometry as PlotPolygon }));
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
          eq(t.sowings.accountId, session.accountId),
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

  /**
   * Plot columns with what live sowings take of each plot: grouped passes over the account's
   * sowings joined to the plots (a farm of 2,000 plots is one query, not 4,000 lookups). Each
   * current season-crop's live sowings, harvested or not, are summed for `remainingArea`
   * (domain: the rule the sowings' own check applies); an unclosed sowing of any season blocks a
   * new one.
   */
  private select(db: Executor, session: Session, currentSeasonCropIds: number[]) {
    const live = and(eq(t.sowings.accountId, session.accountId), isNull(t.sowings.deletedAt));
    const bySeasonCrop = db
      .select({
        plotId: t.sowings.plotId,
        seasonCropId: t.sowings.seasonCropId,
        area: sql<number>`sum(${t.sowings.area})`.as('area'),
      })
      .from(t.sowings)
      .where(
        and(
          live,
          currentSeasonCropIds.length
            ? inArray(t.sowings.seasonCropId, currentSeasonCropIds)
            : sql`false`,
        ),
      )
      .groupBy(t.sowings.plotId, t.sowings.seasonCropId)
      .as('by_season_crop');
    const entry = sql`jsonb_build_object('season_crop_id', ${bySeasonCrop.seasonCropId}, 'area', ${bySeasonCrop.area})`;
    const sown = db
      .select({
        plotId: bySeasonCrop.plotId,
        areas: sql<SownArea[]>`jsonb_agg(${entry} order by ${bySeasonCrop.seasonCropId})`.as(
          'areas',
        ),
      })
      .from(bySeasonCrop)
      .groupBy(bySeasonCrop.plotId)
      .as('sown');
    const open = db
      .select({ plotId: t.sowings.plotId })
      .from(t.sowings)
      .where(and(live, isNull(t.sowings.closedAt)))
      .groupBy(t.sowings.plotId)
      .as('open');
    return db
      .select({
        id: t.plots.id,
        farmId: t.plots.farmId,
        name: t.plots.name,
        area: t.plots.area,
        areaCalculated: t.plots.areaCalculated,
        geometry: t.plots.geometry,
        latitude: t.plots.latitude,
        longitude: t.plots.longitude,
        elevation: t.plots.elevation,
        clayPercent: t.plots.clayPercent,
        enabled: t.plots.enabled,
        ndviContractedAt: t.plots.ndviContractedAt,
        contractedArea: t.plots.contractedArea,
        createdAt: t.plots.createdAt,
        updatedAt: t.plots.updatedAt,
        farmEnabled: t.farms.enabled,
        sownAreas: sql<SownArea[]>`coalesce(${sown.areas}, '[]'::jsonb)`,
        // A plot with a row in `open` has an unclosed sowing, of whatever season.
        unharvested: sql<boolean>`${open.plotId} is not null`,
      })
      .from(t.plots)
      .innerJoin(
        t.farms,
        and(eq(t.farms.accountId, t.plots.accountId), eq(t.farms.id, t.plots.farmId)),
      )
      .leftJoin(sown, eq(sown.plotId, t.plots.id))
      .leftJoin(open, eq(open.plotId, t.plots.id))
      .$dynamic();
  }

  private visible(session: Session): SQL {
    return and(
      eq(t.plots.accountId, session.accountId),
      isNull(t.plots.deletedAt),
      isNull(t.farms.deletedAt),
      visibleFarms(session, t.plots.farmId),
    )!;
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
          eq(t.plots.accountId, session.accountId),
          eq(t.plots.id, plotId),
          isNull(t.plots.deletedAt),
          sql`date_trunc('milliseconds', ${t.plots.updatedAt}) = ${readUpdatedAt}::timestamptz`,
        ),
      )
      .returning({ id: t.plots.id });
    if (changed.length === 0) throw new AppError(ERRORS.conflict, 'The plot changed meanwhile');
  }
}

/** The outline of a body: its GeoJSON, or its two pipe lists; refused with the reason. */
function checkedOutline(body: {
  geometry?: unknown;
  coordenadas_lat?: string | undefined;
  coordenadas_lng?: string | undefined;
}): CheckedGeometry {
  let geometry: unknown = body.geometry;
  if (geometry === undefined) {
    if (body.coordenadas_lat === undefined || body.coordenadas_lng === undefined)
      throw geometryError({ ok: false, problem: 'not_a_polygon' });
    const fromLists = polygonFromPipeLists(body.coordenadas_lat, body.coordenadas_lng);
    if ('ok' in fromLists) throw geometryError(fromLists);
    geometry = fromLists;
  }
  const checked = checkPlotGeometry(geometry);
  if (!checked.ok) throw geometryError(checked);
  return checked;
}

function geometryError(refusal: GeometryRefusal, where: Record<string, unknown> = {}): AppError {
  const { ok: _ok, problem, ...at } = refusal;
  return new AppError(ERRORS.plotInvalidGeometry, `Invalid outline: ${problem}`, {
    reason: problem,
    ...at,
    ...where,
  });
}

/** Hectares to the square metre. */
function roundHa(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function outlineColumns(outline: CheckedGeometry) {
  return {
    areaCalculated: outline.area_ha,
    geometry: outline.polygon,
    minLat: outline.bbox.min_lat,
    minLng: outline.bbox.min_lng,
    maxLat: outline.bbox.max_lat,
    maxLng: outline.bbox.max_lng,
    latitude: outline.inside.latitude,
    longitude: outline.inside.longitude,
  };
}
