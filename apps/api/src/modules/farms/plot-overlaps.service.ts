import { ERRORS, type PlotOverlapInfo } from '@lavoura/domain';
import type { CheckedGeometry, PlotPolygon } from '@lavoura/domain/geo';
import {
  MIN_OVERLAP_HA,
  overlapAreaHa,
  plotOverlaps,
  type OutlinedPlot,
} from '@lavoura/domain/overlap';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { ofAccount } from '../../policies/tenancy.ts';

/**
 * Refuses outlines that cover ground of another live plot of the farm (or of another outline of
 * the same import) unless the user confirmed it (409 `plot.overlap`, naming each pair and the
 * ground they share, so that the screen can ask). `exceptPlotId` is the plot being edited.
 */
export async function refuseOverlaps(
  db: Database,
  session: Session,
  farmId: number,
  outlines: { nome: string; outline: CheckedGeometry }[],
  exceptPlotId?: number,
): Promise<void> {
  const existing = await farmOutlines(db, session, farmId, outlines, exceptPlotId);
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
      // The boxes the checker measured first: a file of hundreds of plots is mostly apart.
      if (!bboxesMeet(outline.bbox, earlier.outline.bbox)) continue;
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
async function farmOutlines(
  db: Database,
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
  const rows = await db
    .select({ id: t.plots.id, nome: t.plots.name, geometry: t.plots.geometry })
    .from(t.plots)
    .where(
      and(
        ofAccount(t.plots, session),
        eq(t.plots.farmId, farmId),
        isNull(t.plots.deletedAt),
        exceptPlotId !== undefined ? sql`${t.plots.id} <> ${exceptPlotId}` : undefined,
        or(...meets),
      ),
    )
    .orderBy(t.plots.id);
  return rows.map((row) => ({ ...row, geometry: row.geometry as PlotPolygon }));
}

function bboxesMeet(a: CheckedGeometry['bbox'], b: CheckedGeometry['bbox']): boolean {
  return (
    a.min_lng < b.max_lng && b.min_lng < a.max_lng && a.min_lat < b.max_lat && b.min_lat < a.max_lat
  );
}

/** Hectares to the square metre. */
function roundHa(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
