import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  List,
  ListItem,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import {
  MAX_OBSERVED_RAIN_MM,
  formatNumber,
  fromDisplayUnit,
  parseDecimal,
  toDisplayUnit,
} from '@lavoura/domain';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../lib/date-field';
import { useFarmPrecipitation, useRecordRain, type FarmPrecipitation } from '../../../api/weather';
import { useSignedIn } from '../../../app/session/signed-in';
import { ApiErrorAlert } from '../../../shell/api-error-alert';
import { useWidth } from './forecast';
import { useWeatherFormat, type WeatherFormat } from './weather-format';
import { SimulatedChip, WeatherLoadError } from './weather-parts';

/** The provider's rain and the measured rain per day of the period, side by side. */
function HistoryChart({ history, format }: { history: FarmPrecipitation; format: WeatherFormat }) {
  const { t } = useTranslation('weather');
  const theme = useTheme();
  const [ref, width] = useWidth<HTMLDivElement>();
  const observed = new Map(history.obs_prec_mm_day.map((day) => [day.date, day.observed_mm]));
  const days = [
    ...new Set([...history.prec_mm_day.map((day) => day.date), ...observed.keys()]),
  ].sort();
  const provider = new Map(history.prec_mm_day.map((day) => [day.date, day.cons_mm]));
  const rows = days.map((date) => ({
    name: format.shortDay(date),
    provider: provider.has(date) ? Number(format.rainValue(provider.get(date)!).toFixed(2)) : null,
    observed: observed.has(date) ? Number(format.rainValue(observed.get(date)!).toFixed(2)) : null,
  }));
  return (
    <Box
      ref={ref}
      role="img"
      aria-label={t('history.chart_label')}
      data-testid="rainfall-chart"
      sx={{ width: '100%', height: 200 }}
    >
      {width > 0 && (
        <BarChart width={width} height={200} data={rows} margin={{ top: 8, right: 8, left: -8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis
            tick={{ fontSize: 12 }}
            unit={` ${format.rainUnit}`}
            tickFormatter={(value) => format.chartValue(value)}
            width={64}
          />
          <Tooltip formatter={(value) => format.chartValue(value)} />
          <Legend />
          <Bar
            dataKey="provider"
            name={t('history.provider')}
            fill={theme.palette.info.light}
            isAnimationActive={false}
          />
          <Bar
            dataKey="observed"
            name={t('history.observed')}
            fill={theme.palette.primary.main}
            isAnimationActive={false}
          />
        </BarChart>
      )}
    </Box>
  );
}

/**
 * Records the rain measured at the farm on a day, typed in the language's unit (mm or in) and
 * sent in mm; a day already recorded is replaced. The day may not be after the farm's today.
 */
function RainEntryForm({ farmId, today }: { farmId: number; today: string }) {
  const { t } = useTranslation('weather');
  const format = useWeatherFormat();
  const record = useRecordRain(farmId);
  const [date, setDate] = useState(today);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const max = toDisplayUnit('precipitation', MAX_OBSERVED_RAIN_MM, format.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const shown = parseDecimal(amount, format.language);
    if (shown === undefined || shown < 0 || shown > max) {
      setProblem(
        t('entry.invalid_amount', {
          max: formatNumber(max, format.language, 0),
          unit: format.rainUnit,
        }),
      );
      return;
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date > today) {
      setProblem(t('entry.invalid_date'));
      return;
    }
    setProblem(null);
    const observed =
      Math.round(fromDisplayUnit('precipitation', shown, format.language) * 100) / 100;
    record.mutate(
      { date, observed },
      {
        onSuccess: () => {
          setSaved(true);
          setAmount('');
        },
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('entry.title')}
      data-testid="rain-entry"
    >
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {t('entry.title')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <DateField
          label={t('entry.date')}
          size="small"
          value={date}
          onChange={(value) => setDate(value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          required
        />
        <TextField
          label={t('entry.amount', { unit: format.rainUnit })}
          size="small"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={problem !== null}
          helperText={problem ?? ' '}
          required
        />
        <Button
          type="submit"
          variant="contained"
          disabled={record.isPending}
          sx={{ flexShrink: 0 }}
        >
          {t('entry.save')}
        </Button>
      </Stack>
      {record.isError && <ApiErrorAlert error={record.error} />}
      {saved && (
        <Alert severity="success" sx={{ mt: 1 }} data-testid="rain-entry-saved">
          {t('entry.saved')}
        </Alert>
      )}
    </Box>
  );
}

/**
 * The farm's rain of the last 30 days: the provider's history and what was measured at the farm,
 * with the manual entry (spec 3 §3: a new farm has no history for its last 10 days, so its rain
 * is entered by hand). Entry needs FAZENDA_EDITAR, like every change to a farm.
 */
export function RainfallHistory({ farmId }: { farmId: number }) {
  const { t } = useTranslation('weather');
  const format = useWeatherFormat();
  const { can } = useSignedIn();
  const history = useFarmPrecipitation(farmId);

  let body;
  if (history.isError && !history.data) {
    body = <WeatherLoadError onRetry={() => void history.refetch()} />;
  } else if (!history.data) {
    body = (
      <Box role="status" aria-label={t('history.loading')} data-testid="rainfall-loading">
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  } else {
    const data = history.data;
    const providerTotal = data.prec_mm_day.reduce((sum, day) => sum + day.cons_mm, 0);
    const observedTotal = data.obs_prec_mm_day.reduce((sum, day) => sum + day.observed_mm, 0);
    const measured = [...data.obs_prec_mm_day].reverse();
    body = (
      <Stack spacing={2}>
        {data.simulated && (
          <Box>
            <SimulatedChip />
          </Box>
        )}
        {data.history_unavailable_from && (
          <Alert severity="info" data-testid="rainfall-new-farm">
            {t('history.new_farm', { date: format.day(data.history_unavailable_from) })}
          </Alert>
        )}
        <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
          <Typography variant="body2" data-testid="rainfall-provider-total">
            {t('history.provider_total', { amount: format.rain(providerTotal) })}
          </Typography>
          <Typography variant="body2" data-testid="rainfall-observed-total">
            {t('history.observed_total', { amount: format.rain(observedTotal) })}
          </Typography>
        </Stack>
        <HistoryChart history={data} format={format} />
        <Box>
          <Typography variant="subtitle2" component="h4">
            {t('history.observed')}
          </Typography>
          {measured.length === 0 ? (
            <Typography
              variant="body2"
              color="text.secondary"
              data-testid="rainfall-observed-empty"
            >
              {t('history.observed_empty')}
            </Typography>
          ) : (
            <List dense disablePadding data-testid="rainfall-observed">
              {measured.map((day) => (
                <ListItem key={day.date} disableGutters divider>
                  <ListItemText
                    primary={format.day(day.date)}
                    secondary={format.rain(day.observed_mm)}
                    slotProps={{ secondary: { 'data-testid': `observed-${day.date}` } as object }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
        {can('FAZENDA_EDITAR') ? (
          <RainEntryForm farmId={farmId} today={data.to} />
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="rain-entry-readonly">
            {t('entry.readonly')}
          </Typography>
        )}
      </Stack>
    );
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="rainfall-title" sx={{ p: 2 }}>
      <Typography
        id="rainfall-title"
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 600, mb: 1.5 }}
      >
        {t('history.title')}
      </Typography>
      {body}
    </Paper>
  );
}
