import { useMemo, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  Skeleton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import CloudOutlinedIcon from '@mui/icons-material/CloudOutlined';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import {
  ERROR_KEYS,
  LOCALE_RULES,
  NDVI_DEFAULT_WINDOW_DAYS,
  isNdviWindow,
  todayIn,
  type NdviAnswer,
  type Plot,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../shell/visually-hidden';
import { DateField } from '../../../lib/date-field';
import { ApiError } from '../../../api/http';
import { useNdvi } from '../../../api/ndvi';
import { useLanguage } from '../../../lib/i18n';
import { formatDateOnly } from '../../../lib/date-only';
import { InlineMessage } from '../../../shell/inline-message';
import { NdviMap } from './ndvi-map';

/** Above this cloud cover a scene's index is mostly the clouds': the page says so. */
const CLOUDY_PERCENT = 40;

/** The browser's today and the day `days - 1` before it (YYYY-MM-DD): the default window. */
function defaultWindow(now = new Date()): { from: string; to: string } {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const to = todayIn(zone, now);
  const start = new Date(`${to}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (NDVI_DEFAULT_WINDOW_DAYS - 1));
  return { from: start.toISOString().slice(0, 10), to };
}

/**
 * The NDVI of a plot with NDVI contracted (spec 3 §2 Plot screen, §7 NDVI): a window of dates
 * (the last 60 days at first), the scenes of that window with their cloud cover, the chosen
 * scene's image over the plot on the map, the colour scale, and a label when the data are
 * simulated. Loading, empty and failing ('Erro na listagem de NDVIs') states.
 */
export function NdviPanel({ plot }: { plot: Plot }) {
  const { t } = useTranslation('ndvi');
  const language = useLanguage();
  const [range, setRange] = useState(defaultWindow);
  const valid = isNdviWindow(range.from, range.to);
  const ndvi = useNdvi(plot.fazenda_id, plot.id, range.from, range.to);
  const [chosen, setChosen] = useState<string | null>(null);
  // The satellite collection by its name; one this screen does not know shows as the API says it.
  const sourceName = (source: string) => t(`sources.${source}`, { defaultValue: source });
  const percent = useMemo(
    () => new Intl.NumberFormat(LOCALE_RULES[language].locale, { maximumFractionDigits: 0 }),
    [language],
  );

  const answer = valid ? ndvi.data : undefined;
  const items = answer?.items ?? [];
  const selected = items.find((item) => item.date === chosen) ?? items[0] ?? null;
  const selectedDate = selected ? formatDateOnly(selected.date, language) : '';

  return (
    <Stack spacing={2} data-testid="ndvi-panel">
      <Typography variant="body2" color="text.secondary">
        {t('intro')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }}
      >
        <DateField
          size="small"
          label={t('from')}
          value={range.from}
          onChange={(value) => {
            setChosen(null);
            setRange((current) => ({ ...current, from: value }));
          }}
          error={!valid}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'ndvi-from' } }}
        />
        <DateField
          size="small"
          label={t('to')}
          value={range.to}
          onChange={(value) => {
            setChosen(null);
            setRange((current) => ({ ...current, to: value }));
          }}
          error={!valid}
          helperText={valid ? undefined : t('range_invalid')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'ndvi-to' } }}
        />
        {answer?.simulated && (
          <Tooltip title={t('simulated_hint')} describeChild>
            <Chip
              icon={<ScienceOutlinedIcon />}
              color="warning"
              variant="outlined"
              label={t('simulated')}
              data-testid="ndvi-simulated"
              // The warning's orange border and icon; the text dark enough (≥ 4.5:1) on the grey.
              sx={{ alignSelf: { sm: 'center' }, color: 'text.primary' }}
            />
          </Tooltip>
        )}
      </Stack>

      {!valid ? null : ndvi.isError && !ndvi.data ? (
        <Alert
          severity="error"
          data-testid="ndvi-error"
          action={
            <Button color="inherit" size="small" onClick={() => void ndvi.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          <AlertTitle>{t('error')}</AlertTitle>
          <ErrorDetail error={ndvi.error} />
        </Alert>
      ) : !answer ? (
        <Stack spacing={1} data-testid="ndvi-loading" aria-busy="true" aria-label={t('loading')}>
          <Skeleton variant="rounded" height={32} />
          <Skeleton variant="rectangular" height={320} sx={{ borderRadius: 1 }} />
        </Stack>
      ) : items.length === 0 ? (
        <InlineMessage
          icon={<EventBusyOutlinedIcon />}
          title={t('empty_title')}
          description={t('empty_description')}
          testId="ndvi-empty"
          headingLevel="h3"
        />
      ) : (
        <>
          <Box>
            <Typography variant="subtitle2" component="h3" id="ndvi-scenes-title" sx={{ mb: 1 }}>
              {t('scenes')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={selected?.date ?? null}
              onChange={(_event, value: string | null) => value && setChosen(value)}
              aria-labelledby="ndvi-scenes-title"
              data-testid="ndvi-scenes"
              sx={{
                flexWrap: 'wrap',
                gap: 0.5,
                '& .MuiToggleButtonGroup-grouped': {
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: '8px !important',
                  mx: 0,
                },
              }}
            >
              {items.map((item) => {
                const cloud = percent.format(item.cloudCovering);
                const date = formatDateOnly(item.date, language);
                return (
                  // Named by its visible text (the date, then the clouds), as a voice user reads
                  // it; the date in the text colour, not the toggle's paler one (contrast ≥ 4.5:1
                  // on the page's grey as well).
                  <ToggleButton
                    key={item.date}
                    value={item.date}
                    data-testid={`ndvi-scene-${item.date}`}
                    sx={{
                      color: 'text.primary',
                      textTransform: 'none',
                      flexDirection: 'column',
                      alignItems: 'flex-start',
                      px: 1.25,
                      py: 0.5,
                    }}
                  >
                    <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                      {date}
                    </Typography>
                    <Box component="span" sx={visuallyHidden}>
                      ,{' '}
                    </Box>
                    <Typography
                      variant="caption"
                      component="span"
                      color="text.secondary"
                      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                    >
                      <CloudOutlinedIcon sx={{ fontSize: 14 }} aria-hidden />
                      {t('cloud', { value: cloud })}
                    </Typography>
                  </ToggleButton>
                );
              })}
            </ToggleButtonGroup>
          </Box>
          {selected && selected.cloudCovering > CLOUDY_PERCENT && (
            <Alert severity="info" data-testid="ndvi-cloudy">
              {t('cloudy')}
            </Alert>
          )}
          <NdviMap
            geometry={plot.geometry}
            bounds={answer.bounds}
            imageUrl={selected && selected.images.ndvi !== '' ? selected.images.ndvi : null}
            imageAlt={t('image_alt', { name: plot.nome, date: selectedDate })}
            imageFailedText={t('image_failed')}
            ariaLabel={t('map_label', { name: plot.nome, date: selectedDate })}
          />
          <Legend scale={answer.scale} />
          <Typography variant="caption" color="text.secondary" data-testid="ndvi-source">
            {t('source', { source: sourceName(selected?.type ?? answer.provider) })}
          </Typography>
        </>
      )}
    </Stack>
  );
}

/** The API's reason, in the user's words, under the spec's title. */
function ErrorDetail({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  const key = error instanceof ApiError ? error.key : ERROR_KEYS.unexpected;
  return <>{t([key, ERROR_KEYS.unexpected])}</>;
}

/** The colour scale as a bar from its minimum to its maximum, with what the ends mean. */
function Legend({ scale }: { scale: NdviAnswer['scale'] }) {
  const { t } = useTranslation('ndvi');
  const language = useLanguage();
  const number = new Intl.NumberFormat(LOCALE_RULES[language].locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const span = scale.max - scale.min || 1;
  const gradient = scale.stops
    .map((stop) => `${stop.color} ${(((stop.value - scale.min) / span) * 100).toFixed(1)}%`)
    .join(', ');
  return (
    <Box component="figure" sx={{ m: 0 }} data-testid="ndvi-legend">
      <Typography variant="caption" component="figcaption" sx={{ fontWeight: 600 }}>
        {t('legend')}
      </Typography>
      <Box
        role="img"
        aria-label={`${t('legend')}: ${number.format(scale.min)} ${t('legend_low')}, ${number.format(scale.max)} ${t('legend_high')}`}
        sx={{
          height: 12,
          borderRadius: 1,
          mt: 0.5,
          background: `linear-gradient(to right, ${gradient})`,
        }}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.25 }}>
        <Typography variant="caption" color="text.secondary">
          {number.format(scale.min)} · {t('legend_low')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('legend_high')} · {number.format(scale.max)}
        </Typography>
      </Stack>
    </Box>
  );
}
