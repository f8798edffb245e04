import type { ReactNode, Ref } from 'react';
import { Alert, Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Background } from './leaflet-base';

/** The plain background the plots are drawn on when no tile loads (and under loading tiles). */
export const PLAIN_BACKGROUND = '#E8EDE4';

/**
 * The box around a Leaflet map: the map itself (`mapRef`), the street/satellite switch and, when
 * the tiles cannot load, a notice that the background is offline. Children go under the map
 * (drawing buttons, hints).
 */
export function MapFrame({
  mapRef,
  height,
  ariaLabel,
  background,
  onBackground,
  offline,
  children,
}: {
  mapRef: Ref<HTMLDivElement>;
  height: number | string;
  ariaLabel: string;
  background: Background;
  onBackground: (background: Background) => void;
  offline: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('map');
  return (
    <Box>
      <Box sx={{ position: 'relative', height, borderRadius: 1, overflow: 'hidden' }}>
        <Box
          ref={mapRef}
          role="region"
          aria-label={ariaLabel}
          data-testid="plots-map"
          sx={{
            height: '100%',
            bgcolor: PLAIN_BACKGROUND,
            // Leaflet's own background is grey; ours is the plain field colour.
            '&.leaflet-container': { bgcolor: PLAIN_BACKGROUND, fontFamily: 'inherit' },
            '& .lavoura-plot-label': {
              bgcolor: 'rgba(255, 255, 255, 0.92)',
              border: 'none',
              boxShadow: 1,
              color: 'text.primary',
              fontSize: 12,
              fontWeight: 500,
              px: 0.75,
              py: 0.25,
            },
            '& .lavoura-plot-label::before': { display: 'none' },
          }}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={background}
          onChange={(_event, value: Background | null) => value && onBackground(value)}
          aria-label={t('background')}
          sx={{
            position: 'absolute',
            top: 8,
            right: 8,
            zIndex: 1000,
            bgcolor: 'background.paper',
            boxShadow: 1,
            '& .MuiToggleButton-root': { px: 1.25, py: 0.25, textTransform: 'none' },
          }}
        >
          <ToggleButton value="street">{t('street')}</ToggleButton>
          <ToggleButton value="satellite">{t('satellite')}</ToggleButton>
        </ToggleButtonGroup>
        {offline && (
          <Alert
            severity="info"
            role="status"
            data-testid="map-offline"
            sx={{
              position: 'absolute',
              left: 8,
              right: 8,
              bottom: 24,
              zIndex: 1000,
              py: 0,
              boxShadow: 1,
            }}
          >
            {t('offline')}
          </Alert>
        )}
      </Box>
      {children}
    </Box>
  );
}
