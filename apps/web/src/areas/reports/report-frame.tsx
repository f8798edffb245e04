import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  GlobalStyles,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { ERROR_KEYS } from '@lavoura/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { Farm } from '../../api/farms';
import { ApiError } from '../../api/http';
import { useCrops, useSeasonCrops, type SeasonCrop } from '../../api/reference';
import { reportPdfUrl, type ReportKind } from '../../api/reports';
import { CurrentFarmGate } from '../../app/farm/current-farm-gate';
import { useCurrentFarm } from '../../app/farm/current-farm-context';
import { useLanguage } from '../../lib/i18n';
import { MessagePanel } from '../../shell/message-panel';

/** The query naming the report's farm and season (`?farm_id=3&season_crop_id=11`). */
const FARM_PARAM = 'farm_id';
const SEASON_PARAM = 'season_crop_id';

const ROUTES: Record<ReportKind, string> = {
  programa: '/reports/programa',
  season: '/reports/season-report',
};

const idOf = (value: string | null) =>
  value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

/** The crop kept by the planning pages (spec 2 §4 "Current crop"); soybean otherwise. */
function storedCrop(): number | null {
  try {
    const value = window.localStorage.getItem('current_crop');
    return value !== null && /^\d+$/.test(value) ? Number(value) : null;
  } catch {
    return null;
  }
}

/**
 * The season the report opens on: the query's, if it is one of the farm's country; else the
 * current season of the stored crop, else of any crop, else the latest season.
 */
function defaultSeason(
  seasons: readonly SeasonCrop[],
  fromQuery: number | null,
  cropId: number | null,
): SeasonCrop | null {
  return (
    seasons.find((season) => season.id === fromQuery) ??
    seasons.find((season) => season.status === 'current' && season.crop_id === cropId) ??
    seasons.find((season) => season.status === 'current') ??
    seasons.at(-1) ??
    null
  );
}

/** Print: A4, the page's controls hidden, no background. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@page': { size: 'A4', margin: '12mm' },
      '@media print': {
        body: { background: '#fff !important' },
        '.report-no-print': { display: 'none !important' },
        'main, .report-page': { padding: '0 !important', maxWidth: 'none !important' },
        '.report-section': { breakInside: 'avoid-page' },
      },
    }}
  />
);

function Loading({ testId }: { testId: string }) {
  const { t } = useTranslation('reports');
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      role="status"
      aria-label={t('page_ui.loading')}
      data-testid={testId}
    >
      <Skeleton height={48} width="60%" />
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} height={40} />
      ))}
    </Paper>
  );
}

/** The way back into the app from a page outside the shell. */
function BackButton() {
  const { t } = useTranslation('reports');
  return (
    <Button
      component={RouterLink}
      to="/my_farm"
      variant="outlined"
      startIcon={<ArrowBackIcon />}
      data-testid="report-back"
    >
      {t('page_ui.back')}
    </Button>
  );
}

function ReportError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['reports', 'errors']);
  const key = error instanceof ApiError ? error.key : ERROR_KEYS.unexpected;
  // A report's refusal (no plots, no sowings…) is the data's answer: only other errors retry.
  const final = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return (
    <MessagePanel
      testId="report-error"
      tone={final ? 'warning' : 'error'}
      icon={<ReportProblemOutlinedIcon />}
      title={t('page_ui.error_title')}
      description={t([key, ERROR_KEYS.unexpected], { ns: 'errors' })}
      actions={
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
          <BackButton />
          {!final && (
            <Button variant="contained" onClick={onRetry}>
              {t('page_ui.retry')}
            </Button>
          )}
        </Stack>
      }
    />
  );
}

interface FrameProps<T> {
  kind: ReportKind;
  /** The report's query for a farm and season (null while either is unknown). */
  useReport: (farmId: number | null, seasonCropId: number | null) => UseQueryResult<T>;
  children: (report: T) => ReactNode;
}

