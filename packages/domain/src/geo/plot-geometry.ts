import { polygon as turfPolygon } from '@turf/helpers';
import kinks from '@turf/kinks';
import geodesic from 'geographiclib-geodesic';
import { disconnectingTouch, pointOffTouches, ringMeeting } from './ring-touches.ts';

/**
 * A plot's outline: GeoJSON (EPSG:4326, [longitude, latitude]) and the spec's two pipe lists.
 * One checker for the API (which refuses a bad outline) and the web app's map (which shows the
 * same reason while the user draws); the area is geodesic, on the WGS84 ellipsoid.
 */
export type Position = [longitude: number, latitude: number];

export interface PlotPolygon {
  type: 'Polygon';
  /** Outer ring first, then holes; each ring closed (last point = first). */
  coordinates: Position[][];
}

export type GeometryProblem =
  | 'not_a_polygon'
  | 'not_a_number'
  | 'latitude_out_of_range'
  | 'longitude_out_of_range'
  | 'too_few_points'
  | 'self_crossing'
  | 'pipe_lists_differ';

export interface CheckedGeometry {
  ok: true;
  /** Closed rings, two dimensions, no repeated consecutive points. */
  polygon: PlotPolygon;
  /** Geodesic area in hectares, holes subtracted. */
  area_ha: number;
  /** A point inside the outline (not only the centroid, which may fall outside a concave plot). */
  inside: { latitude: number; longitude: number };
  bbox: { min_lat: number; min_lng: number; max_lat: number; max_lng: number };
}

export interface GeometryRefusal {
  ok: false;
  problem: GeometryProblem;
  /** Which ring (0 = outer) and, where it helps, which point. */
  ring?: number;
  point?: number;
}

const MIN_PLOT_POINTS = 3;

const WGS84 = geodesic.Geodesic.WGS84;

/** Geodesic area (m²) of a closed ring, positive whatever the ring's orientation. */
export function ringAreaSquareMetres(ring: Position[]): number {
  const polygon = WGS84.Polygon(false);
  for (const [longitude, latitude] of ring.slice(0, -1)) polygon.AddPoint(latitude, longitude);
  const { area } = polygon.Compute(false, true);
  return Math.abs(area ?? 0);
}

