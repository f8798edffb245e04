import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Stack, Typography, useTheme } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import { useTranslation } from 'react-i18next';
import './leaflet-global';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import {
  L,
  createBaseMap,
  fitPlots,
  plotLabel,
  ringsOf,
  toLatLngs,
  toPolygon,
  type Background,
  type BaseMap,
} from './leaflet-base';
import { MapFrame } from './map-frame';
import type { MapPolygon, PlotEditorMapProps } from './map-types';

const GEOMAN_LANGUAGES = { pt: 'pt_br', en: 'en', es: 'es' } as const;

// geoman's vertices and cursor are Leaflet markers, which Leaflet makes nameless focusable
// buttons: they are dragged with a pointer only (Leaflet has no keyboard dragging), so they stay
// out of the tab order and of the accessibility tree's buttons. The hint under the map says what
// the pointer does; the name, the area and the buttons are reachable by keyboard.
L.Marker.mergeOptions({ keyboard: false });

/** The Leaflet + geoman side of PlotEditorMap (plots-map.tsx loads it lazily). */
export function PlotEditorView({
  plots = [],
  highlightedIds,
  value,
  onChange,
  onDraft,
  drawOnOpen = false,
  height = 420,
  center,
  ariaLabel,
}: PlotEditorMapProps) {
  const { t, i18n } = useTranslation('map');
  const theme = useTheme();
  const referenceRef = useRef<L.LayerGroup | null>(null);
  const editLayerRef = useRef<L.Polygon | null>(null);
  // The outline the edit layer shows: a value equal to it came from the layer itself.
  const shownRef = useRef<MapPolygon | null>(null);
  const callbacks = useRef({ onChange, onDraft });
  useEffect(() => {
    callbacks.current = { onChange, onDraft };
  });
  const [background, setBackground] = useState<Background>('satellite');
  const [offline, setOffline] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const [base, setBase] = useState<BaseMap | null>(null);

  // The map lives as long as its element (a ref callback with its clean-up, React 19).
  const attach = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const created = createBaseMap(element, {
      background: 'satellite',
      zoomInTitle: t('zoom_in'),
      zoomOutTitle: t('zoom_out'),
      onOffline: setOffline,
    });
    const { map } = created;
    referenceRef.current = L.layerGroup().addTo(map);
    const language = i18n.language.slice(0, 2) as keyof typeof GEOMAN_LANGUAGES;
    map.pm.setLang(GEOMAN_LANGUAGES[language] ?? 'en');
    map.pm.setGlobalOptions({ allowSelfIntersection: false, snappable: true });

    const draftOf = (layer: L.Polyline): MapPolygon | null => {
      const points = layer.getLatLngs() as L.LatLng[];
      return points.length >= 3 ? toPolygon([points]) : null;
    };
    map.on('pm:drawstart', ({ workingLayer }) => {
      setDrawing(true);
      workingLayer.on('pm:vertexadded', () => {
        callbacks.current.onDraft?.(draftOf(workingLayer as L.Polyline));
      });
    });
    map.on('pm:drawend', () => {
      setDrawing(false);
      callbacks.current.onDraft?.(null);
    });
    map.on('pm:create', ({ layer }) => {
      const geometry = toPolygon(ringsOf(layer as L.Polygon));
      layer.remove();
      callbacks.current.onChange(geometry);
    });
    setBase(created);
    return () => {
      created.destroy();
      referenceRef.current = null;
      editLayerRef.current = null;
      shownRef.current = null;
      setBase(null);
    };
    // Made once per element; the zoom titles and geoman's language follow the language below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The first view (before any layer: geoman edits a layer only on a map with a view): the outline being edited, else the farm's plots, else the farm's place.
  // A language switched in place: the zoom buttons and the drawing tool's texts follow it.
  useEffect(() => {
    if (!base) return;
    base.setZoomTitles(t('zoom_in'), t('zoom_out'));
    const language = i18n.language.slice(0, 2) as keyof typeof GEOMAN_LANGUAGES;
    base.map.pm.setLang(GEOMAN_LANGUAGES[language] ?? 'en');
  }, [base, t, i18n.language]);

  useEffect(() => {
    const map = base?.map;
    if (!map) return;
    fitPlots(map, value ? [value] : plots.map((plot) => plot.geometry), center);
    if (drawOnOpen && !value) map.pm.enableDraw('Polygon');
    // Once, when the map is ready: later changes come from the user, whose view must stay.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base]);

  // The farm's other plots, grey, for reference.
  useEffect(() => {
    const group = referenceRef.current;
    if (!group) return;
    group.clearLayers();
    for (const plot of plots) {
      const overlapped = highlightedIds?.includes(plot.id) ?? false;
      L.polygon(toLatLngs(plot.geometry), {
        color: overlapped ? theme.palette.error.main : theme.palette.grey[600],
        weight: overlapped ? 2 : 1,
        fillOpacity: overlapped ? 0.3 : 0.15,
        interactive: false,
        className: overlapped ? 'plot-overlapped' : '',
      })
        .bindTooltip(plotLabel(plot), { permanent: overlapped, direction: 'center' })
        .addTo(group);
    }
  }, [plots, highlightedIds, theme, base]);

  // The editable outline: drawn again only when the value did not come from the layer itself.
  useEffect(() => {
    const map = base?.map;
    if (!map || value === shownRef.current) return;
    editLayerRef.current?.remove();
    editLayerRef.current = null;
    shownRef.current = value;
    if (!value) return;
    const layer = L.polygon(toLatLngs(value), {
      color: theme.palette.warning.main,
      fillColor: theme.palette.warning.main,
      fillOpacity: 0.3,
      weight: 3,
    }).addTo(map);
    layer.pm.enable({ allowSelfIntersection: false, removeVertexOn: 'contextmenu' });
    layer.on('pm:edit', () => {
      const geometry = toPolygon(ringsOf(layer));
      shownRef.current = geometry;
      callbacks.current.onChange(geometry);
    });
    editLayerRef.current = layer;
  }, [value, theme, base]);

  const startDrawing = () => base?.map.pm.enableDraw('Polygon');
  const stopDrawing = () => base?.map.pm.disableDraw();

  return (
    <MapFrame
      mapRef={attach}
      height={height}
      ariaLabel={ariaLabel}
      background={background}
      onBackground={(next) => {
        setBackground(next);
        setOffline(false);
        base?.setBackground(next);
      }}
      offline={offline}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mt: 1, alignItems: { sm: 'center' } }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} data-testid="map-hint">
          {drawing ? t('hint_drawing') : value ? t('hint_editing') : t('hint_start')}
        </Typography>
        {drawing && (
          <Button size="small" onClick={stopDrawing}>
            {t('cancel_drawing')}
          </Button>
        )}
        {!drawing && !value && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<DrawOutlinedIcon />}
            onClick={startDrawing}
          >
            {t('draw')}
          </Button>
        )}
        {!drawing && value && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => callbacks.current.onChange(null)}
          >
            {t('clear')}
          </Button>
        )}
      </Stack>
    </MapFrame>
  );
}
