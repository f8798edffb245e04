import { useCallback, useEffect, useState } from 'react';
import { Stack, Typography, useTheme } from '@mui/material';
import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import { useTranslation } from 'react-i18next';
import {
  L,
  createBaseMap,
  fitPlots,
  toLatLngs,
  type Background,
  type BaseMap,
} from '../../../lib/map/leaflet-base';
import { MapFrame } from '../../../lib/map/map-frame';
import type { NdviMapProps } from './ndvi-map-types';

/** Under the plots' own pane (400): the outline stays visible over the image. */
const NDVI_PANE = 'lavoura-ndvi';

/** The Leaflet side of NdviMap (ndvi-map.tsx loads it lazily): the image on its bounds, the outline over it. */
export function NdviMapView({
  geometry,
  bounds,
  imageUrl,
  imageAlt,
  imageFailedText,
  height = 360,
  ariaLabel,
}: NdviMapProps) {
  const { t } = useTranslation('map');
  const theme = useTheme();
  const [background, setBackground] = useState<Background>('satellite');
  const [offline, setOffline] = useState(false);
  const [base, setBase] = useState<BaseMap | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const attach = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const created = createBaseMap(element, {
      background: 'satellite',
      zoomInTitle: t('zoom_in'),
      zoomOutTitle: t('zoom_out'),
      onOffline: setOffline,
    });
    const pane = created.map.createPane(NDVI_PANE);
    pane.style.zIndex = '390';
    setBase(created);
    return () => {
      created.destroy();
      setBase(null);
    };
    // Made once per element; the zoom titles follow the language in the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A language switched in place: the zoom buttons follow it (the map itself is kept).
  useEffect(() => {
    base?.setZoomTitles(t('zoom_in'), t('zoom_out'));
  }, [base, t]);

  const outlineKey = geometry.coordinates.flat().join();
  useEffect(() => {
    if (!base) return;
    const outline = L.polygon(toLatLngs(geometry), {
      color: theme.palette.common.white,
      weight: 2,
      fill: false,
      interactive: false,
    }).addTo(base.map);
    fitPlots(base.map, [geometry], null);
    return () => {
      outline.remove();
    };
    // Keyed by the outline, not the object's identity: a re-render must not move the user's view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base, outlineKey, theme]);

  const boundsKey = bounds.flat().join();
  useEffect(() => {
    if (!base || !imageUrl) return;
    const overlay = L.imageOverlay(imageUrl, bounds, {
      pane: NDVI_PANE,
      alt: imageAlt,
      interactive: false,
      className: 'lavoura-ndvi-image',
    });
    overlay.on('load', () => setFailed(null));
    overlay.on('error', () => setFailed(imageUrl));
    overlay.addTo(base.map);
    return () => {
      overlay.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base, imageUrl, imageAlt, boundsKey]);

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
      {failed !== null && failed === imageUrl && (
        <Stack
          direction="row"
          spacing={0.75}
          role="status"
          data-testid="ndvi-image-failed"
          sx={{ alignItems: 'center', mt: 0.5, color: 'error.main' }}
        >
          <BrokenImageOutlinedIcon sx={{ fontSize: 16 }} aria-hidden />
          <Typography variant="caption">{imageFailedText}</Typography>
        </Stack>
      )}
    </MapFrame>
  );
}
