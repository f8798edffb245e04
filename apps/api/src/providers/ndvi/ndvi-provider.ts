/**
 * Where NDVI scenes and images of a plot come from (DESIGN.md §6; issue 14 item 3): `simulated`,
 * the offline default (deterministic scenes every 5 days and a rendered index image, labelled
 * simulated), and `sentinel-hub`, Sentinel-2 L2A through the Sentinel Hub Catalog and Process APIs
 * (the Copernicus Data Space Ecosystem serves the same APIs at its own URLs).
 */
export const NDVI_PROVIDER_KINDS = ['simulated', 'sentinel-hub'] as const;
type NdviProviderKind = (typeof NDVI_PROVIDER_KINDS)[number];

/** A GeoJSON Polygon, EPSG:4326: rings of [longitude, latitude], outer ring first. */
export interface NdviPolygon {
  type: 'Polygon';
  coordinates: [number, number][][];
}

/** A plot as the providers need it. */
export interface NdviPlot {
  id: number;
  geometry: NdviPolygon;
  /** [west, south, east, north] of the outline. */
  bbox: [number, number, number, number];
  /** The plot's crops (sowing day and the day it was harvested or lost), for the simulated level. */
  crops: { sown: string; closed: string | null }[];
}

/** One scene of the plot: the day it was taken and its cloud cover (percent). */
export interface NdviScene {
  date: string;
  cloudCover: number;
}

export interface NdviProvider {
  readonly kind: NdviProviderKind;
  /** Made up offline: every answer says so and the page labels it. */
  readonly simulated: boolean;
  /** The record's `type`: the satellite source. */
  readonly source: string;
  /** The scenes over the plot from `from` to `to` (YYYY-MM-DD, inclusive), newest first. */
  scenes(plot: NdviPlot, from: string, to: string): Promise<NdviScene[]>;
  /** The plot's NDVI on `date` as a PNG, painted with NDVI_SCALE, transparent outside the outline. */
  image(plot: NdviPlot, date: string): Promise<Buffer>;
}

/** Metres per degree of latitude, and of longitude at `latitude`. */
export function metresPerDegree(latitude: number): { lat: number; lng: number } {
  return { lat: 110_574, lng: 111_320 * Math.cos((latitude * Math.PI) / 180) };
}

/**
 * The image size of a plot: Sentinel-2's 10 m pixels, the longer side between 64 and 512 pixels
 * (a small plot is smoothed up, a large one scaled down), the shorter one in proportion.
 */
export function imageSize(bbox: NdviPlot['bbox']): { width: number; height: number } {
  const [west, south, east, north] = bbox;
  const metres = metresPerDegree((south + north) / 2);
  const wide = Math.max((east - west) * metres.lng, 1);
  const tall = Math.max((north - south) * metres.lat, 1);
  const longer = Math.min(512, Math.max(64, Math.ceil(Math.max(wide, tall) / 10)));
  const scale = longer / Math.max(wide, tall);
  return {
    width: Math.max(1, Math.round(wide * scale)),
    height: Math.max(1, Math.round(tall * scale)),
  };
}

/** The [west, south, east, north] of a polygon's outer ring. */
export function bboxOf(geometry: NdviPolygon): NdviPlot['bbox'] {
  const ring = geometry.coordinates[0] ?? [];
  const lngs = ring.map(([lng]) => lng);
  const lats = ring.map(([, lat]) => lat);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}
