import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AirOutlinedIcon from '@mui/icons-material/AirOutlined';
import OpacityOutlinedIcon from '@mui/icons-material/OpacityOutlined';
import WaterDropOutlinedIcon from '@mui/icons-material/WaterDropOutlined';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { WeatherDay } from '../../../api/weather';
import { visuallyHidden } from '../../../shell/visually-hidden';
import type { WeatherFormat } from './weather-format';
import { ConditionIcon } from './weather-parts';

/** The width of a box as it lays out (0 until measured: jsdom draws no chart). */
export function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** Rain per day as bars, the highest and lowest temperature as lines, in the language's units. */
export function ForecastChart({ days, format }: { days: WeatherDay[]; format: WeatherFormat }) {
  const { t } = useTranslation('weather');
  const theme = useTheme();
  const [ref, width] = useWidth<HTMLDivElement>();
  const height = 240;
  const rows = days.map((day) => ({
    name: format.shortDay(day.date),
    rain: Number(format.rainValue(day.precipitation).toFixed(2)),
    max: Math.round(format.temperatureValue(day.temperature.max)),
    min: Math.round(format.temperatureValue(day.temperature.min)),
  }));
  return (
    <Box
      ref={ref}
      role="img"
      aria-label={t('chart_label')}
      data-testid="weather-chart"
      sx={{ width: '100%', height }}
    >
      {width > 0 && (
        <ComposedChart
          width={width}
          height={height}
          data={rows}
          margin={{ top: 8, right: 8, bottom: 0, left: -8 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 12 }} />
          <YAxis
            yAxisId="rain"
            tick={{ fontSize: 12 }}
            unit={` ${format.rainUnit}`}
            tickFormatter={(value) => format.chartValue(value)}
            width={64}
          />
          <YAxis
            yAxisId="temperature"
            orientation="right"
            tick={{ fontSize: 12 }}
            unit={format.temperatureUnit}
            tickFormatter={(value) => format.chartValue(value)}
            width={48}
          />
          <Tooltip formatter={(value) => format.chartValue(value)} />
          <Legend />
          <Bar
            yAxisId="rain"
            dataKey="rain"
            name={`${t('rain')} (${format.rainUnit})`}
            fill={theme.palette.info.main}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
          <Line
            yAxisId="temperature"
            dataKey="max"
            name={`${t('max')} (${format.temperatureUnit})`}
            stroke={theme.palette.error.main}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            yAxisId="temperature"
            dataKey="min"
            name={`${t('min')} (${format.temperatureUnit})`}
            stroke={theme.palette.secondary.main}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      )}
    </Box>
  );
}

function Figure({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <Box aria-hidden sx={{ display: 'inline-flex', '& svg': { fontSize: 16 } }}>
        {icon}
      </Box>
      <Typography variant="caption">
        <Box component="span" sx={visuallyHidden}>
          {label}:{' '}
        </Box>
        {value}
      </Typography>
    </Stack>
  );
}

/** One card per day: the sky, rain, highest and lowest temperature, wind and soil moisture. */
export function ForecastDays({ days, format }: { days: WeatherDay[]; format: WeatherFormat }) {
  const { t } = useTranslation('weather');
  return (
    <Box
      component="ul"
      aria-label={t('forecast_title')}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1,
        // As many days a row as fit (two on a phone, all eight on a wide screen).
        gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))',
      }}
    >
      {days.map((day, index) => (
        <Paper
          component="li"
          variant="outlined"
          key={day.date}
          data-testid={`weather-day-${day.date}`}
          sx={{ p: 1.25, minWidth: 0 }}
        >
          <Typography variant="caption" sx={{ fontWeight: 600, display: 'block' }}>
            {index === 0 ? t('today') : format.day(day.date)}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 0.5 }}>
            <Box sx={{ color: 'primary.main', display: 'inline-flex' }}>
              <ConditionIcon condition={day.weather_status} />
            </Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              <span data-testid="weather-day-max">{format.temperature(day.temperature.max)}</span>
              <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                {' / '}
                <span data-testid="weather-day-min">{format.temperature(day.temperature.min)}</span>
              </Box>
            </Typography>
          </Stack>
          <Stack spacing={0.25}>
            <Figure
              icon={<WaterDropOutlinedIcon />}
              label={t('rain')}
              value={format.rain(day.precipitation)}
            />
            <Figure
              icon={<AirOutlinedIcon />}
              label={t('wind')}
              value={format.wind(day.wind_speed)}
            />
            {day.soil_moisture !== null && (
              <Figure
                icon={<OpacityOutlinedIcon />}
                label={t('soil_moisture')}
                value={format.soilMoisture(day.soil_moisture)}
              />
            )}
          </Stack>
        </Paper>
      ))}
    </Box>
  );
}
