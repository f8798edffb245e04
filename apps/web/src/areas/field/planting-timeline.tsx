import type { ReactNode } from 'react';
import { Box, Button, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import GrassOutlinedIcon from '@mui/icons-material/GrassOutlined';
import { addDays, daysBetween, type SowingStatus } from '@lavoura/domain';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Plot } from '../../api/farms';
import { useGrowthStages, type GrowthStageDay } from '../../api/growth-stages';
import { useSowings, useVarietyNames, type Sowing } from '../../api/sowings';
import { useLanguage } from '../../lib/i18n';
import { formatDateOnly } from '../../lib/date-only';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { InlineMessage } from '../../shell/inline-message';
import { SOWING_STATUS_COLOR as STATUS_COLOR, formatQuantity } from '../shared/sowing-format';

const UNFINISHED: readonly SowingStatus[] = ['planned', 'sown', 'ready_to_harvest'];

/**
 * Today as a date-only day in a time zone (the farm's: its stages turn on its calendar), or the
 * browser's when the zone is unknown or not one the browser knows.
 */
function todayIn(timeZone?: string | null): string {
  const now = new Date();
  if (timeZone) {
    try {
      // en-CA writes dates as YYYY-MM-DD.
      return new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(now);
    } catch {
      // An unknown zone: the browser's calendar below.
    }
  }
  const two = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** Where a sowing starts on the calendar: its sowing date, else its emergence. */
function startOf(sowing: Sowing): string | null {
  return sowing.data_semeadura ?? sowing.data_emergencia;
}

/**
 * Where it ends: the harvest (or loss) date once harvested, else emergence plus the estimated
 * cycle (AGRONOMY §2: the cycle runs from emergence to the last stage); null when unknown.
 */
function endOf(sowing: Sowing): { day: string; kind: 'harvest' | 'lost' | 'expected' } | null {
  if (sowing.colheita && (sowing.status === 'harvested' || sowing.status === 'lost')) {
    return { day: sowing.colheita.data_colheita, kind: sowing.colheita.perda ? 'lost' : 'harvest' };
  }
  if (sowing.data_emergencia && sowing.estimated_cycle) {
    return { day: addDays(sowing.data_emergencia, sowing.estimated_cycle), kind: 'expected' };
  }
  return null;
}

/** Newest first, the sowing still in the field before any finished one. */
function byRecency(a: Sowing, b: Sowing): number {
  const open = Number(UNFINISHED.includes(b.status)) - Number(UNFINISHED.includes(a.status));
  if (open !== 0) return open;
  return (startOf(b) ?? '9999').localeCompare(startOf(a) ?? '9999') || b.id - a.id;
}

/** A day's place on a span, 0–100 %. */
function percent(day: string, from: string, days: number): number {
  return Math.min(100, Math.max(0, (daysBetween(from, day) / days) * 100));
}

function TodayLine({ left, label }: { left: number; label: string }) {
  return (
    <Box
      data-testid="planting-today"
      title={label}
      sx={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        left: `${left}%`,
        width: 0,
        borderLeft: 2,
        borderColor: 'text.primary',
        borderLeftStyle: 'dashed',
        pointerEvents: 'none',
        zIndex: 1,
      }}
    />
  );
}

interface SowingLine {
  sowing: Sowing;
  variety: string;
  start: string | null;
  end: ReturnType<typeof endOf>;
}

