import { Suspense, lazy } from 'react';
import { Alert, Box, Button, Paper, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import {
  cropsOfCountry,
  resolveCrop,
  resolveSeason,
  routeAccess,
  seasonsOf,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Farm } from '../../api/farms';
import { usePerformance } from '../../api/performance';
import { useCrops, useSeasonCrops } from '../../api/reference';
import { CurrentFarmGate } from '../../app/farm/current-farm-gate';
import { useSignedIn } from '../../app/session/signed-in';
import { InlineMessage } from '../../shell/inline-message';
import { CropSeasonFilter } from '../shared/crop-season-filter';
import { useCropSeasonChoice } from '../shared/varieties/variety-season';
import { PerformanceCards } from './performance-cards';
import { usePerformanceFormat } from './performance-format';
import { LoadingState } from '../../shell/loading-state';

// Recharts comes with the charts, after the cards: the page (and its no-farm and empty states)
// does not wait for it.
const PerformanceCharts = lazy(() =>
  import('./performance-charts').then((module) => ({ default: module.PerformanceCharts })),
);

function Loading() {
  const { t } = useTranslation('performance');
  return (
    <LoadingState label={t('loading')} testId="performance-loading">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={104} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={240} />
    </LoadingState>
  );
}

/**
 * The farm's reports of the season shown, where the plan has them (Full): printable, with a PDF.
 * At the end of the crop and season selects.
 */
function ReportLinks({ farmId, seasonCropId }: { farmId: number; seasonCropId: number }) {
  const { t } = useTranslation('reports');
  const { user } = useSignedIn();
  if (routeAccess('reports/programa', user.plan.priority_level) !== 'allowed') return null;
  const query = new URLSearchParams({
    farm_id: String(farmId),
    season_crop_id: String(seasonCropId),
  });
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', ml: { sm: 'auto' } }}
      aria-label={t('page_ui.open_reports')}
      role="group"
    >
      <Button
        component={RouterLink}
        to={`/reports/programa?${query}`}
        startIcon={<DescriptionOutlinedIcon />}
        data-testid="performance-report-programa"
      >
        {t('page_ui.other_report.programa')}
      </Button>
      <Button
        component={RouterLink}
        to={`/reports/season-report?${query}`}
        startIcon={<DescriptionOutlinedIcon />}
        data-testid="performance-report-season"
      >
        {t('page_ui.other_report.season')}
      </Button>
    </Stack>
  );
}

/** The figures of one season-crop: loading, the error, the two empty messages, or the data. */
function SeasonFigures({ farm, query }: { farm: Farm; query: ReturnType<typeof usePerformance> }) {
  const { t } = useTranslation('performance');
  const { can } = useSignedIn();
  const format = usePerformanceFormat(query.data?.currency ?? null);
  if (query.isError && !query.data)
    return (
      <Alert
        severity="error"
        data-testid="performance-error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('error')}
      </Alert>
    );
  if (!query.data) return <Loading />;
  const answer = query.data;
  if (answer.summary.harvested_sowings === 0) {
    const elsewhere = answer.has_harvests;
    return (
      <Paper variant="outlined">
        <InlineMessage
          testId={elsewhere ? 'performance-empty-season' : 'performance-empty'}
          icon={<InsightsOutlinedIcon />}
          title={t(elsewhere ? 'empty.season' : 'empty.none')}
          description={t(elsewhere ? 'empty.season_hint' : 'empty.none_hint')}
          headingLevel="h2"
          action={
            can('sowing.view') ? (
              <Button
                component={RouterLink}
                to={`/sowings?fazenda_id=${farm.id}`}
                variant="outlined"
              >
                {t('empty.action')}
              </Button>
            ) : undefined
          }
        />
      </Paper>
    );
  }
  return (
    <Stack spacing={3} data-testid="performance-figures">
      <PerformanceCards answer={answer} format={format} />
      <Suspense
        fallback={
          <Skeleton variant="rounded" height={240} data-testid="performance-charts-loading" />
        }
      >
        <PerformanceCharts answer={answer} format={format} />
      </Suspense>
    </Stack>
  );
}

function Performance({
  farm,
  chosenCrop,
  chosenSeason,
  onCrop,
  onSeason,
}: {
  farm: Farm;
  chosenCrop: number | null;
  chosenSeason: string | null;
  onCrop: (cropId: number) => void;
  onSeason: (seasonName: string) => void;
}) {
  const { t } = useTranslation('performance');
  const crops = useCrops();
  const seasonCrops = useSeasonCrops();
  const countryId = farm.pais.id;
  const offered = cropsOfCountry(crops.data ?? [], seasonCrops.data ?? [], countryId);
  const crop = resolveCrop(offered, seasonCrops.data ?? [], countryId, chosenCrop);
  const seasons = crop ? seasonsOf(seasonCrops.data ?? [], crop.id, countryId) : [];
  const base = resolveSeason(seasons, chosenSeason);
  const baseQuery = usePerformance(farm.id, base?.id ?? null);
  // Until a season is chosen, the page opens on the newest season with harvests when the current
  // one has none (harvest data is what the page is about; the select shows which one it is).
  const harvested = baseQuery.data?.seasons_with_harvests ?? [];
  const fallback =
    chosenSeason === null && baseQuery.data && baseQuery.data.summary.harvested_sowings === 0
      ? seasons.find((row) => harvested.includes(row.id))
      : undefined;
  const season = fallback ?? base;
  const query = usePerformance(farm.id, season?.id ?? null);

  const referenceError = crops.error ?? seasonCrops.error;
  let body;
  if (referenceError && (!crops.data || !seasonCrops.data)) {
    body = (
      <Alert
        severity="error"
        data-testid="performance-error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              if (crops.isError) void crops.refetch();
              if (seasonCrops.isError) void seasonCrops.refetch();
            }}
          >
            {t('retry')}
          </Button>
        }
      >
        {t('error')}
      </Alert>
    );
  } else if (!crops.data || !seasonCrops.data) {
    body = <Loading />;
  } else if (!crop || !season) {
    body = (
      <Paper variant="outlined">
        <InlineMessage
          testId="performance-no-season"
          icon={<InsightsOutlinedIcon />}
          title={t('no_season.title')}
          description={t('no_season.description')}
          headingLevel="h2"
        />
      </Paper>
    );
  } else {
    body = <SeasonFigures farm={farm} query={query} />;
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 1280, mx: 'auto' }} data-testid="performance-page">
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('subtitle')}</Typography>
      </Box>
      <Tabs
        value="current"
        aria-label={t('tabs.label')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="current" label={t('tabs.current')} data-testid="performance-tab-current" />
      </Tabs>
      {crop && season && (
        <CropSeasonFilter
          namespace="performance"
          crops={offered}
          crop={crop}
          seasons={seasons}
          season={season}
          onCrop={onCrop}
          onSeason={onSeason}
        >
          <ReportLinks farmId={farm.id} seasonCropId={season.id} />
        </CropSeasonFilter>
      )}
      {body}
    </Stack>
  );
}

/** /performance: the current farm's season (spec 3 §2 Performance; issue 14 item 10). */
export function PerformancePage() {
  // Above the farm: a farm switch keeps the crop and season chosen and reloads the figures (their
  // query is the farm's, dropped with the previous farm).
  const choice = useCropSeasonChoice();
  return (
    <CurrentFarmGate namespace="performance" testId="performance-no-farm" loading={<Loading />}>
      {(farm) => <Performance key={farm.id} farm={farm} {...choice} />}
    </CurrentFarmGate>
  );
}
