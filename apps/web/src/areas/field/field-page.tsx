import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import AgricultureOutlinedIcon from '@mui/icons-material/AgricultureOutlined';
import CloudOutlinedIcon from '@mui/icons-material/CloudOutlined';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GrassOutlinedIcon from '@mui/icons-material/GrassOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import SatelliteAltOutlinedIcon from '@mui/icons-material/SatelliteAltOutlined';
import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { formatTruncated, toDisplayUnit, unitOf } from '@lavoura/domain';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePlots, type Plot } from '../../api/farms';
import { ApiError } from '../../api/http';
import { usePlot, useRemainingArea } from '../../api/plot-detail';
import { FARM_QUERY, routeFarmId } from '../../app/farm/current-farm';
import { useCurrentFarm } from '../../app/farm/current-farm-context';
import { useLanguage } from '../../lib/i18n';
import { useSignedIn } from '../../app/session/signed-in';
import { useAreaText } from '../../lib/area-text';
import { PlotMapView } from '../../lib/plot-map-view';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { contactMailto } from '../../shell/contact';
import { InlineMessage } from '../../shell/inline-message';
import { menuAccess } from '../../shell/menu-entries';
import { MessagePanel } from '../../shell/message-panel';
import { PlotNotes } from '../shared/notes/plot-notes';
import { NdviView } from '../shared/ndvi';
import { PlantingTimeline } from './planting-timeline';
import { PlotWeatherTab } from './plot-weather-tab';
import { LoadingState } from '../../shell/loading-state';

const PLOT_QUERY = 'plot_id';

/** A plot's page, on its farm. */
function plotPath(plotId: number, farmId: number): string {
  return `/field?${new URLSearchParams({ [PLOT_QUERY]: String(plotId), [FARM_QUERY]: String(farmId) })}`;
}

/** What the address says: the plot (a well-formed id, or 'invalid') and the farm it names. */
function readQuery(search: string): { plotId: number | null | 'invalid'; farmId: number | null } {
  const value = new URLSearchParams(search).get(PLOT_QUERY);
  const plotId = value === null ? null : /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 'invalid';
  return { plotId, farmId: routeFarmId(search) };
}

function NotFound() {
  const { t } = useTranslation('field');
  return (
    <MessagePanel
      testId="field-not-found"
      tone="secondary"
      icon={<TravelExploreIcon />}
      title={t('not_found.title')}
      description={t('not_found.description')}
      actions={
        <Button component={RouterLink} to="/my_farm" variant="contained">
          {t('not_found.action')}
        </Button>
      }
    />
  );
}

function PageLoading() {
  const { t } = useTranslation('field');
  return (
    <LoadingState
      label={t('loading')}
      testId="field-loading"
      spacing={3}
      sx={{ maxWidth: 1200, mx: 'auto' }}
    >
      <Box>
        <Skeleton width={160} />
        <Skeleton width="40%" height={44} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.6fr) minmax(0, 1fr)' },
        }}
      >
        <Skeleton variant="rounded" height={360} />
        <Skeleton variant="rounded" height={360} />
      </Box>
    </LoadingState>
  );
}

