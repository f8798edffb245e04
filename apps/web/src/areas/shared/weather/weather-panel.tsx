import { Box, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFarmWeather, type FarmWeather } from '../../../api/weather';
import { ForecastChart, ForecastDays } from './forecast';
import { RainfallHistory } from './rainfall-history';
import { useWeatherFormat } from './weather-format';
import { ConditionIcon, SimulatedChip, WeatherLoadError } from './weather-parts';
import { LoadingState } from '../../../shell/loading-state';

/** Conditions now and where the numbers come from (labelled when simulated). */
function WeatherNow({ weather }: { weather: FarmWeather }) {
  const { t } = useTranslation('weather');
  const format = useWeatherFormat();
  const today = weather.days[0];
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        {today && (
          <Box sx={{ color: 'primary.main', display: 'inline-flex', '& svg': { fontSize: 36 } }}>
            <ConditionIcon condition={today.weather_status} />
          </Box>
        )}
        <Box>
          <Typography variant="h5" component="p" data-testid="weather-now-temperature">
            {format.temperature(weather.current.temperature)}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="weather-now-details">
            {t('now_details', {
              wind: format.wind(weather.current.wind_speed),
              rain: format.rain(weather.current.precipitation),
            })}
          </Typography>
        </Box>
      </Stack>
      <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' } }}>
        {weather.simulated && <SimulatedChip />}
        <Typography variant="caption" color="text.secondary" data-testid="weather-provider">
          {t('source', { provider: t(`providers.${weather.provider}`) })}
        </Typography>
      </Stack>
    </Stack>
  );
}

function PanelLoading() {
  const { t } = useTranslation('weather');
  return (
    <LoadingState label={t('loading')} testId="weather-loading" spacing={1.5}>
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={220} />
      <Skeleton variant="rounded" height={96} />
    </LoadingState>
  );
}

/**
 * A farm's weather (spec 3 §2 Plot screen weather tab, §3 Weather): conditions now, the forecast
 * chart and one card per day, then the rain of the last 30 days with the manual entry. The forecast
 * is the farm's location's. On failure the spec's 'Fail to load wheather', in the user's words.
 */
export function WeatherPanel({ farmId }: { farmId: number }) {
  const { t } = useTranslation('weather');
  const format = useWeatherFormat();
  const weather = useFarmWeather(farmId);

  let forecast;
  if (weather.isError && !weather.data) {
    forecast = <WeatherLoadError onRetry={() => void weather.refetch()} />;
  } else if (!weather.data) {
    forecast = <PanelLoading />;
  } else {
    forecast = (
      <Stack spacing={2}>
        <WeatherNow weather={weather.data} />
        <ForecastChart days={weather.data.days} format={format} />
        <ForecastDays days={weather.data.days} format={format} />
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="weather-panel">
      <Paper variant="outlined" component="section" aria-labelledby="forecast-title" sx={{ p: 2 }}>
        <Typography
          id="forecast-title"
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 600, mb: 1.5 }}
        >
          {t('forecast_title')}
        </Typography>
        {forecast}
      </Paper>
      <RainfallHistory farmId={farmId} />
    </Stack>
  );
}
