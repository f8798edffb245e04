import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import CloudQueueIcon from '@mui/icons-material/CloudQueue';
import {
  LOCALE_RULES,
  daysBetween,
  formatNumber,
  toDisplayUnit,
  unitOf,
  type DigestExecution,
  type DigestFarm,
  type DigestWeatherDay,
  type Language,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n';
import { dateOnlyToUtc, formatDateOnly } from '../../lib/date-only';
import { PlannedWindowLine } from '../shared/spray-windows/spray-window-panel';

/** "seg., 23/11": the day of a week row, in the language's way. */
function weekdayLabel(day: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_RULES[language].locale, {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    timeZone: 'UTC',
  }).format(dateOnlyToUtc(day));
}

/** Narrower cells on a phone, where the digest is mostly read (from the e-mail). */
const COMPACT_ON_PHONE = { '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } } as const;

function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Box data-testid={testId}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" variant="body2" sx={{ py: 1 }}>
      {text}
    </Typography>
  );
}

function WeatherWeek({
  title,
  days,
  testId,
}: {
  title: string;
  days: DigestWeatherDay[];
  testId: string;
}) {
  const { t } = useTranslation('digest');
  const language = useLanguage();
  const rain = (mm: number | null) =>
    mm === null
      ? '–'
      : `${formatNumber(toDisplayUnit('precipitation', mm, language), language, language === 'en' ? 2 : 1)} ${unitOf('precipitation', language)}`;
  const temperature = (celsius: number | null) =>
    celsius === null
      ? '–'
      : `${formatNumber(toDisplayUnit('temperature', celsius, language), language, 0)} ${unitOf('temperature', language)}`;
  return (
    <Box sx={{ flex: 1, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {days.length === 0 ? (
        <Empty text={t('weather.no_days')} />
      ) : (
        <TableContainer tabIndex={0} role="group" aria-label={title}>
          <Table size="small" sx={COMPACT_ON_PHONE}>
            <TableHead>
              <TableRow>
                <TableCell>{t('weather.day')}</TableCell>
                <TableCell>{t('weather.sky')}</TableCell>
                <TableCell align="right">{t('weather.rain')}</TableCell>
                <TableCell align="right">{t('weather.min')}</TableCell>
                <TableCell align="right">{t('weather.max')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {days.map((day) => (
                <TableRow key={day.measurement_date} data-testid="digest-weather-day">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {weekdayLabel(day.measurement_date, language)}
                  </TableCell>
                  <TableCell>
                    {day.weather_status
                      ? t(`weather_status.${day.weather_status}`)
                      : day.rain_status
                        ? t(`rain_status.${day.rain_status}`)
                        : '–'}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {rain(day.rain_mm)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {temperature(day.temp_min_c)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {temperature(day.temp_max_c)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

function SprayTable({
  sprays,
  label,
  empty,
  extra,
  testId,
}: {
  sprays: DigestExecution[];
  /** What the table is, for screen readers and keyboard users (it scrolls on a phone). */
  label: string;
  empty: string;
  /** A last column (the days until an upcoming spray). */
  extra?: { title: string; value: (spray: DigestExecution) => ReactNode };
  testId: string;
}) {
  const { t } = useTranslation('digest');
  const language = useLanguage();
  if (sprays.length === 0) return <Empty text={empty} />;
  return (
    <TableContainer tabIndex={0} role="group" aria-label={label} data-testid={testId}>
      <Table size="small" sx={COMPACT_ON_PHONE}>
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.plot')}</TableCell>
            <TableCell>{t('fields.products')}</TableCell>
            <TableCell>{t('fields.ideal_date')}</TableCell>
            <TableCell>{t('fields.realized_date')}</TableCell>
            {extra && <TableCell>{extra.title}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {sprays.map((spray) => (
            <TableRow key={spray.spraying_id} data-testid="digest-spray">
              <TableCell>
                <Typography variant="body2" fontWeight={500}>
                  {spray.plot_name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('fields.application', { number: spray.application.number })}
                  {spray.application.white_mold && ` · ${t('fields.white_mold')}`}
                </Typography>
              </TableCell>
              <TableCell>
                {spray.application.products.length === 0
                  ? t('fields.no_products')
                  : spray.application.products.map((product) => product.name).join(', ')}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateOnly(spray.ideal_date, language)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {spray.realized_date ? (
                  formatDateOnly(spray.realized_date, language)
                ) : (
                  <Chip size="small" label={t('fields.not_applied')} />
                )}
              </TableCell>
              {extra && <TableCell>{extra.value(spray)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** One farm of the digest: weather, sprays, harvest and upcoming applications. */
export function DigestFarmCard({
  farm,
  today,
  upcomingDays,
}: {
  farm: DigestFarm;
  today: string;
  upcomingDays: number;
}) {
  const { t } = useTranslation('digest');
  const language = useLanguage();
  const productivity = (value: number) =>
    `${formatNumber(toDisplayUnit('productivity', value, language), language, 1)} ${unitOf('productivity', language)}`;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="digest-farm">
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {farm.name}
      </Typography>
      <Stack spacing={3}>
        <Section title={t('weather.title')} testId="digest-weather">
          {!farm.weather.available ? (
            <Alert severity="info" icon={<CloudQueueIcon />}>
              {t('weather.not_available')}
            </Alert>
          ) : (
            <>
              {farm.weather.simulated && (
                <Chip
                  color="warning"
                  size="small"
                  variant="outlined"
                  label={t('weather.simulated')}
                  sx={{ mb: 1 }}
                  data-testid="digest-weather-simulated"
                />
              )}
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <WeatherWeek
                  title={t('weather.last_week')}
                  days={farm.weather.lastWeek}
                  testId="digest-weather-last"
                />
                <WeatherWeek
                  title={t('weather.this_week')}
                  days={farm.weather.thisWeek}
                  testId="digest-weather-this"
                />
              </Stack>
            </>
          )}
        </Section>
        <Section title={t('fields.title')} testId="digest-fields">
          <Typography variant="subtitle2" component="h4">
            {t('fields.last_week')}
          </Typography>
          <SprayTable
            sprays={farm.fields.lastWeek}
            label={`${t('fields.title')}: ${t('fields.last_week')}`}
            empty={t('fields.empty')}
            testId="digest-fields-last"
          />
          <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
            {t('fields.this_week')}
          </Typography>
          <SprayTable
            sprays={farm.fields.thisWeek}
            label={`${t('fields.title')}: ${t('fields.this_week')}`}
            empty={t('fields.empty')}
            testId="digest-fields-this"
          />
        </Section>
        <Section title={t('harvest.title')} testId="digest-harvest">
          {farm.harvest.length === 0 ? (
            <Empty text={t('harvest.empty')} />
          ) : (
            <TableContainer tabIndex={0} role="group" aria-label={t('harvest.title')}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('fields.plot')}</TableCell>
                    <TableCell>{t('harvest.date')}</TableCell>
                    <TableCell align="right">{t('harvest.productivity')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {farm.harvest.map((harvest) => (
                    <TableRow
                      key={`${harvest.sowing_id}-${harvest.harvest_date}`}
                      data-testid="digest-harvest-row"
                    >
                      <TableCell>{harvest.plot_name}</TableCell>
                      <TableCell>{formatDateOnly(harvest.harvest_date, language)}</TableCell>
                      <TableCell align="right">
                        {harvest.lost || harvest.productivity === null
                          ? t('harvest.lost')
                          : productivity(harvest.productivity)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Section>
        <Section title={t('upcoming.title', { days: upcomingDays })} testId="digest-upcoming">
          <SprayTable
            sprays={farm.upcoming}
            label={t('upcoming.title', { days: upcomingDays })}
            empty={t('upcoming.empty', { days: upcomingDays })}
            testId="digest-upcoming-table"
            extra={{
              title: t('upcoming.due'),
              value: (spray) => {
                const days = daysBetween(today, spray.ideal_date);
                return (
                  <>
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                      {days <= 0 ? t('upcoming.today') : t('upcoming.in_days', { count: days })}
                    </Box>
                    {spray.spray_window && (
                      <PlannedWindowLine date={spray.ideal_date} window={spray.spray_window} />
                    )}
                  </>
                );
              },
            }}
          />
        </Section>
      </Stack>
    </Paper>
  );
}
