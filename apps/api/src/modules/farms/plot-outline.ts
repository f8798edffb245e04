import {
  checkPlotGeometry,
  polygonFromPipeLists,
  type CheckedGeometry,
  type GeometryRefusal,
} from '@lavoura/domain/geo';
import { ERRORS } from '@lavoura/domain';
import { AppError } from '../../http/app-error.ts';

/** The outline of a body: its GeoJSON, or its two pipe lists; refused with the reason. */
export function checkedOutline(body: {
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

export function geometryError(
  refusal: GeometryRefusal,
  where: Record<string, unknown> = {},
): AppError {
  const { ok: _ok, problem, ...at } = refusal;
  return new AppError(ERRORS.plotInvalidGeometry, `Invalid outline: ${problem}`, {
    reason: problem,
    ...at,
    ...where,
  });
}

export function outlineColumns(outline: CheckedGeometry) {
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
