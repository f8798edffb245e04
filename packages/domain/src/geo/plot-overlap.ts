import { intersection, union } from 'polyclip-ts';
import { ringAreaSquareMetres, type PlotPolygon } from './plot-geometry.ts';

/**
 * Plots of one farm that cover the same ground. Outlines are clipped with polyclip-ts (the
 * polygon clipper of turf's intersect and union), in longitude/latitude as plane coordinates, and
 * the pieces are measured on the WGS84 ellipsoid like a plot: at a field's size, a straight edge in
 * degrees and the geodesic between its ends are the same line.
 */

/**
 * Less shared ground than this (100 m², a 1 m strip along 100 m) is the imprecision of two
 * neighbours drawn edge to edge, not an overlap. It is also the least area the screens show
 * (hectares with two decimals), so an overlap shown is never "0.00 ha".
 */
export const MIN_OVERLAP_HA = 0.01;

export interface OutlinedPlot {
  id: number;
  nome: string;
  geometry: PlotPolygon;
}

export interface PlotOverlap {
  id: number;
  nome: string;
  /** The ground the new outline shares with this plot (ha). */
  area_ha: number;
}

type Ring = [number, number][];
type Box = [minLng: number, minLat: number, maxLng: number, maxLat: number];

function boxOf(polygon: PlotPolygon): Box {
  const outer = polygon.coordinates[0] ?? [];
  const longitudes = outer.map(([lng]) => lng);
  const latitudes = outer.map(([, lat]) => lat);
  return [
    Math.min(...longitudes),
    Math.min(...latitudes),
    Math.max(...longitudes),
    Math.max(...latitudes),
  ];
}

function boxesMeet(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

function geomOf(polygon: PlotPolygon): Ring[] {
  return polygon.coordinates.map((ring) =>
    ring.map(([lng, lat]) => [lng, lat] as [number, number]),
  );
}

/** Geodesic area (ha) of polyclip's answer: polygons of an outer ring and its holes. */
function multiPolygonAreaHa(pieces: Ring[][]): number {
  let squareMetres = 0;
  for (const polygon of pieces) {
    const [outer, ...holes] = polygon;
    if (!outer) continue;
    squareMetres += ringAreaSquareMetres(outer);
    for (const hole of holes) squareMetres -= ringAreaSquareMetres(hole);
  }
  return Math.max(0, squareMetres) / 10_000;
}

/** The ground two outlines share (ha); 0 when they only touch. */
export function overlapAreaHa(a: PlotPolygon, b: PlotPolygon): number {
  if (!boxesMeet(boxOf(a), boxOf(b))) return 0;
  return multiPolygonAreaHa(intersection(geomOf(a), geomOf(b)));
}

/**
 * The plots an outline overlaps, with the ground it shares with each (at least
 * `MIN_OVERLAP_HA`), largest first. `others` are the farm's other live plots (not the plot being
 * edited).
 */
export function plotOverlaps(outline: PlotPolygon, others: readonly OutlinedPlot[]): PlotOverlap[] {
  const box = boxOf(outline);
  const found: PlotOverlap[] = [];
  for (const plot of others) {
    if (!boxesMeet(box, boxOf(plot.geometry))) continue;
    const area = overlapAreaHa(outline, plot.geometry);
    if (area >= MIN_OVERLAP_HA) found.push({ id: plot.id, nome: plot.nome, area_ha: area });
  }
  return found.sort((a, b) => b.area_ha - a.area_ha || a.id - b.id);
}

/**
 * The ground counted more than once when the outlines' areas are added up (ha): their areas' sum
 * less the area of their union. Only outlines whose boxes meet another's are clipped, so a farm of
 * separate plots costs one pass over their boxes.
 */
export function sharedGroundHa(outlines: readonly PlotPolygon[]): number {
  const boxes = outlines.map(boxOf);
  const meeting = outlines.filter((_, i) =>
    boxes.some((other, j) => i !== j && boxesMeet(boxes[i]!, other)),
  );
  if (meeting.length < 2) return 0;
  const geoms = meeting.map(geomOf);
  const sum = geoms.reduce((total, geom) => total + multiPolygonAreaHa([geom]), 0);
  const covered = multiPolygonAreaHa(union(geoms[0]!, ...geoms.slice(1)));
  const shared = sum - covered;
  return shared >= MIN_OVERLAP_HA ? shared : 0;
}

/**
 * A farm's total area: its plots' areas added up, less the ground their outlines share, so that
 * ground confirmed as overlapping counts once (the union of the plots where the areas are the
 * outlines'; a plot's stated area is kept as stated).
 */
export function farmTotalAreaHa(plots: readonly { area: number; geometry: PlotPolygon }[]): number {
  const sum = plots.reduce((total, plot) => total + plot.area, 0);
  return Math.max(0, sum - sharedGroundHa(plots.map((plot) => plot.geometry)));
}