/** One row per sowing: what it is, and its bar from sowing to (expected) end on a shared axis. */
function SowingBars({
  lines,
  today,
  plotName,
}: {
  lines: SowingLine[];
  today: string;
  plotName: string;
}) {
  const { t } = useTranslation(['field', 'sowings']);
  const language = useLanguage();
  const day = (value: string) => formatDateOnly(value, language);
  const days = lines.flatMap((line) => [line.start, line.end?.day]).filter(Boolean) as string[];
  const sorted = [...days].sort();
  let from = sorted[0] ?? today;
  let to = sorted.at(-1) ?? today;
  if (daysBetween(from, to) < 30) {
    from = addDays(from, -15);
    to = addDays(to, 15);
  }
  const span = daysBetween(from, to);
  const todayIn = today >= from && today <= to;

  return (
    <Box>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', color: 'text.secondary', mb: 0.5 }}
        aria-hidden
      >
        <Typography variant="caption">{day(from)}</Typography>
        <Typography variant="caption">{day(to)}</Typography>
      </Stack>
      <Stack
        component="ul"
        spacing={1.5}
        aria-label={t('planting.list_label', { plot: plotName })}
        data-testid="planting-sowings"
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {lines.map(({ sowing, variety, start, end }) => {
          const left = start ? percent(start, from, span) : 0;
          const right = end ? percent(end.day, from, span) : left;
          let period: string;
          if (!start) period = t('planting.not_sown');
          else if (!end) period = t('planting.started_end_unknown', { start: day(start) });
          else period = t(`planting.period_${end.kind}`, { start: day(start), end: day(end.day) });
          return (
            <Box
              component="li"
              key={sowing.id}
              data-testid="planting-sowing"
              data-sowing-id={sowing.id}
            >
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}
              >
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {variety}
                </Typography>
                <Chip
                  size="small"
                  label={t(`sowings:status.${sowing.status}`)}
                  color={STATUS_COLOR[sowing.status]}
                  variant={sowing.status === 'planned' ? 'outlined' : 'filled'}
                  data-testid="planting-status"
                />
                <Typography variant="body2" color="text.secondary" data-testid="planting-area">
                  {formatQuantity('area', sowing.area, language)}
                </Typography>
                <Box sx={{ flex: 1 }} />
                <Button
                  component={RouterLink}
                  to={`/sowings/${sowing.id}`}
                  size="small"
                  endIcon={<ChevronRightIcon />}
                  aria-label={t('planting.open_label', { variety })}
                  data-testid="planting-open"
                  sx={{ flexShrink: 0 }}
                >
                  {t('planting.open')}
                </Button>
              </Stack>
              <Typography
                variant="body2"
                color="text.secondary"
                data-testid="planting-period"
                sx={{ mb: 0.75 }}
              >
                {period}
              </Typography>
              <Box
                aria-hidden
                sx={{
                  position: 'relative',
                  height: 12,
                  borderRadius: 6,
                  bgcolor: 'action.hover',
                }}
              >
                {start && (
                  <Box
                    data-testid="planting-bar"
                    sx={(theme) => {
                      const color = STATUS_COLOR[sowing.status];
                      const main =
                        color === 'default' || !color
                          ? theme.palette.grey[500]
                          : theme.palette[color].main;
                      return {
                        position: 'absolute',
                        top: 0,
                        bottom: 0,
                        left: `${left}%`,
                        width: `max(12px, ${right - left}%)`,
                        borderRadius: 6,
                        bgcolor: sowing.status === 'planned' ? alpha(main, 0.35) : main,
                        // An unknown end fades out: the bar does not pretend to know it.
                        ...(end
                          ? {}
                          : {
                              width: `min(${100 - left}%, 64px)`,
                              background: `linear-gradient(to right, ${main}, ${alpha(main, 0)})`,
                            }),
                      };
                    }}
                  />
                )}
                {todayIn && (
                  <TodayLine left={percent(today, from, span)} label={t('planting.today')} />
                )}
              </Box>
            </Box>
          );
        })}
      </Stack>
      {todayIn && (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mt: 1 }} aria-hidden>
          <Box
            sx={{
              width: 14,
              height: 0,
              borderTop: 2,
              borderColor: 'text.primary',
              borderTopStyle: 'dashed',
            }}
          />
          <Typography variant="caption" color="text.secondary">
            {t('planting.today_legend', { date: day(today) })}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}

/** Each stage's first day, and the day after its last (the next stage's start or the cycle's end). */
function stageSpans(stages: GrowthStageDay[], end: string | null) {
  return stages.map((stage, index) => {
    const next = stages[index + 1]?.start_date ?? end ?? stage.start_date;
    return { ...stage, until: next < stage.start_date ? stage.start_date : next };
  });
}

/**
 * The current (or latest) sowing's growth stages: a bar of proportional segments on wider screens,
 * and the list of stages with their first days (the readable one on a phone, and for screen
 * readers). The current stage is the sowing's own (an observation wins over the estimate).
 */