/** One label and its value, in the data list. */
function Datum({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, fontWeight: 500, textAlign: 'right' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** The plot's figures: areas in ha or ac, what is free this season, contract, soil. */
function PlotData({ plot }: { plot: Plot }) {
  const { t } = useTranslation('field');
  const language = useLanguage();
  const areaText = useAreaText();
  const remaining = useRemainingArea(plot.fazenda_id, plot.id);
  const notInformed = (
    <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
      {t('data.not_informed')}
    </Box>
  );
  const orNot = (value: number | null, show: (value: number) => string) =>
    value === null ? notInformed : show(value);
  const pending = remaining.isError ? (
    <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
      {t('data.unavailable')}
    </Box>
  ) : (
    t('data.remaining_loading')
  );

  return (
    <Card variant="outlined" component="section" aria-labelledby="field-data-title">
      <CardContent>
        <Typography id="field-data-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
          {t('data.title')}
        </Typography>
        <Box component="dl" sx={{ m: 0 }} data-testid="field-data">
          <Datum label={t('data.area')} value={areaText(plot.area)} testId="field-area" />
          <Datum
            label={t('data.computed_area')}
            value={areaText(plot.area_calculada)}
            testId="field-computed-area"
          />
          <Datum
            label={t('data.remaining_area')}
            value={remaining.data ? areaText(remaining.data.remaining_area) : pending}
            testId="field-remaining-area"
          />
          <Datum
            label={t('data.sown_area')}
            value={remaining.data ? areaText(remaining.data.sown_area) : pending}
            testId="field-sown-area"
          />
          <Datum
            label={t('data.enabled')}
            value={t(plot.enabled ? 'data.yes' : 'data.no')}
            testId="field-enabled"
          />
          <Datum
            label={t('data.contracted_area')}
            value={orNot(plot.contracted_area, areaText)}
            testId="field-contracted-area"
          />
          <Datum
            label={t('data.elevation')}
            value={orNot(
              plot.elevation,
              (metres) =>
                `${formatTruncated(toDisplayUnit('length', metres, language), 0, language)} ${unitOf('length', language)}`,
            )}
            testId="field-elevation"
          />
          <Datum
            label={t('data.clay')}
            value={orNot(plot.clay_soil, (clay) => `${formatTruncated(clay, 1, language)} %`)}
            testId="field-clay"
          />
          <Datum
            label={t('data.soil_type')}
            // No authoritative list of soil types yet: the API answers null.
            value={notInformed}
            testId="field-soil-type"
          />
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * A page the plot's buttons open, padlocked like its menu entry when the plan keeps it closed;
 * hidden when the profile may open the page but not do what the button says (`requires`).
 */
function ActionButton({
  to,
  label,
  icon,
  testId,
  requires,
  variant = 'outlined',
}: {
  to: string;
  label: string;
  icon: ReactNode;
  testId: string;
  requires: string;
  variant?: 'outlined' | 'contained';
}) {
  const { t } = useTranslation('field');
  const { user, permissions, can } = useSignedIn();
  const access = menuAccess(to, user, permissions);
  if (access === 'hidden' || (access === 'open' && !can(requires))) return null;
  return (
    <Button
      component={RouterLink}
      to={to}
      variant={variant}
      startIcon={icon}
      endIcon={
        access === 'upsell' ? <LockOutlinedIcon titleAccess={t('actions.upsell')} /> : undefined
      }
      data-testid={testId}
      data-access={access}
    >
      {label}
    </Button>
  );
}

const TABS = [
  { key: 'planting', icon: <GrassOutlinedIcon /> },
  { key: 'notes', icon: <StickyNote2OutlinedIcon /> },
  { key: 'weather', icon: <CloudOutlinedIcon /> },
] as const;

/**
 * The planting tab as the plan and profile allow: the plot's sowings on a timeline when /sowings is
 * open to this user; otherwise why not (another plan, or a profile without sowings), never a call
 * the API would refuse.
 */
function PlantingTab({ plot }: { plot: Plot }) {
  const { t } = useTranslation('field');
  const { user, permissions, can } = useSignedIn();
  const { farms } = useCurrentFarm();
  const timeZone = farms.data?.find((farm) => farm.id === plot.fazenda_id)?.time_zone;
  if (permissions === null) {
    return (
      <Box sx={{ p: 3 }} role="status" aria-label={t('planting.loading')}>
        <Skeleton variant="rounded" height={48} />
      </Box>
    );
  }
  const access = menuAccess('/sowings', user, permissions);
  if (access === 'open' && can('SEMEADURA_LISTAR')) {
    return (
      <PlantingTimeline
        plot={plot}
        canCreate={can('SEMEADURA_CADASTRAR') && plot.enabled && plot.enabled_sowing}
        timeZone={timeZone}
      />
    );
  }
  return (
    <InlineMessage
      testId="planting-closed"
      icon={access === 'upsell' ? <LockOutlinedIcon /> : <GrassOutlinedIcon />}
      tone="secondary"
      title={t('planting.title')}
      description={t(access === 'upsell' ? 'planting.upsell' : 'planting.no_access')}
      headingLevel="h2"
    />
  );
}

/**
 * Planting, notes and weather. Planting is the plot's sowings; notes are the plot's own (the
 * notebook filtered by it); weather arrives with a later update, so its tab says what it will
 * hold. Nothing here is invented.
 */
function PlotTabs({ plot }: { plot: Plot }) {
  const { t } = useTranslation('field');
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('planting');
  return (
    <Card variant="outlined">
      <Tabs
        value={tab}
        onChange={(_event, value: (typeof TABS)[number]['key']) => setTab(value)}
        aria-label={t('tabs.label')}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map(({ key, icon }) => (
          <Tab
            key={key}
            value={key}
            label={t(`tabs.${key}`)}
            icon={icon}
            iconPosition="start"
            id={`field-tab-${key}`}
            aria-controls={`field-tabpanel-${key}`}
            data-testid={`field-tab-${key}`}
            sx={{ minHeight: 56 }}
          />
        ))}
      </Tabs>
      {TABS.map(({ key }) => (
        <Box
          key={key}
          role="tabpanel"
          id={`field-tabpanel-${key}`}
          aria-labelledby={`field-tab-${key}`}
          hidden={tab !== key}
          data-testid={`field-tabpanel-${key}`}
        >
          {tab === key && key === 'notes' && (
            <PlotNotes farmId={plot.fazenda_id} plotId={plot.id} />
          )}
          {tab === key && key === 'planting' && <PlantingTab plot={plot} />}
          {tab === key && key === 'weather' && <PlotWeatherTab plot={plot} />}
        </Box>
      ))}
    </Card>
  );
}

/** NDVI (spec 3 §2): the plot's scenes and images when contracted, else the offer to contract it. */
function NdviCard({ plot }: { plot: Plot }) {
  const { t } = useTranslation('field');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="field-ndvi-title"
      data-testid="field-ndvi"
      sx={(theme) => ({
        p: 2.5,
        bgcolor: alpha(theme.palette.secondary.main, 0.04),
        borderColor: alpha(theme.palette.secondary.main, 0.3),
      })}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Box
          aria-hidden
          sx={{
            width: 48,
            height: 48,
            flexShrink: 0,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
          }}
        >
          <SatelliteAltOutlinedIcon />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="field-ndvi-title" variant="h6" component="h2">
            {t('ndvi.title')}
          </Typography>
          {!plot.enabled_ndvi && (
            <Typography variant="body2" color="text.secondary">
              {t('ndvi.description')}
            </Typography>
          )}
        </Box>
        {!plot.enabled_ndvi && (
          <Button
            variant="contained"
            color="secondary"
            component="a"
            href={contactMailto(t('ndvi.subject', { name: plot.nome }))}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
            data-testid="field-ndvi-contact"
          >
            {t('ndvi.action')}
          </Button>
        )}
      </Stack>
      {/* NDVI contracted: the scenes and their images; otherwise the offer above (spec 3 §2). */}
      {plot.enabled_ndvi && (
        <Box sx={{ mt: 2 }}>
          <NdviView plot={plot} />
        </Box>
      )}
    </Paper>
  );
}

function PlotView({ plot, farmName }: { plot: Plot; farmName: string | null }) {
  const { t } = useTranslation('field');
  const { can } = useSignedIn();
  const context = `?${new URLSearchParams({ [PLOT_QUERY]: String(plot.id), [FARM_QUERY]: String(plot.fazenda_id) })}`;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="field-page">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          {farmName && (
            <Link
              component={RouterLink}
              to={`/my_farm?${new URLSearchParams({ [FARM_QUERY]: String(plot.fazenda_id) })}`}
              color="text.secondary"
              underline="hover"
              data-testid="field-farm-name"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
            >
              <AgricultureOutlinedIcon fontSize="small" aria-hidden />
              {farmName}
            </Link>
          )}
          <Stack
            direction="row"
            spacing={1.5}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography
              variant="h4"
              component="h1"
              sx={{ fontSize: { xs: 26, sm: 32 }, overflowWrap: 'anywhere' }}
              data-testid="field-plot-name"
            >
              {plot.nome}
            </Typography>
            <Chip
              size="small"
              color={plot.enabled ? 'primary' : 'default'}
              variant="outlined"
              label={t(plot.enabled ? 'status.enabled' : 'status.disabled')}
              data-testid="field-status"
            />
          </Stack>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {plot.enabled && plot.enabled_sowing && (
            <ActionButton
              to={`/sowings${context}`}
              label={t('actions.new_sowing')}
              icon={<AddIcon />}
              variant="contained"
              requires="SEMEADURA_CADASTRAR"
              testId="field-new-sowing"
            />
          )}
          <ActionButton
            // A new note about this plot: the notebook opens with the form, the plot chosen.
            to={`/notes?new=1&${context.slice(1)}`}
            label={t('actions.note')}
            icon={<EditNoteOutlinedIcon />}
            requires="NOTE_CADASTRAR"
            testId="field-note"
          />
          {can('TALHAO_EDITAR') && (
            <ActionButton
              requires="TALHAO_EDITAR"
              to={`/farms?${new URLSearchParams({ [FARM_QUERY]: String(plot.fazenda_id) })}`}
              label={t('actions.plot')}
              icon={<EditOutlinedIcon />}
              testId="field-edit-plot"
            />
          )}
        </Stack>
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.6fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <PlotMapView
          plots={[plot]}
          selectedId={plot.id}
          height={360}
          center={[plot.latitude, plot.longitude]}
          ariaLabel={t('map_label', { name: plot.nome })}
        />
        <PlotData plot={plot} />
      </Box>

      <NdviCard plot={plot} />
      <PlotTabs plot={plot} />
    </Stack>
  );
}

/** /field without a plot: the current farm's first enabled plot, or why there is none. */
function FirstPlot() {
  const { t } = useTranslation('field');
  const { can } = useSignedIn();
  const { farms, farm } = useCurrentFarm();
  const plots = usePlots(farm?.id ?? null, { enabledOnly: true });

  if (farms.isError && !farms.data) {
    return (
      <ApiErrorAlert
        error={farms.error}
        onRetry={() => void farms.refetch()}
        retryLabel={t('retry')}
      />
    );
  }
  if (!farms.data && farms.fetchStatus !== 'idle') return <PageLoading />;
  if (!farm) {
    return (
      <MessagePanel
        testId="field-no-farm"
        icon={<AgricultureOutlinedIcon />}
        title={t('no_farm.title')}
        description={t('no_farm.description')}
        actions={
          can('FAZENDA_CADASTRAR') && (
            <Button component={RouterLink} to="/farms" variant="contained">
              {t('no_farm.action')}
            </Button>
          )
        }
      />
    );
  }
  if (plots.isError && !plots.data) {
    return (
      <ApiErrorAlert
        error={plots.error}
        onRetry={() => void plots.refetch()}
        retryLabel={t('retry')}
      />
    );
  }
  if (!plots.data) return <PageLoading />;
  const first = plots.data[0];
  if (first) return <Navigate replace to={plotPath(first.id, farm.id)} />;
  const canCreate = can('TALHAO_CADASTRAR');
  return (
    <MessagePanel
      testId="field-empty"
      icon={<MapOutlinedIcon />}
      title={t('empty.title', { farm: farm.nome })}
      description={t(canCreate ? 'empty.description' : 'empty.description_readonly')}
      actions={
        canCreate && (
          <Button component={RouterLink} to="/farms" variant="contained" startIcon={<AddIcon />}>
            {t('empty.action')}
          </Button>
        )
      }
    />
  );
}

/** A plot of a farm: a foreign or unknown one (404) is "not found", other failures retry. */
function PlotById({ plotId, farmId }: { plotId: number; farmId: number }) {
  const { t } = useTranslation('field');
  const { farms } = useCurrentFarm();
  const plot = usePlot(farmId, plotId);
  if (plot.isError && !plot.data) {
    if (
      plot.error instanceof ApiError &&
      (plot.error.status === 404 || plot.error.status === 400)
    ) {
      return <NotFound />;
    }
    return (
      <ApiErrorAlert
        error={plot.error}
        onRetry={() => void plot.refetch()}
        retryLabel={t('retry')}
      />
    );
  }
  if (!plot.data) return <PageLoading />;
  const farmName = farms.data?.find((item) => item.id === plot.data.fazenda_id)?.nome ?? null;
  return <PlotView plot={plot.data} farmName={farmName} />;
}

/**
 * /field?plot_id=&fazenda_id=: one plot on the map with its data, its tabs (planting, notes,
 * weather), its buttons (new sowing, note, edit) and the NDVI offer. Without plot_id, the current
 * farm's first enabled plot.
 */
export function FieldPage() {
  const { search } = useLocation();
  const { farm } = useCurrentFarm();
  const { plotId, farmId } = readQuery(search);
  if (plotId === 'invalid') return <NotFound />;
  if (plotId === null) return <FirstPlot />;
  const ofFarm = farmId ?? farm?.id ?? null;
  if (ofFarm === null) return <FirstPlotOrWait />;
  return <PlotById key={`${ofFarm}-${plotId}`} plotId={plotId} farmId={ofFarm} />;
}

/** A plot id without a farm, before the farms are known: wait for them (or say there are none). */
function FirstPlotOrWait() {
  const { t } = useTranslation('field');
  const { farms } = useCurrentFarm();
  if (farms.isError && !farms.data) {
    return (
      <ApiErrorAlert
        error={farms.error}
        onRetry={() => void farms.refetch()}
        retryLabel={t('retry')}
      />
    );
  }
  // Loaded without farms, or not loaded at all (no farm.list): no farm to look the plot up in.
  if (farms.data || farms.fetchStatus === 'idle') return <NotFound />;
  return <PageLoading />;
}
