import type { MapPolygon } from '../../../lib/map/map-types';

/** What the NDVI map takes (no Leaflet here: importing it does not bundle the map library). */
export interface NdviMapProps {
  /** The plot's outline, drawn over the image. */
  geometry: MapPolygon;
  /** [[south, west], [north, east]] of the image. */
  bounds: [[number, number], [number, number]];
  /** The image of the selected date; none while there is no scene. */
  imageUrl: string | null;
  imageAlt: string;
  /** Said under the map when the image cannot be loaded. */
  imageFailedText: string;
  height?: number | string;
  ariaLabel: string;
}
