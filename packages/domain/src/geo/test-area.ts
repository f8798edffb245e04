import proj4 from 'proj4';

/**
 * For tests only (imports proj4, a root devDependency): plot areas computed independently of
 * GeographicLib, to check plot-geometry.ts and kml.ts against.
 *
 * Each ring is projected with proj4 to the UTM zone of the polygon's first point (EPSG:326xx north,
 * EPSG:327xx south, WGS84) and measured with the shoelace formula. UTM is conformal, so its areas
 * are off by the square of the scale factor k: k = 0.9996 on the central meridian (-0.08 % in
 * area) growing to about 1.001 at a zone's edge near the equator (+0.2 %). `corrected_ha` divides
 * by k² at the polygon (k = k0 (1 + x² / (2 k0² R²)), x the distance from the central meridian), which
 * leaves an error of a few parts per million for a field.
 */
export interface IndependentArea {
  /** The UTM zone's EPSG code. */
  epsg: number;
  /** Shoelace area of the UTM coordinates, holes subtracted. */
  utm_ha: number;
  /** The same, corrected for UTM's scale factor at the polygon. */
  corrected_ha: number;
}

const K0 = 0.9996;
const FALSE_EASTING = 500_000;
const EARTH_RADIUS = 6_371_000;

function shoelace(points: number[][]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    sum += x1! * y2! - x2! * y1!;
  }
  return Math.abs(sum) / 2;
}

/** Rings as GeoJSON writes them ([longitude, latitude, altitude?], closed or not); outer first. */
export function independentArea(rings: number[][][]): IndependentArea {
  const [longitude, latitude] = rings[0]![0]!;
  const zone = Math.floor((longitude! + 180) / 6) + 1;
  const south = latitude! < 0;
  const epsg = (south ? 32700 : 32600) + zone;
  const utm = proj4(
    'EPSG:4326',
    `+proj=utm +zone=${zone}${south ? ' +south' : ''} +datum=WGS84 +units=m +no_defs`,
  );
  let squareMetres = 0;
  let eastings = 0;
  let count = 0;
  for (const [index, ring] of rings.entries()) {
    const projected = ring.map(([lng, lat]) => utm.forward([lng!, lat!]));
    const area = shoelace(projected);
    squareMetres += index === 0 ? area : -area;
    if (index === 0) {
      for (const [easting] of projected) eastings += easting!;
      count = projected.length;
    }
  }
  const x = eastings / count - FALSE_EASTING;
  const k = K0 * (1 + (x * x) / (2 * K0 * K0 * EARTH_RADIUS * EARTH_RADIUS));
  return { epsg, utm_ha: squareMetres / 10_000, corrected_ha: squareMetres / (k * k) / 10_000 };
}

/**
 * The area on a sphere of radius 6,371,008.8 m, as turf's @turf/area computes it: what the
 * ellipsoid changes (about +0.45 % near the equator).
 */
export function sphericalAreaHa(closedRing: number[][]): number {
  const radius = 6_371_008.8;
  const radians = Math.PI / 180;
  const open = closedRing.slice(0, -1);
  let total = 0;
  for (let i = 0; i < open.length; i++) {
    const previous = open[(i + open.length - 1) % open.length]!;
    const next = open[(i + 1) % open.length]!;
    total += (next[0]! - previous[0]!) * radians * Math.sin(open[i]![1]! * radians);
  }
  return (Math.abs(total) * radius * radius) / 2 / 10_000;
}

/** |a − b| / b in per cent. */
export function deviationPercent(value: number, reference: number): number {
  return (Math.abs(value - reference) / reference) * 100;
}
