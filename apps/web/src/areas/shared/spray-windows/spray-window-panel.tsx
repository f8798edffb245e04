import { useMemo, useState } from 'react';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import AirOutlinedIcon from '@mui/icons-material/AirOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import {
  LOCALE_RULES,
  formatNumber,
  unitOf,
  type PlannedDayWindow,
  type SprayQuality,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import {
  useSprayWindows,
  type SprayWindowDay,
  type SprayWindowHour,
} from '../../../api/spray-windows';
import { useWeatherFormat, type WeatherFormat } from '../weather/weather-format';
import { SimulatedChip } from '../weather/weather-parts';
import { useSignedIn } from '../../../app/session/signed-in';
import { SprayWindowSettingsDialog } from './spray-window-settings';

const QUALITY_COLOUR: Record<SprayQuality, string> = {
  good: 'success.main',
  marginal: 'warning.main',
  bad: 'error.main',
};

/**
 * Hours the language's way for a local `YYYY-MM-DDTHH:mm`: "7:00 AM" in English, "07:00" in
 * Portuguese and Spanish (24-hour in Brazil and Paraguay); `tick` is the strip's short axis label
 * ("3 AM", "03h").
 */
function useHourFormat(language: WeatherFormat['language']) {
  return useMemo(() => {
    const english = language === 'en';
    const locale = LOCALE_RULES[language].locale;
    const full = new Intl.DateTimeFormat(locale, {
      hour: english ? 'numeric' : '2-digit',
      minute: '2-digit',
      hourCycle: english ? 'h12' : 'h23',
      timeZone: 'UTC',
    });
    const short = new Intl.DateTimeFormat(locale, {
      hour: 'numeric',
      hourCycle: 'h12',
      timeZone: 'UTC',
    });
    const at = (time: string) => new Date(`${time}:00Z`);
    return {
      label: (time: string) => full.format(at(time)),
      tick: (time: string) => (english ? short.format(at(time)) : `${time.slice(11, 13)}h`),
    };
  }, [language]);
}

/** Consecutive hours of one quality still ahead, with every reason met in them, in order. */
interface HourRun {
  start: string;
  end: string;
  quality: SprayQuality;
  reasons: string[];
}

function hourRuns(hours: readonly SprayWindowHour[], end: string): HourRun[] {
  const runs: HourRun[] = [];
  const ahead = hours.filter((hour) => !hour.past);
  for (const [index, hour] of ahead.entries()) {
    const reasons = hour.reasons.map((reason) => reason.code);
    const last = runs[runs.length - 1];
    const next = ahead[index + 1]?.start ?? end;
    if (last && last.quality === hour.quality) {
      last.end = next;
      last.reasons = [...new Set([...last.reasons, ...reasons])];
    } else runs.push({ start: hour.start, end: next, quality: hour.quality, reasons });
  }
  return runs;
}

function dayAfter(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return `${at.toISOString().slice(0, 10)}T00:00`;
}

/** The hour's numbers in the language's units; delta-T as a temperature difference. */
function hourFacts(hour: SprayWindowHour, format: WeatherFormat) {
  const fahrenheit = unitOf('temperature', format.language) !== '°C';
  return {
    temperature: format.temperature(hour.temperature_c),
    humidity: formatNumber(hour.humidity_pct, format.language, 0),
    deltaT: `${formatNumber(hour.delta_t * (fahrenheit ? 1.8 : 1), format.language, 1)} ${format.temperatureUnit}`,
    wind: format.wind(hour.wind_kmh),
    gust: format.wind(hour.gust_kmh),
    rain: format.rain(hour.rain_mm),
  };
}

