// shpjs 6 ships no types: the one function the field-data import uses.
declare module 'shpjs' {
  interface FeatureCollection {
    type: 'FeatureCollection';
    features: { type: 'Feature'; geometry: unknown; properties: Record<string, unknown> | null }[];
    fileName?: string;
  }
  /** A zipped shapefile (or several layers) as GeoJSON, reprojected to WGS84 when a .prj says how. */
  export function parseZip(
    buffer: ArrayBuffer | Uint8Array,
    whiteList?: string[],
  ): Promise<FeatureCollection | FeatureCollection[]>;
}