function StageTimeline({
  sowing,
  variety,
  today,
}: {
  sowing: Sowing;
  variety: string;
  today: string;
}) {
  const { t } = useTranslation(['field', 'reference']);
  const language = useLanguage();
  const stages = useGrowthStages(sowing.fazenda_id, sowing.id);
  const day = (value: string) => formatDateOnly(value, language);
  const stageName = (stage: { code: string; message_key?: string | undefined }) =>
    stage.message_key
      ? t(stage.message_key, { ns: 'reference', defaultValue: stage.code })
      : stage.code;

  let content: ReactNode;
  if (stages.isError && !stages.data) {
    content = (
      <ApiErrorAlert
        error={stages.error}
        onRetry={() => void stages.refetch()}
        retryLabel={t('planting.retry')}
      />
    );
  } else if (!stages.data) {
    content = (
      <Box
        role="status"
        aria-label={t('planting.stages_loading')}
        data-testid="planting-stages-loading"
      >
        <Skeleton variant="rounded" height={28} />
        <Skeleton width="60%" />
      </Box>
    );
  } else if (stages.data.length === 0) {
    content = (
      <Typography variant="body2" color="text.secondary" data-testid="planting-stages-empty">
        {t('planting.stages_empty')}
      </Typography>
    );
  } else {
    const cycleEnd =
      sowing.data_emergencia && sowing.estimated_cycle
        ? addDays(sowing.data_emergencia, sowing.estimated_cycle)
        : null;
    const spans = stageSpans(stages.data, cycleEnd);
    const first = spans[0]!.start_date;
    const last = spans.at(-1)!.until;
    const span = Math.max(1, daysBetween(first, last));
    // The sowing's own stage; one the timeline does not estimate (observed R5.1) marks none.
    const currentId =
      sowing.estadio_atual?.id ??
      spans.filter((stage) => stage.start_date <= today).at(-1)?.stage_id ??
      null;
    const current = spans.find((stage) => stage.stage_id === currentId) ?? null;
    const todayIn = today >= first && today <= last;

    content = (
      <>
        {sowing.estadio_atual && (
          <Typography sx={{ mb: 1.5 }} data-testid="planting-current-stage">
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('planting.current_stage')}:{' '}
            </Box>
            <Box component="strong" sx={{ fontWeight: 500 }}>
              {stageName(sowing.estadio_atual)}
            </Box>
            {current && (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {' '}
                {t('planting.since', { date: day(current.start_date) })}
              </Box>
            )}
          </Typography>
        )}
        <Box
          aria-hidden
          data-testid="planting-stage-bar"
          sx={{
            display: { xs: 'none', sm: 'flex' },
            position: 'relative',
            height: 32,
            borderRadius: 1,
            overflow: 'hidden',
            gap: '1px',
            mb: 1.5,
          }}
        >
          {spans.map((stage) => {
            const isCurrent = stage.stage_id === currentId;
            const past = stage.until <= today && !isCurrent;
            const days = daysBetween(stage.start_date, stage.until);
            return (
              <Box
                key={stage.stage_id}
                title={`${stageName(stage)} – ${day(stage.start_date)}`}
                data-current={isCurrent || undefined}
                sx={(theme) => ({
                  flexGrow: days,
                  flexBasis: 0,
                  minWidth: days === 0 ? 4 : 2,
                  display: 'grid',
                  placeItems: 'center',
                  overflow: 'hidden',
                  fontSize: 11,
                  fontWeight: isCurrent ? 700 : 500,
                  whiteSpace: 'nowrap',
                  color: isCurrent
                    ? theme.palette.primary.contrastText
                    : past
                      ? theme.palette.primary.dark
                      : theme.palette.text.secondary,
                  bgcolor: isCurrent
                    ? theme.palette.primary.main
                    : alpha(theme.palette.primary.main, past ? 0.28 : 0.1),
                })}
              >
                {days > 0 ? stage.code : null}
              </Box>
            );
          })}
          {todayIn && <TodayLine left={percent(today, first, span)} label={t('planting.today')} />}
        </Box>
        <Box
          component="ol"
          aria-label={t('planting.stages_label', { variety })}
          data-testid="planting-stages"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 0.5,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(auto-fill, minmax(220px, 1fr))',
            },
          }}
        >
          {spans.map((stage) => {
            const isCurrent = stage.stage_id === currentId;
            return (
              <Box
                component="li"
                key={stage.stage_id}
                data-testid="planting-stage"
                aria-current={isCurrent ? 'step' : undefined}
                title={stageName(stage)}
                sx={(theme) => ({
                  display: 'flex',
                  justifyContent: 'space-between',
                  gap: 1,
                  px: 1,
                  py: 0.5,
                  borderRadius: 1,
                  borderLeft: 3,
                  borderColor: isCurrent
                    ? 'primary.main'
                    : stage.until <= today
                      ? alpha(theme.palette.primary.main, 0.4)
                      : 'divider',
                  bgcolor: isCurrent ? alpha(theme.palette.primary.main, 0.1) : 'transparent',
                })}
              >
                <Typography
                  variant="body2"
                  component="span"
                  sx={{ fontWeight: isCurrent ? 700 : 500, whiteSpace: 'nowrap' }}
                >
                  {stage.code}
                  {isCurrent && (
                    <Box component="span" sx={{ fontWeight: 400, color: 'primary.dark' }}>
                      {' '}
                      · {t('planting.current')}
                    </Box>
                  )}
                </Typography>
                <Typography
                  variant="body2"
                  component="span"
                  color="text.secondary"
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {day(stage.start_date)}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </>
    );
  }

  return (
    <Box
      component="section"
      aria-labelledby="planting-stages-title"
      data-testid="planting-stages-section"
    >
      <Typography
        id="planting-stages-title"
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 500, mb: 1 }}
      >
        {t('planting.stages_title', { variety })}
      </Typography>
      {content}
    </Box>
  );
}