/** The day's 24 hours as coloured cells; a cell shows its numbers below when picked. */
function HourStrip({
  day,
  format,
  hours,
}: {
  day: SprayWindowDay;
  format: WeatherFormat;
  hours: ReturnType<typeof useHourFormat>;
}) {
  const { t } = useTranslation('execution');
  const initial =
    day.best_window?.start ?? day.hours.find((hour) => !hour.past)?.start ?? day.hours[0]?.start;
  const [picked, setPicked] = useState(initial);
  const hour = day.hours.find((each) => each.start === picked);
  return (
    <Box>
      <Box
        role="group"
        aria-label={t('windows.hours_label')}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(24, 1fr)', gap: '2px' }}
        data-testid="spray-window-strip"
      >
        {day.hours.map((each) => (
          <Box
            key={each.start}
            component="button"
            type="button"
            onClick={() => setPicked(each.start)}
            aria-pressed={each.start === picked}
            aria-label={t('windows.hour_label', {
              time: hours.label(each.start),
              quality: t(`windows.quality.${each.quality}`),
            })}
            data-quality={each.quality}
            sx={{
              height: 28,
              minWidth: 0,
              p: 0,
              border: 0,
              borderRadius: 0.5,
              cursor: 'pointer',
              bgcolor: QUALITY_COLOUR[each.quality],
              opacity: each.past ? 0.35 : 1,
              outline: each.start === picked ? '2px solid' : 'none',
              outlineColor: 'text.primary',
              outlineOffset: 1,
            }}
          />
        ))}
      </Box>
      <Box aria-hidden sx={{ display: 'grid', gridTemplateColumns: 'repeat(8, 1fr)', mt: 0.5 }}>
        {day.hours
          .filter((_, index) => index % 3 === 0)
          .map((each) => (
            <Typography key={each.start} variant="caption" color="text.secondary">
              {hours.tick(each.start)}
            </Typography>
          ))}
      </Box>
      {hour && (
        <Typography
          variant="body2"
          sx={{ mt: 1 }}
          aria-live="polite"
          data-testid="spray-window-hour"
        >
          <strong>
            {hours.label(hour.start)} · {t(`windows.quality.${hour.quality}`)}
          </strong>
          {hour.reasons.length > 0 &&
            `: ${hour.reasons.map((reason) => t(`windows.reason.${reason.code}`)).join(', ')}`}
          <br />
          {t('windows.hour_facts', hourFacts(hour, format))}
        </Typography>
      )}
    </Box>
  );
}

/** What the spraying's day holds: its best window, or the nearest good day, and why. */
function DayWindow({
  day,
  format,
  hours,
}: {
  day: SprayWindowDay;
  format: WeatherFormat;
  hours: ReturnType<typeof useHourFormat>;
}) {
  const { t } = useTranslation('execution');
  const runs = hourRuns(day.hours, dayAfter(day.date));
  const range = (window: { start: string; end: string }) =>
    `${hours.label(window.start)}–${hours.label(window.end)}`;
  return (
    <Stack spacing={1.5}>
      {day.best_window ? (
        <Typography variant="body1" data-testid="spray-window-best">
          {t('windows.best', { range: range(day.best_window), count: day.best_window.hours })}
        </Typography>
      ) : (
        <Alert severity="warning" data-testid="spray-window-none">
          {t('windows.none', { date: format.day(day.date) })}{' '}
          {day.nearest_good_day
            ? t('windows.nearest', {
                date: format.day(day.nearest_good_day.date),
                range: range(day.nearest_good_day.best_window),
              })
            : t('windows.none_near')}
        </Alert>
      )}
      {day.hours.length > 0 && <HourStrip day={day} format={format} hours={hours} />}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="spray-window-runs">
        {runs.map((run) => (
          <Typography component="li" variant="body2" key={run.start}>
            <Box
              component="span"
              aria-hidden
              sx={{
                display: 'inline-block',
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: QUALITY_COLOUR[run.quality],
                mr: 0.75,
              }}
            />
            {range(run)} · {t(`windows.quality.${run.quality}`)}
            {run.reasons.length > 0 &&
              `: ${run.reasons.map((code) => t(`windows.reason.${code}`)).join(', ')}`}
          </Typography>
        ))}
      </Box>
    </Stack>
  );
}

