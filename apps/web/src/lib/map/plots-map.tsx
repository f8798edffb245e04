import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Box, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../i18n';
import type { PlotEditorMapProps, PlotsMapProps } from './map-types';

export type {
  MapCenter,
  MapPlot,
  MapPolygon,
  PlotEditorMapProps,
  PlotsMapProps,
} from './map-types';

/**
 * The plots map, lazy: Leaflet (and, for drawing, leaflet-geoman) with their CSS and the `map`
 * texts load the first time a map is shown, in chunks of their own; no other page pays for them.
 * While they load the box keeps its size; when they cannot load (offline, a new deployment) the
 * box says so and the page around it goes on working.
 */
const LazyPlotsMap = lazy(async () => {
  const [module] = await Promise.all([import('./plots-map-view'), loadNamespaces(['map'])]);
  return { default: module.PlotsMapView };
});

const LazyPlotEditorMap = lazy(async () => {
  const [module] = await Promise.all([import('./plot-editor-view'), loadNamespaces(['map'])]);
  return { default: module.PlotEditorView };
});

function MapUnavailable({ height }: { height: number | string }) {
  const { t } = useTranslation('map');
  return (
    <Box
      sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
      data-testid="map-unavailable"
    >
      <Alert severity="warning">{t('unavailable', { defaultValue: fallbackText() })}</Alert>
    </Box>
  );
}

/** The `map` texts may be the very thing that failed to load. */
function fallbackText(): string {
  const language = document.documentElement.lang;
  if (language.startsWith('pt')) return 'O mapa não pôde ser carregado.';
  if (language.startsWith('es')) return 'No se pudo cargar el mapa.';
  return 'The map could not be loaded.';
}

/** A map that fails to load or draw stays a notice in its box: the page and its forms go on. */
class MapBoundary extends Component<
  { height: number | string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The map failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) return <MapUnavailable height={this.props.height} />;
    return this.props.children;
  }
}

function MapLoading({ height }: { height: number | string }) {
  return (
    <Skeleton variant="rectangular" sx={{ height, borderRadius: 1 }} data-testid="map-loading" />
  );
}

/**
 * The farm's plots on a map: fitted to their bounds (or `center` when there are none), each with
 * its name (and area) as a label, the selected one highlighted, a click selecting one. Street or
 * satellite tiles when they load; otherwise a plain background and a notice.
 */
export function PlotsMap(props: PlotsMapProps) {
  const height = props.height ?? 360;
  return (
    <MapBoundary height={height}>
      <Suspense fallback={<MapLoading height={height} />}>
        <LazyPlotsMap {...props} height={height} />
      </Suspense>
    </MapBoundary>
  );
}

/**
 * One plot's outline to draw (click the corners, click the first one to close) or to edit (drag,
 * add or remove vertices), over the farm's other plots.
 */
export function PlotEditorMap(props: PlotEditorMapProps) {
  const height = props.height ?? 420;
  return (
    <MapBoundary height={height}>
      <Suspense fallback={<MapLoading height={height} />}>
        <LazyPlotEditorMap {...props} height={height} />
      </Suspense>
    </MapBoundary>
  );
}
