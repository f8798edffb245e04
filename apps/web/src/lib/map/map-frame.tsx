import type { ReactNode, Ref } from 'react';
import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import { useTranslation } from 'react-i18next';
import type { Background } from './leaflet-base';

/** The plain background the plots are drawn on when no tile loads (and under loading tiles). */
const PLAIN_BACKGROUND = '#E8EDE4';

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
              lineHeight: 1.3,
              textAlign: 'center',
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
      </Box>
      {/* Under the map, not over it: the plots stay in sight. */}
      {offline && (
        <Stack
          direction="row"
          spacing={0.75}
          role="status"
          data-testid="map-offline"
          sx={{ alignItems: 'center', mt: 0.5, color: 'text.secondary' }}
        >
          <CloudOffOutlinedIcon sx={{ fontSize: 16 }} aria-hidden />
          <Typography variant="caption">{t('offline')}</Typography>
        </Stack>
      )}
      {children}
    </Box>
  );
}
