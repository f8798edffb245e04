import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Box, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../../../lib/i18n';
import type { NdviMapProps } from './ndvi-map-types';

/** Leaflet, its CSS and the `map` texts load with the first NDVI map, in chunks of their own. */
const LazyNdviMap = lazy(async () => {
  const [module] = await Promise.all([import('./ndvi-map-view'), loadNamespaces(['map'])]);
  return { default: module.NdviMapView };
});

function MapUnavailable({ height }: { height: number | string }) {
  const { t } = useTranslation('map');
  return (
    <Box
      sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
      data-testid="map-unavailable"
    >
      <Alert severity="warning">{t('unavailable')}</Alert>
    </Box>
  );
}

/** A map that fails to load or draw is a notice in its box: the scenes and the legend go on. */
class MapBoundary extends Component<
  { height: number | string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The NDVI map failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) return <MapUnavailable height={this.props.height} />;
    return this.props.children;
  }
}

/** The plot with one date's NDVI image over it; tiles when they load, a plain background otherwise. */
export function NdviMap(props: NdviMapProps) {
  const height = props.height ?? 360;
  return (
    <MapBoundary height={height}>
      <Suspense
        fallback={
          <Skeleton
            variant="rectangular"
            sx={{ height, borderRadius: 1 }}
            data-testid="map-loading"
          />
        }
      >
        <LazyNdviMap {...props} height={height} />
      </Suspense>
    </MapBoundary>
  );
}
