import type { QueryClient } from '@tanstack/react-query';
import {
  kmlPreviewSchema,
  plotSchema,
  type EnableBody,
  type KmlPreview,
  type Plot,
  type PlotCreateBody,
  type PlotUpdateBody,
} from '@lavoura/domain';
import { z } from 'zod/mini';
import { farmKeys } from './farms';
import { apiFetch } from './http';

export type { KmlPreview };

// What a change to a farm's plots makes stale: its plot lists, each plot's page, its figures and
// its card (area, plot count) in the farm list. Other farm queries (notifications) stay.
const PLOT_DEPENDENT = new Set(['plots', 'plot', 'stats', 'detail']);

/** Marks stale what a plot write of farm `farmId` changed; the open screens fetch again. */
export async function invalidateAfterPlotWrite(
  queryClient: QueryClient,
  farmId: number,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) =>
        queryKey[0] === farmKeys.farm(farmId)[0] &&
        queryKey[1] === farmId &&
        PLOT_DEPENDENT.has(String(queryKey[2])),
    }),
    queryClient.invalidateQueries({ queryKey: farmKeys.list }),
  ]);
}

/** POST /api/talhoes: a new plot from its outline (the area is computed by the server). */
export function createPlot(body: PlotCreateBody): Promise<Plot> {
  return apiFetch('/api/talhoes', { method: 'POST', json: body, schema: plotSchema });
}

/** PUT /api/talhoes/{id} with the `updated_at` it was read with: 409 when it changed since. */
export function updatePlot(plotId: number, body: PlotUpdateBody): Promise<Plot> {
  return apiFetch(`/api/talhoes/${plotId}`, { method: 'PUT', json: body, schema: plotSchema });
}

/** DELETE /api/talhoes/{id}: refused while a sowing on it waits for its harvest. */
export function deletePlot(plotId: number): Promise<void> {
  return apiFetch(`/api/talhoes/${plotId}`, { method: 'DELETE' });
}

/** PUT /api/plots/{id}/enable-disable: enabling again is limited per season. */
export function setPlotEnabled(plotId: number, body: EnableBody): Promise<Plot> {
  return apiFetch(`/api/plots/${plotId}/enable-disable`, {
    method: 'PUT',
    json: body,
    schema: plotSchema,
  });
}

/** What the user chose on the preview: the attribute naming the plots, the overlaps confirmed. */
export interface KmlFileOptions {
  /** One of the preview's `attributes`; none: each Placemark's own name. */
  nameAttribute?: string;
  /** The user saw the overlaps (409 exception.plot.overlap) and imports anyway. */
  confirmOverlap?: boolean;
}

function kmlQuery({ nameAttribute, confirmOverlap }: KmlFileOptions): string {
  const query = new URLSearchParams();
  if (nameAttribute) query.set('name_attribute', nameAttribute);
  if (confirmOverlap) query.set('confirm_overlap', '1');
  const text = query.toString();
  return text ? `?${text}` : '';
}

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** POST /api/plots/kml-preview (multipart field `file`): the file's polygons, not saved. */
export function previewKml(
  file: File,
  options: KmlFileOptions = {},
  signal?: AbortSignal,
): Promise<KmlPreview> {
  return apiFetch(`/api/plots/kml-preview${kmlQuery(options)}`, {
    method: 'POST',
    body: fileForm(file),
    signal,
    schema: kmlPreviewSchema,
  });
}

/**
 * POST /api/fazendas/{id}/kml-import: the same file sent again, read on the server as its preview
 * was and saved in one transaction (all or none), however many plots it holds.
 */
export function importKml(
  farmId: number,
  file: File,
  options: KmlFileOptions = {},
): Promise<Plot[]> {
  return apiFetch(`/api/fazendas/${farmId}/kml-import${kmlQuery(options)}`, {
    method: 'POST',
    body: fileForm(file),
    schema: z.array(plotSchema),
  });
}

/** GET /api/talhoes/{id}/fazenda/{farmId}: the plot as it is now (a 409 asks for it again). */
export function fetchPlot(farmId: number, plotId: number, signal?: AbortSignal): Promise<Plot> {
  return apiFetch(`/api/talhoes/${plotId}/fazenda/${farmId}`, { signal, schema: plotSchema });
}
