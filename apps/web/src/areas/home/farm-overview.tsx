import type { ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AgricultureOutlinedIcon from '@mui/icons-material/AgricultureOutlined';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import GrassOutlinedIcon from '@mui/icons-material/GrassOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import WaterDropOutlinedIcon from '@mui/icons-material/WaterDropOutlined';
import { findCountry, isGrowingSowing, sowingSchema, type SowingAnswer } from '@lavoura/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { useFarmStats } from '../../api/farms';
import { usePlots, type Farm, type FarmStats, type Plot } from '../../api/farms';
import { apiFetch } from '../../api/http';
import { sowingKeys, useVarietyNames } from '../../api/sowings';
import { useLanguage } from '../../lib/i18n';
import { useCurrentFarm } from '../../app/farm/current-farm-context';
import { useSignedIn } from '../../app/session/signed-in';
import { useAreaText } from '../../lib/area-text';
import { formatDateOnly } from '../../lib/date-only';
import { PlotMapView } from '../../lib/plot-map-view';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { FarmStatusIcons } from '../../shell/farm-selector-slot';
import { InlineMessage } from '../../shell/inline-message';
import { menuAccess } from '../../shell/menu-entries';
import { FarmWeatherCard } from '../shared/weather/farm-weather-card';
import { NextSprayWindow } from '../shared/spray-windows/spray-window-panel';
import { LoadingState } from '../../shell/loading-state';

/** A plot's page, on its farm. */
function plotPath(plot: Pick<Plot, 'id' | 'fazenda_id'>): string {
  return `/field?${new URLSearchParams({ plot_id: String(plot.id), fazenda_id: String(plot.fazenda_id) })}`;
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 500, fontSize: 20 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** The current farm: name, place, state, and its figures (area, plots, sowings). */
function FarmHeader({ farm, stats }: { farm: Farm; stats: ReturnType<typeof useFarmStats> }) {
  const { t } = useTranslation('field', { keyPrefix: 'my_farm' });
  const { t: reference } = useTranslation('reference');
  const areaText = useAreaText();
  const country = findCountry(farm.pais.id);
  const figure = (pick: (value: FarmStats) => number) =>
    stats.data ? String(pick(stats.data)) : <Skeleton width={40} />;
  return (
    <Card variant="outlined" component="section" aria-labelledby="current-farm-title">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
            <Box
              aria-hidden
              sx={{
                width: 44,
                height: 44,
                borderRadius: 2,
                display: 'grid',
                placeItems: 'center',
                flexShrink: 0,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              }}
            >
              <AgricultureOutlinedIcon />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography
                  id="current-farm-title"
                  variant="h5"
                  component="h2"
                  sx={{ fontSize: { xs: 20, sm: 24 }, overflowWrap: 'anywhere' }}
                  data-testid="current-farm-name"
                >
                  {farm.nome}
                </Typography>
                <FarmStatusIcons farm={farm} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {t('farm.place', {
                  city: farm.municipio.nome,
                  state: farm.estado.nome,
                  country: country ? reference(country.message_key) : farm.pais.nome,
                })}
              </Typography>
            </Box>
          </Stack>
          <Button
            component={RouterLink}
            to="/farms"
            variant="outlined"
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
          >
            {t('farm.manage')}
          </Button>
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            mt: 2.5,
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(4, minmax(0, 1fr))',
            },
          }}
        >
          <Figure
            label={t('farm.area')}
            value={areaText(farm.total_area)}
            testId="farm-total-area"
          />
          <Figure label={t('farm.plots')} value={String(farm.total_talhoes)} testId="farm-plots" />
          <Figure
            label={t('farm.enabled_plots')}
            value={figure((value) => value.enabled_plots)}
            testId="farm-enabled-plots"
          />
          <Figure
            label={t('farm.active_sowings')}
            value={figure((value) => value.active_sowings)}
            testId="farm-active-sowings"
          />
        </Box>
        {stats.isError && (
          <Box sx={{ mt: 2 }}>
            <ApiErrorAlert
              error={stats.error}
              onRetry={() => void stats.refetch()}
              retryLabel={t('farm.retry')}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** The current farm's enabled plots: on the map and in a list, each opening its page. */
export function FarmPlots({ farm, stats }: { farm: Farm; stats: FarmStats | undefined }) {
  const { t } = useTranslation('field', { keyPrefix: 'my_farm' });
  const { can } = useSignedIn();
  const navigate = useNavigate();
  const areaText = useAreaText();
  const plots = usePlots(farm.id, { enabledOnly: true });
  const hiddenDisabled = stats ? stats.total_plots - stats.enabled_plots : 0;

  let content: ReactNode;
  if (plots.isError && !plots.data) {
    content = (
      <ApiErrorAlert
        error={plots.error}
        onRetry={() => void plots.refetch()}
        retryLabel={t('plots.retry')}
      />
    );
  } else if (!plots.data) {
    content = (
      <Box role="status" aria-label={t('plots.loading')} data-testid="home-plots-loading">
        <Skeleton variant="rounded" height={260} />
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={48} />
        ))}
      </Box>
    );
  } else if (plots.data.length === 0) {
    content = (
      <InlineMessage
        testId="home-plots-empty"
        icon={<MapOutlinedIcon />}
        title={t('plots.empty_title')}
        description={t(
          can('TALHAO_CADASTRAR') ? 'plots.empty_description' : 'plots.empty_description_readonly',
        )}
        action={
          can('TALHAO_CADASTRAR') && (
            <Button component={RouterLink} to="/farms" variant="contained" startIcon={<AddIcon />}>
              {t('plots.add')}
            </Button>
          )
        }
      />
    );
  } else {
    const list = plots.data;
    content = (
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.6fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <PlotMapView
          plots={list}
          height={360}
          center={[farm.latitude, farm.longitude]}
          ariaLabel={t('plots.map_label', { farm: farm.nome })}
          onSelect={(id) => {
            const chosen = list.find((plot) => plot.id === id);
            if (chosen) void navigate(plotPath(chosen));
          }}
        />
        <List
          aria-label={t('plots.list_label', { farm: farm.nome })}
          data-testid="home-plots"
          disablePadding
          sx={{ maxHeight: { md: 360 }, overflowY: { md: 'auto' } }}
        >
          {list.map((plot) => (
            <ListItem key={plot.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={plotPath(plot)}
                data-testid={`home-plot-${plot.id}`}
                sx={{ borderRadius: 2 }}
              >
                <ListItemText
                  primary={plot.nome}
                  secondary={areaText(plot.area)}
                  slotProps={{ primary: { noWrap: true, sx: { fontWeight: 500 } } }}
                />
                <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary' }} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
    );
  }

  return (
    <Card variant="outlined" component="section" aria-labelledby="home-plots-title">
      <CardContent>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', mb: 2 }}
        >
          <Box>
            <Typography id="home-plots-title" variant="h6" component="h2">
              {t('plots.title')}
            </Typography>
            {plots.data && plots.data.length > 0 && (
              <Typography variant="body2" color="text.secondary" data-testid="home-plots-count">
                {t('plots.count', { count: plots.data.length })}
              </Typography>
            )}
          </Box>
          {plots.data && plots.data.length > 0 && (
            <Button component={RouterLink} to="/farms" size="small">
              {t('plots.manage')}
            </Button>
          )}
        </Stack>
        {content}
        {hiddenDisabled > 0 && plots.data && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {t('plots.hidden_disabled', { count: hiddenDisabled })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** A sowing as home reads it, with its next spray and its plot's state (the API's contract). */
type OverviewSowing = SowingAnswer;

/** Home lists this many; the sowings page has them all. */
const SHOWN = 5;

/**
 * GET /api/semeaduras?fazenda_id=, read with the next application date. Under the farm's sowings
 * key, so whatever refreshes the sowings refreshes this too.
 */
function useOverviewSowings(farmId: number) {
  return useQuery({
    queryKey: [...sowingKeys.all(farmId), 'overview'] as const,
    queryFn: ({ signal }) =>
      apiFetch<OverviewSowing[]>(
        `/api/semeaduras?${new URLSearchParams({ fazenda_id: String(farmId) })}`,
        { signal, schema: z.array(sowingSchema) },
      ),
  });
}

/** The soonest next application first (none last), then the most recently sown. */
function byNextApplication(a: OverviewSowing, b: OverviewSowing): number {
  const next = (row: OverviewSowing) => row.data_ideal_proxima_aplicacao ?? '9999-12-31';
  const sown = (row: OverviewSowing) => row.data_semeadura ?? row.data_emergencia ?? '9999-12-31';
  return next(a).localeCompare(next(b)) || sown(b).localeCompare(sown(a)) || b.id - a.id;
}

function SowingsCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('field', { keyPrefix: 'my_farm' });
  return (
    <Card variant="outlined" component="section" aria-labelledby="home-sowings-title">
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
          <GrassOutlinedIcon color="primary" aria-hidden />
          <Typography id="home-sowings-title" variant="h6" component="h2">
            {t('sowings.title')}
          </Typography>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The farm's active sowings (planned, sown, ready to harvest; current season): plot, variety,
 * current stage and next application, the soonest first, each opening its page.
 */
function ActiveSowingList({ farm }: { farm: Farm }) {
  const { t } = useTranslation(['field', 'reference', 'sowings']);
  const language = useLanguage();
  const { can } = useSignedIn();
  const sowings = useOverviewSowings(farm.id);
  const active = (sowings.data ?? []).filter(isGrowingSowing).sort(byNextApplication);
  const shown = active.slice(0, SHOWN);
  const canListPlots = can('TALHAO_LISTAR');
  // The spray windows are the execution's (its route's permission and plan level).
  const canSeeWindows = can('program.list');
  // The menu's (enabled) plots name most of them; a sowing on a disabled plot needs them all.
  const enabledPlots = usePlots(farm.id, { enabledOnly: true, enabled: canListPlots });
  const needsAll = shown.some((row) => row.plot_enabled === false);
  const allPlots = usePlots(farm.id, { enabled: canListPlots && needsAll });
  const plotNames = new Map(
    [...(allPlots.data ?? []), ...(enabledPlots.data ?? [])].map((row) => [row.id, row.nome]),
  );
  const varietyNames = useVarietyNames(farm.id, [
    ...new Set(shown.map((row) => row.season_crop_id)),
  ]);

  let content: ReactNode;
  if (sowings.isError && !sowings.data) {
    content = (
      <ApiErrorAlert
        error={sowings.error}
        onRetry={() => void sowings.refetch()}
        retryLabel={t('my_farm.sowings.retry')}
      />
    );
  } else if (!sowings.data) {
    content = (
      <Box
        role="status"
        aria-label={t('my_farm.sowings.loading')}
        data-testid="home-sowings-loading"
      >
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={56} />
        ))}
      </Box>
    );
  } else if (active.length === 0) {
    content = (
      <Typography sx={{ fontWeight: 500 }} data-testid="home-sowings-empty">
        {t('my_farm.sowings.empty')}
      </Typography>
    );
  } else {
    content = (
      <List
        disablePadding
        aria-label={t('my_farm.sowings.list_label', { farm: farm.nome })}
        data-testid="home-sowings-list"
      >
        {shown.map((sowing) => {
          const plot =
            plotNames.get(sowing.talhao_id) ??
            t('my_farm.sowings.plot_fallback', { id: sowing.talhao_id });
          const variety =
            (sowing.cultivar_id !== null ? varietyNames.get(sowing.cultivar_id) : undefined) ??
            t('my_farm.sowings.variety_unknown');
          const stage = sowing.estadio_atual
            ? t(sowing.estadio_atual.message_key, {
                ns: 'reference',
                defaultValue: sowing.estadio_atual.code,
              })
            : t('my_farm.sowings.stage_unknown');
          const next = sowing.data_ideal_proxima_aplicacao;
          return (
            <ListItem key={sowing.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={`/sowings/${sowing.id}`}
                data-testid={`home-sowing-${sowing.id}`}
                sx={{ borderRadius: 2, alignItems: 'flex-start', px: 1 }}
              >
                <Box sx={{ flex: 1, minWidth: 0, py: 0.5 }}>
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                      {plot}
                    </Typography>
                    <Chip
                      size="small"
                      label={t(`sowings:status.${sowing.status}`)}
                      color={sowing.status === 'ready_to_harvest' ? 'warning' : 'primary'}
                      variant={sowing.status === 'planned' ? 'outlined' : 'filled'}
                    />
                  </Stack>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {variety}
                  </Typography>
                  <Typography variant="body2" data-testid="home-sowing-stage">
                    {stage}
                  </Typography>
                  <Stack
                    direction="row"
                    spacing={0.75}
                    sx={{ alignItems: 'center', mt: 0.25, color: 'text.secondary' }}
                    data-testid="home-sowing-next"
                  >
                    <WaterDropOutlinedIcon sx={{ fontSize: 16 }} aria-hidden />
                    <Typography variant="body2" component="span">
                      {next
                        ? t('my_farm.sowings.next_application', {
                            date: formatDateOnly(next, language),
                          })
                        : t('my_farm.sowings.no_program')}
                    </Typography>
                  </Stack>
                  {canSeeWindows && sowing.programa && next && (
                    <NextSprayWindow farmId={farm.id} programId={sowing.programa.id} />
                  )}
                </Box>
                <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary', mt: 1 }} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    );
  }

  return (
    <SowingsCard>
      <Box data-testid="home-sowings">
        {content}
        {sowings.data && (
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1 }}
          >
            <Typography variant="body2" color="text.secondary">
              {active.length > SHOWN
                ? t('my_farm.sowings.more', { count: active.length - SHOWN })
                : null}
            </Typography>
            <Button
              component={RouterLink}
              to="/sowings"
              size="small"
              endIcon={<ChevronRightIcon />}
              data-testid="home-sowings-all"
            >
              {t('my_farm.sowings.see_all')}
            </Button>
          </Stack>
        )}
      </Box>
    </SowingsCard>
  );
}

/**
 * Active sowings. Where the plan and profile open /sowings, their list; otherwise how many the
 * farm has (from its figures) and, on a plan without sowings, that other plans record them.
 * Never an invented row, never a call the API would refuse.
 */
export function ActiveSowings({ stats }: { stats: ReturnType<typeof useFarmStats> }) {
  const { t } = useTranslation('field', { keyPrefix: 'my_farm' });
  const { user, permissions, can } = useSignedIn();
  const { farm } = useCurrentFarm();
  const access = permissions === null ? 'hidden' : menuAccess('/sowings', user, permissions);
  if (farm && access === 'open' && can('SEMEADURA_LISTAR')) {
    // A farm switch starts over: nothing of the previous farm's list stays on screen.
    return <ActiveSowingList key={farm.id} farm={farm} />;
  }
  const count = stats.data?.active_sowings;
  return (
    <SowingsCard>
      <Box data-testid="home-sowings">
        {count === undefined ? (
          stats.isError ? null : (
            <Skeleton width="60%" />
          )
        ) : (
          <Typography sx={{ fontWeight: 500 }}>
            {count === 0 ? t('sowings.none') : t('sowings.some', { count })}
          </Typography>
        )}
        {access === 'upsell' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('sowings.upsell')}
          </Typography>
        )}
      </Box>
    </SowingsCard>
  );
}

function FarmLoading() {
  const { t } = useTranslation('field', { keyPrefix: 'my_farm' });
  return (
    <LoadingState label={t('farm.loading')} testId="home-farm-loading">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1.5}>
          <Skeleton variant="rounded" width={44} height={44} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="40%" height={32} />
            <Skeleton width="30%" />
          </Box>
        </Stack>
        <Skeleton variant="rounded" height={56} sx={{ mt: 2 }} />
      </Paper>
    </LoadingState>
  );
}

/**
 * The current farm on the home page: its header (name, place, figures), or its loading, error and
 * "no farm yet" states.
 */
export function FarmSummary({ stats }: { stats: ReturnType<typeof useFarmStats> }) {
  const { t } = useTranslation('field', { keyPrefix: 'my_farm' });
  const { can } = useSignedIn();
  const { farms, farm } = useCurrentFarm();

  if (farms.isError && !farms.data) {
    return (
      <ApiErrorAlert
        error={farms.error}
        onRetry={() => void farms.refetch()}
        retryLabel={t('farm.retry')}
      />
    );
  }
  if (!farms.data) return <FarmLoading />;
  if (!farm) {
    const canCreate = can('FAZENDA_CADASTRAR');
    return (
      <Card variant="outlined" component="section" aria-labelledby="home-no-farm-title">
        <InlineMessage
          testId="home-no-farm"
          headingLevel="h2"
          titleId="home-no-farm-title"
          icon={<AgricultureOutlinedIcon />}
          title={t('no_farm.title')}
          description={t(canCreate ? 'no_farm.description' : 'no_farm.description_readonly')}
          action={
            canCreate && (
              <Button
                component={RouterLink}
                to="/farms"
                variant="contained"
                startIcon={<AddIcon />}
              >
                {t('no_farm.action')}
              </Button>
            )
          }
        />
      </Card>
    );
  }
  return (
    <>
      <FarmHeader farm={farm} stats={stats} />
      {can('FAZENDA_VISUALIZAR') && <FarmWeatherCard farm={farm} />}
    </>
  );
}
