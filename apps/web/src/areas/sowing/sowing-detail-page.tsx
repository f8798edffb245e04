import { Alert, Box, Button, Skeleton, Stack } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Farm } from '../../api/farms';
import { ApiError } from '../../api/http';
import { useSowingDetail } from '../../api/sowing-records';
import { CurrentFarmGate } from '../../app/farm/current-farm-gate';
import { useSignedIn } from '../../app/session/signed-in';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { MessagePanel } from '../../shell/message-panel';
import { SowingDetailHarvests } from './sowing-detail-harvests';
import { SowingDetailHeader } from './sowing-detail-header';
import { SowingDetailIrrigations } from './sowing-detail-irrigations';
import { SowingDetailStages } from './sowing-detail-stages';
import { useFollowSowingFarm } from './follow-sowing-farm';
import { LoadingState } from '../../shell/loading-state';

function Loading() {
  const { t } = useTranslation('sowing-records');
  return (
    <LoadingState
      label={t('loading')}
      testId="sowing-detail-loading"
      spacing={3}
      sx={{ maxWidth: 1120, mx: 'auto' }}
    >
      <Box>
        <Skeleton width={120} />
        <Skeleton width="45%" height={44} />
      </Box>
      <Skeleton variant="rounded" height={140} />
      <Skeleton variant="rounded" height={200} />
    </LoadingState>
  );
}

function BackLink() {
  const { t } = useTranslation('sowing-records');
  return (
    <Button
      component={RouterLink}
      to="/sowings"
      startIcon={<ArrowBackIcon />}
      sx={{ alignSelf: 'flex-start', ml: -1 }}
      data-testid="sowing-detail-back"
    >
      {t('back')}
    </Button>
  );
}

/** An unknown sowing, or one of a farm the session does not see. */
function NotFound({ otherFarm }: { otherFarm: boolean }) {
  const { t } = useTranslation('sowing-records');
  const key = otherFarm ? 'other_farm' : 'not_found';
  return (
    <MessagePanel
      testId="sowing-detail-not-found"
      tone="secondary"
      icon={<TravelExploreIcon />}
      title={t(`${key}.title`)}
      description={t(`${key}.description`)}
      actions={
        <Button component={RouterLink} to="/sowings" variant="contained">
          {t('not_found.action')}
        </Button>
      }
    />
  );
}

/** The sowing of the current farm, its records below its header. */
function FarmSowingDetail({ farm, sowingId }: { farm: Farm; sowingId: number }) {
  const { t } = useTranslation('sowing-records');
  const { can } = useSignedIn();
  const queryClient = useQueryClient();
  const sowing = useSowingDetail(farm.id, sowingId);
  const following = useFollowSowingFarm(farm, sowing.data?.fazenda_id);

  if (sowing.isError && !sowing.data) {
    if (sowing.error instanceof ApiError && sowing.error.status === 404)
      return <NotFound otherFarm={false} />;
    return (
      <Stack spacing={2} sx={{ maxWidth: 1120, mx: 'auto' }}>
        <BackLink />
        <ApiErrorAlert
          error={sowing.error}
          onRetry={() => void sowing.refetch()}
          retryLabel={t('retry')}
        />
      </Stack>
    );
  }
  if (!sowing.data || following) return <Loading />;
  if (sowing.data.fazenda_id !== farm.id) return <NotFound otherFarm />;

  const data = sowing.data;
  const readOnly = data.active === false;
  /** A harvest or an observation changes the sowing (status, stage) and the farm's list. */
  const refreshSowing = () =>
    void queryClient.invalidateQueries({ queryKey: ['farm', farm.id, 'sowings'] });
  const context = { farmId: farm.id, sowing: data, refreshSowing };

  return (
    <Stack spacing={3} sx={{ maxWidth: 1120, mx: 'auto' }} data-testid="sowing-detail-page">
      <BackLink />
      <SowingDetailHeader farmId={farm.id} sowing={data} />
      {readOnly && (
        <Alert severity="info" icon={<LockOutlinedIcon />} data-testid="sowing-detail-read-only">
          {t('read_only')}
        </Alert>
      )}
      <SowingDetailStages {...context} canEdit={!readOnly && can('SEMEADURA_EDITAR')} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <SowingDetailHarvests
          {...context}
          canAdd={!readOnly && can('COLHEITA_CADASTRAR')}
          canEdit={!readOnly && can('COLHEITA_EDITAR')}
          canDelete={!readOnly && can('COLHEITA_EXCLUIR')}
        />
        <SowingDetailIrrigations {...context} canEdit={!readOnly && can('SEMEADURA_EDITAR')} />
      </Box>
    </Stack>
  );
}

/** /sowings/{id}: one sowing with its growth stages, harvests and irrigations (issue 12 item 8). */
export function SowingDetailPage({ sowingId }: { sowingId: number }) {
  return (
    <CurrentFarmGate
      namespace="sowing-records"
      testId="sowing-detail-no-farm"
      loading={<Loading />}
    >
      {(farm) => (
        <FarmSowingDetail key={`${farm.id}-${sowingId}`} farm={farm} sowingId={sowingId} />
      )}
    </CurrentFarmGate>
  );
}
