import { useCallback, useEffect, useRef, useState } from 'react';
import { useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  L,
  createBaseMap,
  fitPlots,
  labelSize,
  plotLabel,
  toLatLngs,
  type Background,
  type BaseMap,
} from './leaflet-base';
import { MapFrame } from './map-frame';
import type { PlotsMapProps } from './map-types';

/** With more plots than this, names show on hover only: a label per plot would cover the map. */
const PERMANENT_LABELS_UP_TO = 40;

interface Drawn {
  polygon: L.Polygon;
  label: HTMLElement;
  size: { width: number; height: number };
}

/**
 * Each plot's label stays on the map when it fits inside the plot at the current zoom, and shows
 * on hover (or a tap) otherwise: zoomed out, labels of small neighbouring plots would cover each
 * other.
 */
function placeLabels(map: L.Map, drawn: readonly Drawn[]): void {
  for (const { polygon, label, size } of drawn) {
    const bounds = polygon.getBounds();
    const northEast = map.latLngToContainerPoint(bounds.getNorthEast());
    const southWest = map.latLngToContainerPoint(bounds.getSouthWest());
    const fits =
      drawn.length <= PERMANENT_LABELS_UP_TO &&
      Math.abs(northEast.x - southWest.x) >= size.width &&
      Math.abs(southWest.y - northEast.y) >= size.height;
    if (polygon.getTooltip()?.options.permanent === fits) continue;
    polygon.unbindTooltip();
    polygon.bindTooltip(label, {
      permanent: fits,
      direction: 'center',
      className: 'lavoura-plot-label',
    });
  }
}

/** The Leaflet side of PlotsMap (plots-map.tsx loads it lazily). */
export function PlotsMapView({
  plots,
  selectedId = null,
  onSelect,
  height = 360,
  center,
  ariaLabel,
}: PlotsMapProps) {
  const { t } = useTranslation('map');
  const theme = useTheme();
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  });
  const [background, setBackground] = useState<Background>('satellite');
  const [offline, setOffline] = useState(false);
  const [view, setView] = useState<{ base: BaseMap; group: L.LayerGroup } | null>(null);
  const drawnRef = useRef<Drawn[]>([]);
  // Labels are placed once the map has a view (after the first fit).
  const fittedRef = useRef(false);

  // The map lives as long as its element (a ref callback with its clean-up, React 19).
  const attach = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const base = createBaseMap(element, {
      background: 'satellite',
      zoomInTitle: t('zoom_in'),
      zoomOutTitle: t('zoom_out'),
      onOffline: setOffline,
    });
    base.map.on('zoomend', () => {
      if (fittedRef.current) placeLabels(base.map, drawnRef.current);
    });
    setView({ base, group: L.layerGroup().addTo(base.map) });
    return () => {
      base.destroy();
      drawnRef.current = [];
      fittedRef.current = false;
      setView(null);
    };
    // Made once per element; the zoom titles follow the language in the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A language switched in place: the zoom buttons follow it (the map itself is kept).
  useEffect(() => {
    view?.base.setZoomTitles(t('zoom_in'), t('zoom_out'));
  }, [view, t]);

  // The outlines: redrawn when the plots or the selection change.
  useEffect(() => {
    if (!view) return;
    const { group } = view;
    group.clearLayers();
    const drawn: Drawn[] = [];
    const colour = theme.palette.primary.light;
    const selectedColour = theme.palette.warning.main;
    for (const plot of plots) {
      const selected = plot.id === selectedId;
      const polygon = L.polygon(toLatLngs(plot.geometry), {
        color: selected ? selectedColour : colour,
        weight: selected ? 4 : 2,
        fillColor: selected ? selectedColour : colour,
        fillOpacity: selected ? 0.35 : 0.2,
        interactive: true,
      });
      const label = plotLabel(plot);
      polygon.bindTooltip(label, { direction: 'center', className: 'lavoura-plot-label' });
      drawn.push({ polygon, label, size: labelSize(plot) });
      polygon.on('click', () => onSelectRef.current?.(plot.id));
      polygon.addTo(group);
      if (selected) polygon.bringToFront();
    }
    drawnRef.current = drawn;
    if (fittedRef.current) placeLabels(view.base.map, drawn);
  }, [plots, selectedId, theme, view]);

  // The view: the plots' bounds (or the given centre) when the set of plots changes.
  const outlineKey = plots
    .map((plot) => `${plot.id}:${plot.geometry.coordinates.flat().join()}`)
    .join('|');
  useEffect(() => {
    if (!view) return;
    fitPlots(
      view.base.map,
      plots.map((plot) => plot.geometry),
      center,
    );
    fittedRef.current = true;
    placeLabels(view.base.map, drawnRef.current);
    // Keyed by the outlines, not the array's identity: a re-render must not move the user's view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outlineKey, center?.[0], center?.[1], view]);

  return (
    <MapFrame
      mapRef={attach}
      height={height}
      ariaLabel={ariaLabel}
      background={background}
      onBackground={(next) => {
        setBackground(next);
        setOffline(false);
        view?.base.setBackground(next);
      }}
      offline={offline}
    />
  );
}
