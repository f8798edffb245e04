/**
 * What the map components take. No Leaflet here: a page that imports these types (or the lazy
 * components of plots-map.tsx) does not bundle the map library.
 */

/** A GeoJSON Polygon (EPSG:4326): rings of [longitude, latitude], outer ring first. */
export interface MapPolygon {
  type: 'Polygon';
  coordinates: [number, number][][];
}

/** A plot drawn on the map: its outline, its name (a label) and, optionally, its area as text. */
export interface MapPlot {
  id: number;
  name: string;
  geometry: MapPolygon;
  /** Already formatted in the user's unit, e.g. "12.5 ha" or "30.9 ac". */
  areaLabel?: string;
}

/** [latitude, longitude], Leaflet's order. */
export type MapCenter = [number, number];

export interface PlotsMapProps {
  plots: readonly MapPlot[];
  selectedId?: number | null;
  onSelect?: (id: number) => void;
  /** CSS height; 360 px when not given. */
  height?: number | string;
  /** Where the map looks when there are no plots (the farm's coordinates). */
  center?: MapCenter | null;
  /** What the map shows, for screen readers ("Fields of Fazenda Santa Helena"). */
  ariaLabel: string;
}

export interface PlotEditorMapProps {
  /** The farm's other plots, drawn grey under the one being edited, for reference. */
  plots?: readonly MapPlot[];
  /** Those of `plots` the outline overlaps: drawn in the error colour with their names shown. */
  highlightedIds?: readonly number[];
  /** The outline being edited; null while there is none (draw a new one). */
  value: MapPolygon | null;
  /** The outline after a finished drawing or a moved, added or removed vertex; null when cleared. */
  onChange: (geometry: MapPolygon | null) => void;
  /** The points placed so far while drawing (for a live area); null when not drawing. */
  onDraft?: (geometry: MapPolygon | null) => void;
  /** Start drawing as soon as the map is ready (a new plot). */
  drawOnOpen?: boolean;
  height?: number | string;
  center?: MapCenter | null;
  ariaLabel: string;
}