/**
 * The spray window of one planned spraying (issue 30 item 2): from the program's spray windows,
 * the hours of its day rated good, marginal or bad with their reasons. A day past the forecast's
 * week says when it will show.
 */
export function SprayWindowPanel({
  farmId,
  programId,
  sprayingId,
}: {
  farmId: number;
  programId: number;
  sprayingId: number;
}) {
  const { t } = useTranslation('execution');
  const format = useWeatherFormat();
  const hours = useHourFormat(format.language);
  const windows = useSprayWindows(farmId, programId);
  const day = windows.data?.find((each) => each.spraying_id === sprayingId);
  const { can } = useSignedIn();
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <Box component="section" aria-labelledby="spray-window-title" data-testid="spray-window">
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}
      >
        <AirOutlinedIcon fontSize="small" color="primary" aria-hidden />
        <Typography id="spray-window-title" variant="subtitle1" component="h3">
          {t('windows.title')}
        </Typography>
        {day?.simulated && <SimulatedChip />}
        <Button
          size="small"
          startIcon={<TuneOutlinedIcon />}
          onClick={() => setSettingsOpen(true)}
          sx={{ ml: 'auto' }}
          data-testid="spray-window-settings-open"
        >
          {t('windows.settings.open')}
        </Button>
      </Stack>
      <SprayWindowSettingsDialog
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        canEdit={can('EXECUCAO_EDITAR')}
      />
      {windows.isPending ? (
        <Box role="status" aria-label={t('windows.loading')} data-testid="spray-window-loading">
          <Skeleton variant="rounded" height={28} />
          <Skeleton variant="text" width="60%" />
        </Box>
      ) : windows.isError ? (
        <Alert
          severity="error"
          data-testid="spray-window-error"
          action={
            <Button color="inherit" size="small" onClick={() => void windows.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('windows.error')}
        </Alert>
      ) : day ? (
        <>
          <DayWindow day={day} format={format} hours={hours} />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {t('windows.basis')}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="spray-window-later">
          {t('windows.later')}
        </Typography>
      )}
    </Box>
  );
}

/**
 * A planned day's spray window in one line: its best hours, or that it has none and the nearest
 * good day; "simulated" offline.
 */
export function PlannedWindowLine({ date, window }: { date: string; window: PlannedDayWindow }) {
  const { t } = useTranslation(['execution', 'weather']);
  const format = useWeatherFormat();
  const hours = useHourFormat(format.language);
  const range = (span: { start: string; end: string }) =>
    `${hours.label(span.start)}–${hours.label(span.end)}`;
  const tone = window.best_window ? 'success.dark' : 'warning.dark';
  return (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center', mt: 0.25, color: tone }}
      data-testid="next-spray-window"
    >
      <AirOutlinedIcon sx={{ fontSize: 16 }} aria-hidden />
      <Typography variant="body2" component="span">
        {window.best_window
          ? t('windows.next_best', { date: format.day(date), range: range(window.best_window) })
          : window.nearest_good_day
            ? t('windows.next_nearest', {
                date: format.day(date),
                nearest: format.day(window.nearest_good_day.date),
                range: range(window.nearest_good_day.best_window),
              })
            : t('windows.next_none', { date: format.day(date) })}
        {window.simulated ? ` · ${t('weather:simulated')}` : ''}
      </Typography>
    </Stack>
  );
}

/**
 * One line for a list (home's active sowings, issue 30 item 2): the next planned spraying's
 * window. Nothing while it loads, on a failure (the execution page shows those) or without a
 * spraying this week.
 */
export function NextSprayWindow({ farmId, programId }: { farmId: number; programId: number }) {
  const windows = useSprayWindows(farmId, programId);
  const next = windows.data?.[0];
  if (!next) return null;
  return (
    <PlannedWindowLine date={next.date} window={{ ...next, simulated: next.simulated ?? false }} />
  );
}
