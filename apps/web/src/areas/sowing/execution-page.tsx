import { useEffect } from 'react';
import { Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import AgricultureOutlinedIcon from '@mui/icons-material/AgricultureOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { executionKeys, useSowingProgram, type ExecutionProgram } from '../../api/executions';
import { usePlots, type Farm } from '../../api/farms';
import { ApiError } from '../../api/http';
import { useSowingDetail, type SowingDetail } from '../../api/sowing-records';
import { sowingKeys, useSowings, useVarietyNames, type Sowing } from '../../api/sowings';
import { CurrentFarmGate } from '../../app/farm/current-farm-gate';
import { useSignedIn } from '../../app/session/signed-in';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { InlineMessage } from '../../shell/inline-message';
import { useShellUi } from '../../shell/shell-ui';
import { useProgramFormat } from '../shared/programs/program-format';
import { SowingPicker, type SowingOption } from './execution-header';
import { NoProgram } from './execution-no-program';
import { useFollowSowingFarm } from './follow-sowing-farm';
import { ExecutionProgramView } from './execution-program';
import { LoadingState } from '../../shell/loading-state';

/** ?semeadura={id}: the sowing whose program is shown (links from the sowing's page and list). */
const SOWING_PARAM = 'semeadura';
/** Spec 2 §9: how long the "not of the current season" notice shows before going home. */
export const HOME_REDIRECT_MS = 2000;

function Loading() {
  const { t } = useTranslation('execution');
  return (
    <LoadingState label={t('loading')} testId="execution-loading">
      <Skeleton variant="rounded" height={112} />
      <Skeleton variant="rounded" height={160} />
      <Skeleton variant="rounded" height={220} />
    </LoadingState>
  );
}

/**
 * /execucao requires a sowing of the current season (spec 2 §2): another season's says so and
 * goes back to /my_farm after 2 seconds.
 */
function NotCurrentSeason() {
  const { t } = useTranslation(['execution', 'home']);
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(
      () => void navigate('/my_farm', { replace: true }),
      HOME_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <Paper variant="outlined" role="status">
      <InlineMessage
        testId="execution-not-current-season"
        tone="secondary"
        icon={<EventBusyOutlinedIcon />}
        title={t('home:sowing.not_current_season')}
        description={t('not_current_season.description')}
        headingLevel="h2"
        action={
          <Button component={RouterLink} to="/my_farm" replace variant="contained">
            {t('not_current_season.action')}
          </Button>
        }
      />
    </Paper>
  );
}

/** The sowing's program, or the ways to give it one. */
function SowingProgram({
  farm,
  sowing,
  names,
}: {
  farm: Farm;
  sowing: SowingDetail;
  names: { variety: string; stage: string };
}) {
  const { t } = useTranslation('execution');
  const { notify } = useShellUi();
  const queryClient = useQueryClient();
  const format = useProgramFormat(farm);
  const program = useSowingProgram(farm.id, sowing.id);

  if (program.isError && program.data === undefined)
    return (
      <ApiErrorAlert
        error={program.error}
        onRetry={() => void program.refetch()}
        retryLabel={t('retry')}
      />
    );
  if (program.data === undefined) return <Loading />;
  if (program.data === null)
    return (
      <NoProgram
        farm={farm}
        sowing={sowing}
        varietyName={names.variety}
        format={format}
        onCreated={(created: ExecutionProgram, how) => {
          queryClient.setQueryData(executionKeys.ofSowing(farm.id, sowing.id), created);
          void queryClient.invalidateQueries({ queryKey: sowingKeys.all(farm.id) });
          notify({ key: how, ns: 'execution', severity: 'success' });
        }}
      />
    );
  return (
    <ExecutionProgramView
      key={program.data.id}
      farm={farm}
      sowing={sowing}
      initial={program.data}
      varietyName={names.variety}
      stageName={names.stage}
      format={format}
    />
  );
}

/** The chosen sowing: of this farm and of the current season, or why not. */
function SowingExecution({
  farm,
  sowingId,
  names,
}: {
  farm: Farm;
  sowingId: number;
  names: (sowing: SowingDetail) => { variety: string; stage: string };
}) {
  const { t } = useTranslation('execution');
  const sowing = useSowingDetail(farm.id, sowingId);
  const following = useFollowSowingFarm(farm, sowing.data?.fazenda_id);
  if (sowing.isError && !sowing.data) {
    if (sowing.error instanceof ApiError && sowing.error.status === 404)
      return (
        <Paper variant="outlined">
          <InlineMessage
            testId="execution-sowing-not-found"
            tone="secondary"
            icon={<TravelExploreIcon />}
            title={t('not_found.title')}
            description={t('not_found.description')}
            headingLevel="h2"
          />
        </Paper>
      );
    return (
      <ApiErrorAlert
        error={sowing.error}
        onRetry={() => void sowing.refetch()}
        retryLabel={t('retry')}
      />
    );
  }
  if (!sowing.data || following) return <Loading />;
  if (sowing.data.fazenda_id !== farm.id)
    return (
      <Paper variant="outlined">
        <InlineMessage
          testId="execution-other-farm"
          tone="secondary"
          icon={<TravelExploreIcon />}
          title={t('other_farm.title')}
          description={t('other_farm.description')}
          headingLevel="h2"
        />
      </Paper>
    );
  if (sowing.data.active === false) return <NotCurrentSeason />;
  return <SowingProgram farm={farm} sowing={sowing.data} names={names(sowing.data)} />;
}

/** The sowing a bare /execucao opens: the first with a program, else the first. */
function defaultSowing(sowings: readonly Sowing[]): Sowing | null {
  return sowings.find((sowing) => sowing.programa) ?? sowings[0] ?? null;
}

/** One farm's execution page: remounted for each farm, so nothing outlives its farm. */
function FarmExecution({ farm }: { farm: Farm }) {
  const { t } = useTranslation(['execution', 'reference', 'sowings']);
  const { can } = useSignedIn();
  const [params, setParams] = useSearchParams();
  const sowings = useSowings(farm.id);
  const plots = usePlots(farm.id);
  // The current season's sowings: the API answers the current seasons' (another's is read-only).
  const current = (sowings.data ?? []).filter((sowing) => sowing.active !== false);
  const varietyNames = useVarietyNames(farm.id, [
    ...new Set(current.map((sowing) => sowing.season_crop_id)),
  ]);
  const plotNames = new Map((plots.data ?? []).map((plot) => [plot.id, plot.nome]));
  const notInformed = t('sowings:not_informed');

  const plotOf = (sowing: { talhao_id: number }) =>
    plotNames.get(sowing.talhao_id) ?? t('sowings:plot_fallback', { id: sowing.talhao_id });
  const varietyOf = (sowing: { cultivar_id: number | null }) =>
    (sowing.cultivar_id !== null ? varietyNames.get(sowing.cultivar_id) : undefined) ?? notInformed;
  const stageOf = (sowing: SowingDetail) =>
    sowing.estadio_atual
      ? t(sowing.estadio_atual.message_key, {
          ns: 'reference',
          defaultValue: sowing.estadio_atual.code,
        })
      : notInformed;

  const raw = params.get(SOWING_PARAM);
  const chosen = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const fallback = sowings.data ? defaultSowing(current) : null;
  const sowingId = chosen ?? fallback?.id ?? null;
  // A bare /execucao names the sowing it opened, so the address can be shared.
  useEffect(() => {
    if (chosen === null && fallback)
      setParams(
        (old) => {
          const next = new URLSearchParams(old);
          next.set(SOWING_PARAM, String(fallback.id));
          return next;
        },
        { replace: true },
      );
  }, [chosen, fallback, setParams]);

  const options: SowingOption[] = current.map((sowing) => ({
    sowing,
    plot: plotOf(sowing),
    variety: varietyOf(sowing),
  }));

  let content;
  if (sowingId !== null) {
    content = (
      <SowingExecution
        key={sowingId}
        farm={farm}
        sowingId={sowingId}
        names={(sowing) => ({ variety: varietyOf(sowing), stage: stageOf(sowing) })}
      />
    );
  } else if (sowings.isError && !sowings.data) {
    content = (
      <ApiErrorAlert
        error={sowings.error}
        onRetry={() => void sowings.refetch()}
        retryLabel={t('retry')}
      />
    );
  } else if (!sowings.data) {
    content = <Loading />;
  } else {
    content = (
      <Paper variant="outlined">
        <InlineMessage
          testId="execution-no-sowings"
          icon={<AgricultureOutlinedIcon />}
          title={t('no_sowings.title')}
          description={t('no_sowings.description')}
          headingLevel="h2"
          action={
            can('SEMEADURA_LISTAR') ? (
              <Button component={RouterLink} to="/sowings" variant="contained">
                {t('no_sowings.action')}
              </Button>
            ) : undefined
          }
        />
      </Paper>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 1120, mx: 'auto' }} data-testid="execution-page">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        component="header"
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', md: 'flex-end' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('subtitle', { farm: farm.nome })}</Typography>
        </Box>
        <SowingPicker
          options={options}
          value={sowingId}
          loading={!sowings.data && !sowings.isError}
          onChange={(id) =>
            setParams(
              (old) => {
                const next = new URLSearchParams(old);
                next.set(SOWING_PARAM, String(id));
                return next;
              },
              { replace: false },
            )
          }
        />
      </Stack>
      {content}
    </Stack>
  );
}

/** /execucao: a sowing's spray program carried out (spec 2 §2; issue 13 item 11). */
export function ExecutionPage() {
  return (
    <CurrentFarmGate namespace="execution" testId="execution-no-farm" loading={<Loading />}>
      {(farm) => <FarmExecution key={farm.id} farm={farm} />}
    </CurrentFarmGate>
  );
}