function samePosition(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/**
 * Twice the signed area of a closed ring in degrees² (shoelace, lon/lat as plane coordinates),
 * taken from the first point so that large coordinates do not drown a field's small differences.
 */
function planarDoubleArea(ring: Position[]): number {
  const [x0, y0] = ring[0]!;
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[i + 1]!;
    sum += (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  }
  return sum;
}

/**
 * Whether a ring encloses nothing: all its points on one line (it runs back over itself, which
 * turf's kinks does not see, as it skips parallel segments). Relative to the ring's extent, so
 * that only truly flat rings count.
 */
function isFlat(ring: Position[]): boolean {
  const longitudes = ring.map(([lng]) => lng);
  const latitudes = ring.map(([, lat]) => lat);
  const extent = Math.max(
    Math.max(...longitudes) - Math.min(...longitudes),
    Math.max(...latitudes) - Math.min(...latitudes),
  );
  return Math.abs(planarDoubleArea(ring)) <= 1e-9 * extent * extent;
}

/** Even-odd test of a point strictly inside or outside a closed ring (not on its boundary). */
function isInsideRing([x, y]: Position, ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 2; i < ring.length - 1; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * A point strictly inside a valid polygon (holes excluded), as GEOS's InteriorPointArea finds it:
 * a horizontal line between two vertex latitudes near the middle of the outline (so through no
 * vertex) crosses the rings; the widest stretch inside is halved. The centroid, or turf's
 * pointOnFeature (which falls back to a vertex, on the boundary), may miss a concave plot.
 */
function interiorPoint(rings: Position[][]): Position {
  const outer = rings[0]!;
  const latitudes = outer.map(([, lat]) => lat);
  const middle = (Math.min(...latitudes) + Math.max(...latitudes)) / 2;
  let below = -Infinity;
  let above = Infinity;
  for (const ring of rings) {
    for (const [, lat] of ring) {
      if (lat <= middle && lat > below) below = lat;
      if (lat > middle && lat < above) above = lat;
    }
  }
  const scanLat = (below + above) / 2;
  const crossings: number[] = [];
  for (const ring of rings) {
    for (let i = 0; i < ring.length - 1; i++) {
      const [x1, y1] = ring[i]!;
      const [x2, y2] = ring[i + 1]!;
      if (y1 > scanLat !== y2 > scanLat)
        crossings.push(x1 + ((scanLat - y1) * (x2 - x1)) / (y2 - y1));
    }
  }
  crossings.sort((a, b) => a - b);
  let best: Position = [outer[0]![0], scanLat];
  let widest = -1;
  for (let i = 0; i + 1 < crossings.length; i += 2) {
    const width = crossings[i + 1]! - crossings[i]!;
    if (width > widest) {
      widest = width;
      best = [(crossings[i]! + crossings[i + 1]!) / 2, scanLat];
    }
  }
  return best;
}

/**
 * Rings that do not make one polygon (OGC simple features): a ring crossing or touching itself,
 * a ring enclosing nothing, rings crossing or sharing a stretch of edge, a hole outside the outer
 * ring or inside another hole, holes touching so that they cut the inside in two. A hole may touch
 * the outer ring or another hole at one point.
 */
function ringsProblem(rings: Position[][]): GeometryRefusal | undefined {
  for (const [index, ring] of rings.entries()) {
    // A ring that crosses itself has no well-defined inside, so no area.
    if (isFlat(ring) || kinks(turfPolygon([ring])).features.length > 0)
      return { ok: false, problem: 'self_crossing', ring: index };
  }
  const [outer, ...holes] = rings;
  const touching: { rings: [number, number]; touches: Set<string> }[] = [];
  for (const [offset, hole] of holes.entries()) {
    const index = offset + 1;
    const withOuter = ringMeeting(outer!, hole);
    if (withOuter.crossing) return { ok: false, problem: 'self_crossing', ring: index };
    // Not crossing the outer ring, a hole is wholly inside it or wholly outside.
    if (!isInsideRing(pointOffTouches(hole, withOuter.touches), outer!))
      return { ok: false, problem: 'not_a_polygon', ring: index };
    if (withOuter.touches.size > 0)
      touching.push({ rings: [0, index], touches: withOuter.touches });
    for (const [otherOffset, other] of holes.slice(0, offset).entries()) {
      const meeting = ringMeeting(other, hole);
      if (meeting.crossing) return { ok: false, problem: 'self_crossing', ring: index };
      if (
        isInsideRing(pointOffTouches(hole, meeting.touches), other) ||
        isInsideRing(pointOffTouches(other, meeting.touches), hole)
      )
        return { ok: false, problem: 'not_a_polygon', ring: index };
      if (meeting.touches.size > 0)
        touching.push({ rings: [otherOffset + 1, index], touches: meeting.touches });
    }
  }
  const cut = disconnectingTouch(touching);
  if (cut !== undefined)
    return { ok: false, problem: 'self_crossing', ring: touching[cut]!.rings[1] };
  return undefined;
}

/**
 * A ring as drawn or imported, made canonical: altitudes dropped, repeated consecutive points
 * dropped, closed. Open or closed input is accepted (a closing point equal to the first is not a
 * point of its own).
 */
function canonicalRing(raw: unknown, ringIndex: number): { ring: Position[] } | GeometryRefusal {
  if (!Array.isArray(raw)) return { ok: false, problem: 'not_a_polygon', ring: ringIndex };
  const points: Position[] = [];
  for (const [pointIndex, position] of raw.entries()) {
    if (!Array.isArray(position) || position.length < 2)
      return { ok: false, problem: 'not_a_polygon', ring: ringIndex, point: pointIndex };
    const [longitude, latitude] = position as unknown[];
    if (typeof longitude !== 'number' || typeof latitude !== 'number')
      return { ok: false, problem: 'not_a_number', ring: ringIndex, point: pointIndex };
    if (!Number.isFinite(longitude) || !Number.isFinite(latitude))
      return { ok: false, problem: 'not_a_number', ring: ringIndex, point: pointIndex };
    if (latitude < -90 || latitude > 90)
      return { ok: false, problem: 'latitude_out_of_range', ring: ringIndex, point: pointIndex };
    if (longitude < -180 || longitude > 180)
      return { ok: false, problem: 'longitude_out_of_range', ring: ringIndex, point: pointIndex };
    const point: Position = [longitude, latitude];
    const previous = points[points.length - 1];
    if (!previous || !samePosition(previous, point)) points.push(point);
  }
  if (points.length > 1 && samePosition(points[0]!, points[points.length - 1]!)) points.pop();
  const distinct = new Set(points.map(([lng, lat]) => `${lng},${lat}`));
  if (distinct.size < MIN_PLOT_POINTS)
    return { ok: false, problem: 'too_few_points', ring: ringIndex };
  return { ring: [...points, points[0]!] };
}

/** Checks an outline and computes what the plot stores with it. */
export function checkPlotGeometry(geometry: unknown): CheckedGeometry | GeometryRefusal {
  if (
    typeof geometry !== 'object' ||
    geometry === null ||
    (geometry as { type?: unknown }).type !== 'Polygon' ||
    !Array.isArray((geometry as { coordinates?: unknown }).coordinates) ||
    (geometry as { coordinates: unknown[] }).coordinates.length === 0
  ) {
    return { ok: false, problem: 'not_a_polygon' };
  }
  const rings: Position[][] = [];
  for (const [index, raw] of (geometry as { coordinates: unknown[] }).coordinates.entries()) {
    const checked = canonicalRing(raw, index);
    if ('ok' in checked) return checked;
    rings.push(checked.ring);
  }
  const problem = ringsProblem(rings);
  if (problem) return problem;
  const polygon: PlotPolygon = { type: 'Polygon', coordinates: rings };
  const [outer, ...holes] = rings;
  const squareMetres =
    ringAreaSquareMetres(outer!) -
    holes.reduce((total, hole) => total + ringAreaSquareMetres(hole), 0);
  const [insideLng, insideLat] = interiorPoint(rings);
  const latitudes = outer!.map(([, lat]) => lat);
  const longitudes = outer!.map(([lng]) => lng);
  return {
    ok: true,
    polygon,
    area_ha: Math.max(0, squareMetres) / 10_000,
    inside: { latitude: insideLat, longitude: insideLng },
    bbox: {
      min_lat: Math.min(...latitudes),
      min_lng: Math.min(...longitudes),
      max_lat: Math.max(...latitudes),
      max_lng: Math.max(...longitudes),
    },
  };
}

/**
 * The spec's pipe lists (`"lat1|lat2|…"`, `"lng1|lng2|…"`) as a polygon of one ring. The ring may
 * be open or closed; the checker does the rest.
 */
export function polygonFromPipeLists(
  latitudes: string,
  longitudes: string,
): PlotPolygon | GeometryRefusal {
  // No points at all is an outline too short, not a number problem.
  if (latitudes.trim() === '' && longitudes.trim() === '')
    return { type: 'Polygon', coordinates: [[]] };
  const lats = latitudes.split('|').map((value) => value.trim());
  const lngs = longitudes.split('|').map((value) => value.trim());
  if (lats.length !== lngs.length) return { ok: false, problem: 'pipe_lists_differ' };
  const ring: Position[] = [];
  for (const [index, lat] of lats.entries()) {
    const latitude = decimal(lat);
    const longitude = decimal(lngs[index]!);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude))
      return { ok: false, problem: 'not_a_number', ring: 0, point: index };
    ring.push([longitude, latitude]);
  }
  return { type: 'Polygon', coordinates: [ring] };
}

/** A decimal number as the spec writes degrees (`-25.0421`), else NaN (`Number` takes `0x1f`, `''`). */
function decimal(text: string): number {
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
}

/** The outer ring as the spec's two pipe lists, without the closing point. */
export function pipeListsOf(polygon: PlotPolygon): {
  coordenadas_lat: string;
  coordenadas_lng: string;
} {
  const ring = polygon.coordinates[0]!.slice(0, -1);
  return {
    coordenadas_lat: ring.map(([, lat]) => lat).join('|'),
    coordenadas_lng: ring.map(([lng]) => lng).join('|'),
  };
}
