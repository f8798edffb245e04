import { Box, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import WaterDropOutlinedIcon from '@mui/icons-material/WaterDropOutlined';
import { useTranslation } from 'react-i18next';
import { useFarmWeather } from '../../../api/weather';
import { useWeatherFormat } from './weather-format';
import { ConditionIcon, SimulatedChip, WeatherLoadError } from './weather-parts';

/**
 * The current farm's weather on home: now, and the next days' sky, rain and temperatures; the
 * full forecast and the rainfall are on each plot's weather tab.
 */
export function FarmWeatherCard({ farm }: { farm: { id: number; nome: string } }) {
  const { t } = useTranslation('weather');
  const format = useWeatherFormat();
  const weather = useFarmWeather(farm.id);

  let body;
  if (weather.isError && !weather.data) {
    body = <WeatherLoadError onRetry={() => void weather.refetch()} />;
  } else if (!weather.data) {
    body = (
      <Box role="status" aria-label={t('loading')} data-testid="farm-weather-loading">
        <Skeleton variant="rounded" height={88} />
      </Box>
    );
  } else {
    const data = weather.data;
    body = (
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="h5" component="p" data-testid="farm-weather-now">
            {format.temperature(data.current.temperature)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('now_details', {
              wind: format.wind(data.current.wind_speed),
              rain: format.rain(data.current.precipitation),
            })}
          </Typography>
        </Stack>
        <Box
          component="ul"
          aria-label={t('forecast_title')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: {
              xs: 'repeat(3, minmax(0, 1fr))',
              sm: 'repeat(5, minmax(0, 1fr))',
            },
          }}
        >
          {data.days.slice(0, 5).map((day, index) => (
            <Box component="li" key={day.date} sx={{ textAlign: 'center', minWidth: 0 }}>
              <Typography variant="caption" sx={{ display: 'block', fontWeight: 600 }} noWrap>
                {index === 0 ? t('today') : format.day(day.date)}
              </Typography>
              <Box sx={{ color: 'primary.main', display: 'inline-flex' }}>
                <ConditionIcon condition={day.weather_status} />
              </Box>
              <Typography variant="body2">
                {format.temperature(day.temperature.max)}{' '}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {format.temperature(day.temperature.min)}
                </Box>
              </Typography>
              <Stack
                direction="row"
                spacing={0.25}
                sx={{ justifyContent: 'center', alignItems: 'center', color: 'info.main' }}
              >
                <WaterDropOutlinedIcon aria-hidden sx={{ fontSize: 14 }} />
                <Typography variant="caption">{format.rain(day.precipitation)}</Typography>
              </Stack>
            </Box>
          ))}
        </Box>
      </Stack>
    );
  }

  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="farm-weather-title"
      data-testid="farm-weather"
    >
      <CardContent>
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}
        >
          <Typography
            id="farm-weather-title"
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 600 }}
          >
            {t('farm_title', { farm: farm.nome })}
          </Typography>
          {weather.data?.simulated && <SimulatedChip />}
        </Stack>
        {body}
      </CardContent>
    </Card>
  );
}