function Frame<T>({ kind, useReport, children, farm }: FrameProps<T> & { farm: Farm }) {
  const { t } = useTranslation(['reports', 'reference']);
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const { farms } = useCurrentFarm();
  const crops = useCrops();
  const seasonCrops = useSeasonCrops();
  const seasons = (seasonCrops.data ?? []).filter((season) => season.country_id === farm.pais.id);
  const season = defaultSeason(seasons, idOf(params.get(SEASON_PARAM)), storedCrop() ?? 1);
  const report = useReport(farm.id, season?.id ?? null);

  const setParam = (name: string, value: number) =>
    setParams((old) => {
      const next = new URLSearchParams(old);
      next.set(name, String(value));
      // Another farm may be of another country: its season is chosen again.
      if (name === FARM_PARAM) next.delete(SEASON_PARAM);
      return next;
    });
  const cropName = (cropId: number) => {
    const crop = crops.data?.find((row) => row.id === cropId);
    return crop ? t(crop.message_key, { ns: 'reference' }) : '';
  };
  const seasonLabel = (option: SeasonCrop) => {
    const name = `${option.season_name} · ${cropName(option.crop_id)}`;
    return option.status === 'current' ? t('page_ui.current', { name }) : name;
  };
  const other: ReportKind = kind === 'programa' ? 'season' : 'programa';
  const otherQuery = new URLSearchParams({ [FARM_PARAM]: String(farm.id) });
  if (season) otherQuery.set(SEASON_PARAM, String(season.id));

  return (
    <Stack
      spacing={2.5}
      className="report-page"
      sx={{ maxWidth: 1200, mx: 'auto' }}
      data-testid={`reports-${kind}-page`}
    >
      {printStyles}
      <Stack
        className="report-no-print"
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, flexWrap: 'wrap' }}
        data-testid="report-toolbar"
      >
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <BackButton />
          <Button
            component={RouterLink}
            to={`${ROUTES[other]}?${otherQuery}`}
            startIcon={<DescriptionOutlinedIcon />}
            data-testid="report-other"
          >
            {t(`page_ui.other_report.${other}`)}
          </Button>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t('page_ui.farm')}
            value={farm.id}
            onChange={(event) => setParam(FARM_PARAM, Number(event.target.value))}
            sx={{ minWidth: 200 }}
            data-testid="report-farm"
          >
            {(farms.data ?? [farm]).map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.nome}
              </MenuItem>
            ))}
          </TextField>
          {season && (
            <TextField
              select
              size="small"
              label={t('page_ui.season')}
              value={season.id}
              onChange={(event) => setParam(SEASON_PARAM, Number(event.target.value))}
              sx={{ minWidth: 220 }}
              data-testid="report-season"
            >
              {seasons.map((option) => (
                <MenuItem key={option.id} value={option.id}>
                  {seasonLabel(option)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Button
            variant="outlined"
            startIcon={<PrintIcon />}
            onClick={() => window.print()}
            disabled={!report.data}
            data-testid="report-print"
          >
            {t('page_ui.print')}
          </Button>
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            component="a"
            href={season ? reportPdfUrl(kind, farm.id, season.id, language) : undefined}
            download
            disabled={!report.data || !season}
            data-testid="report-download"
          >
            {t('page_ui.download_pdf')}
          </Button>
        </Stack>
      </Stack>
      {seasonCrops.isError && !seasonCrops.data ? (
        <ReportError error={seasonCrops.error} onRetry={() => void seasonCrops.refetch()} />
      ) : !seasonCrops.data ? (
        <Loading testId="report-loading" />
      ) : !season ? (
        <Alert severity="info" data-testid="report-no-season">
          {t('page_ui.no_season')}
        </Alert>
      ) : report.isError && !report.data ? (
        <ReportError error={report.error} onRetry={() => void report.refetch()} />
      ) : !report.data ? (
        <Loading testId="report-loading" />
      ) : (
        children(report.data)
      )}
    </Stack>
  );
}

/**
 * A report page outside the shell (/reports/programa, /reports/season-report): the farm and season
 * of the query (`farm_id`, `season_crop_id`; default the current farm and its current season),
 * print and PDF buttons, loading and error states, and a way back into the app.
 */
export function ReportFrame<T>(props: FrameProps<T>) {
  const [params] = useSearchParams();
  const { farms, farm: current } = useCurrentFarm();
  const fromQuery = idOf(params.get(FARM_PARAM));
  const farm = farms.data?.find((row) => row.id === fromQuery) ?? current;
  return (
    <CurrentFarmGate
      namespace="reports"
      testId="reports-no-farm"
      loading={<Loading testId="report-loading" />}
    >
      {() => (farm ? <Frame {...props} farm={farm} /> : null)}
    </CurrentFarmGate>
  );
}

/** A titled part of a report that printing keeps on one page where it fits. */
export function ReportSection({
  title,
  testId,
  children,
}: {
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" className="report-section" data-testid={testId}>
      <Typography
        variant="h6"
        component="h2"
        sx={{ fontSize: 17, borderBottom: 2, borderColor: 'primary.main', pb: 0.5, mb: 1.5 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The report's head: title, farm, place, season, crop and when it was made. */
export function ReportHeader({
  title,
  subtitle,
  generated,
}: {
  title: string;
  subtitle: string;
  generated: string;
}) {
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{subtitle}</Typography>
      <Typography variant="body2" color="text.secondary">
        {generated}
      </Typography>
    </Box>
  );
}

/** The key figures of a report, label over value. */
export function ReportFigures({ figures }: { figures: { label: string; value: string }[] }) {
  return (
    <Box
      data-testid="report-figures"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)', md: 'repeat(6, 1fr)' },
        gap: 1,
      }}
    >
      {figures.map((figure) => (
        <Paper key={figure.label} variant="outlined" sx={{ p: 1.25 }} data-testid="report-figure">
          <Typography variant="caption" color="text.secondary" component="div">
            {figure.label}
          </Typography>
          <Typography sx={{ fontWeight: 700, fontSize: 18 }}>{figure.value}</Typography>
        </Paper>
      ))}
    </Box>
  );
}
