import { lazy, Suspense } from 'react';
import { Box, Skeleton } from '@mui/material';
import type { Plot } from '../../api/farms';

// The forecast's chart library loads with the tab, not with the plot page.
const WeatherPanel = lazy(() =>
  import('../shared/weather/weather-panel').then((module) => ({ default: module.WeatherPanel })),
);

/**
 * The plot screen's weather tab (spec 3 §2): the forecast and the rainfall of the plot's farm
 * (weather is kept per farm location; a plot is within a few kilometres of it).
 */
export function PlotWeatherTab({ plot }: { plot: Plot }) {
  return (
    <Suspense
      fallback={
        <Box sx={{ p: 2 }} role="status" aria-busy="true" data-testid="weather-loading">
          <Skeleton variant="rounded" height={220} />
        </Box>
      }
    >
      <WeatherPanel farmId={plot.fazenda_id} />
    </Suspense>
  );
}