/**
 * The plot's planting tab: its sowings (every season) on a timeline, newest first, each with its
 * status, variety, area and a link to its page, and the growth stages of the sowing in the field
 * (or the latest one), with today marked on the farm's calendar.
 */
export function PlantingTimeline({
  plot,
  canCreate,
  timeZone,
}: {
  plot: Plot;
  /** The profile may register sowings and the plot takes one. */
  canCreate: boolean;
  /** The farm's time zone, for today. */
  timeZone?: string | null | undefined;
}) {
  const { t } = useTranslation('field');
  const today = todayIn(timeZone);
  const sowings = useSowings(plot.fazenda_id);
  const ofPlot = (sowings.data ?? []).filter((row) => row.talhao_id === plot.id).sort(byRecency);
  const varietyNames = useVarietyNames(plot.fazenda_id, [
    ...new Set(ofPlot.map((row) => row.season_crop_id)),
  ]);
  const lines: SowingLine[] = ofPlot.map((sowing) => ({
    sowing,
    variety:
      (sowing.cultivar_id !== null ? varietyNames.get(sowing.cultivar_id) : undefined) ??
      t('planting.variety_unknown'),
    start: startOf(sowing),
    end: endOf(sowing),
  }));
  const newSowing = `/sowings?${new URLSearchParams({ plot_id: String(plot.id), fazenda_id: String(plot.fazenda_id) })}`;
  const newButton = (testId: string, variant: 'contained' | 'outlined') =>
    canCreate ? (
      <Button
        component={RouterLink}
        to={newSowing}
        variant={variant}
        size={variant === 'outlined' ? 'small' : 'medium'}
        startIcon={<AddIcon />}
        data-testid={testId}
      >
        {t('planting.new')}
      </Button>
    ) : undefined;

  let content: ReactNode;
  if (sowings.isError && !sowings.data) {
    content = (
      <ApiErrorAlert
        error={sowings.error}
        onRetry={() => void sowings.refetch()}
        retryLabel={t('planting.retry')}
      />
    );
  } else if (!sowings.data) {
    content = (
      <Box role="status" aria-label={t('planting.loading')} data-testid="planting-loading">
        {[0, 1].map((row) => (
          <Box key={row} sx={{ mb: 2 }}>
            <Skeleton width="40%" />
            <Skeleton variant="rounded" height={12} />
          </Box>
        ))}
      </Box>
    );
  } else if (lines.length === 0) {
    content = (
      <InlineMessage
        testId="planting-empty"
        icon={<GrassOutlinedIcon />}
        title={t('planting.empty_title')}
        description={t(
          canCreate ? 'planting.empty_description' : 'planting.empty_description_readonly',
        )}
        action={newButton('planting-empty-new', 'contained')}
      />
    );
  } else {
    const latest = lines[0]!;
    content = (
      <Stack spacing={3}>
        <SowingBars lines={lines} today={today} plotName={plot.nome} />
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <StageTimeline
            key={latest.sowing.id}
            sowing={latest.sowing}
            variety={latest.variety}
            today={today}
          />
        </Paper>
      </Stack>
    );
  }

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }} data-testid="planting">
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}
      >
        <Box>
          <Typography variant="h6" component="h2">
            {t('planting.title')}
          </Typography>
          {lines.length > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="planting-count">
              {t('planting.count', { count: lines.length })}
            </Typography>
          )}
        </Box>
        {lines.length > 0 && newButton('planting-new', 'outlined')}
      </Stack>
      {content}
    </Box>
  );
}
