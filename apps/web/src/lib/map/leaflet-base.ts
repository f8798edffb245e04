import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapCenter, MapPlot, MapPolygon } from './map-types';

/**
 * The map's background tiles. Street: OpenStreetMap's standard tiles (their usage policy asks for
 * the page's origin as Referer, which the app's no-referrer policy would withhold: the tiles carry
 * their own referrer policy). Satellite: Esri World Imagery. Each host is in the CSP's img-src
 * (apps/api/src/http/security-headers.ts).
 */
const TILE_SOURCES = {
  street: {
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution:
      '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">OpenStreetMap</a>',
    maxZoom: 19,
  },
  satellite: {
    url: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
    attribution: 'Esri, Maxar, Earthstar Geographics',
    maxZoom: 19,
  },
} as const;

export type Background = keyof typeof TILE_SOURCES;

/** Without a single tile after this long, the background counts as offline. */
const TILE_TIMEOUT_MS = 8000;

/** Brazil's centre, where a map with neither plots nor a farm location looks. */
const DEFAULT_CENTER: MapCenter = [-15.8, -47.9];

const ReferringTileLayer = L.TileLayer.extend({
  createTile(this: L.TileLayer, coords: L.Coords, done: L.DoneCallback): HTMLElement {
    const tile = L.TileLayer.prototype.createTile.call(this, coords, done) as HTMLImageElement;
    // Read when the image is fetched, after the current task: in time for the first request.
    tile.referrerPolicy = 'strict-origin-when-cross-origin';
    return tile;
  },
});

export interface BaseMap {
  map: L.Map;
  setBackground(background: Background): void;
  /** The zoom buttons' titles (and accessible names) in the language now chosen. */
  setZoomTitles(zoomInTitle: string, zoomOutTitle: string): void;
  destroy(): void;
}

/**
 * A Leaflet map on `element` with the chosen tiles, a translated zoom control, and a watch on the
 * tiles: `onOffline(true)` when none can load (no internet, a blocked host, an error), so the page
 * can say the background is offline while the plots stay drawn on a plain background.
 */
export function createBaseMap(
  element: HTMLElement,
  options: {
    background: Background;
    zoomInTitle: string;
    zoomOutTitle: string;
    onOffline: (offline: boolean) => void;
  },
): BaseMap {
  // Quarter zoom steps: fitting a farm's plots fills the box instead of halving them.
  const map = L.map(element, {
    zoomControl: false,
    attributionControl: true,
    minZoom: 2,
    zoomSnap: 0.25,
  });
  let zoom: L.Control.Zoom | null = null;
  // Leaflet writes the titles when the buttons are made: a new language makes new buttons.
  const setZoomTitles = (zoomInTitle: string, zoomOutTitle: string) => {
    zoom?.remove();
    zoom = L.control.zoom({ position: 'topleft', zoomInTitle, zoomOutTitle }).addTo(map);
  };
  setZoomTitles(options.zoomInTitle, options.zoomOutTitle);
  map.attributionControl.setPrefix(
    '<a href="https://leafletjs.com" target="_blank" rel="noreferrer">Leaflet</a>',
  );

  let layer: L.TileLayer | null = null;
  let loaded = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const setBackground = (background: Background) => {
    if (layer) layer.remove();
    clearTimeout(timer);
    loaded = false;
    const source = TILE_SOURCES[background];
    const tileOptions: L.TileLayerOptions = {
      attribution: source.attribution,
      maxZoom: source.maxZoom,
      // A broken tile stays transparent: the plain background shows through.
      errorTileUrl: '',
    };
    layer = new (ReferringTileLayer as unknown as typeof L.TileLayer)(source.url, tileOptions);
    layer.on('tileload', () => {
      loaded = true;
      clearTimeout(timer);
      options.onOffline(false);
    });
    layer.on('tileerror', () => {
      if (!loaded) options.onOffline(true);
    });
    if (typeof navigator !== 'undefined' && navigator.onLine === false) options.onOffline(true);
    timer = setTimeout(() => {
      if (!loaded) options.onOffline(true);
    }, TILE_TIMEOUT_MS);
    layer.addTo(map);
  };
  setBackground(options.background);

  // A dialog opens with a transition and a window resizes: the map follows its box.
  const observer =
    typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
  observer?.observe(element);

  return {
    map,
    setBackground,
    setZoomTitles,
    destroy() {
      clearTimeout(timer);
      observer?.disconnect();
      map.remove();
    },
  };
}

/** Leaflet's [lat, lng] rings of a GeoJSON polygon ([lng, lat]). */
export function toLatLngs(geometry: MapPolygon): L.LatLngExpression[][] {
  return geometry.coordinates.map((ring) =>
    ring.map(([lng, lat]) => [lat, lng] as [number, number]),
  );
}

/** A GeoJSON polygon of Leaflet's rings, closed. */
export function toPolygon(rings: L.LatLng[][]): MapPolygon {
  return {
    type: 'Polygon',
    coordinates: rings.map((ring) => {
      const points = ring.map(({ lat, lng }) => [lng, lat] as [number, number]);
      const first = points[0];
      const last = points[points.length - 1];
      if (first && last && (first[0] !== last[0] || first[1] !== last[1])) points.push(first);
      return points;
    }),
  };
}

/** The rings of a polygon layer (Leaflet nests them one level deeper for multi-polygons). */
export function ringsOf(layer: L.Polygon): L.LatLng[][] {
  const latLngs = layer.getLatLngs() as L.LatLng[] | L.LatLng[][] | L.LatLng[][][];
  if (latLngs.length === 0) return [];
  const first = latLngs[0]!;
  if (Array.isArray(first) && Array.isArray(first[0])) return latLngs[0] as L.LatLng[][];
  if (Array.isArray(first)) return latLngs as L.LatLng[][];
  return [latLngs as L.LatLng[]];
}

/**
 * The name and area of a plot as a label, on two lines: text, never HTML (a plot's name is user
 * input).
 */
export function plotLabel(plot: Pick<MapPlot, 'name' | 'areaLabel'>): HTMLElement {
  const label = document.createElement('span');
  const name = document.createElement('strong');
  name.textContent = plot.name;
  label.append(name);
  if (plot.areaLabel) {
    const area = document.createElement('span');
    area.textContent = plot.areaLabel;
    label.append(document.createElement('br'), area);
  }
  return label;
}

/** The label's size in px, about: 6.5 px per character of the 12 px text, plus its padding. */
export function labelSize(plot: Pick<MapPlot, 'name' | 'areaLabel'>): {
  width: number;
  height: number;
} {
  const characters = Math.max(plot.name.length, plot.areaLabel?.length ?? 0);
  return { width: characters * 6.5 + 16, height: plot.areaLabel ? 40 : 24 };
}

/** Fits the map to the plots, or looks at `center` (else Brazil) when there are none. */
export function fitPlots(
  map: L.Map,
  geometries: readonly MapPolygon[],
  center: MapCenter | null | undefined,
): void {
  const bounds = L.latLngBounds([]);
  for (const geometry of geometries) {
    for (const ring of geometry.coordinates) {
      for (const [lng, lat] of ring) bounds.extend([lat, lng]);
    }
  }
  if (bounds.isValid()) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 17 });
  else if (center) map.setView(center, 14);
  else map.setView(DEFAULT_CENTER, 4);
}

export { L };
