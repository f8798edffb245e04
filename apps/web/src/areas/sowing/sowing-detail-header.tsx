import type { ReactNode } from 'react';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import SprayIcon from '@mui/icons-material/OpacityOutlined';
import type { SowingStatus } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePlots } from '../../api/farms';
import { useCrops, useSeasonCrops } from '../../api/reference';
import type { SowingDetail } from '../../api/sowing-records';
import { useFarmVarieties } from '../../api/varieties';
import { useLanguage } from '../../lib/i18n';
import { useSignedIn } from '../../app/session/signed-in';
import { formatDateOnly } from '../../lib/date-only';
import { SOWING_STATUS_COLOR as STATUS_COLOR, formatQuantity } from '../shared/sowing-format';

function SowingStatusChip({ status }: { status: SowingStatus }) {
  const { t } = useTranslation('sowing-records');
  return (
    <Chip
      size="small"
      label={t(`status.${status}`)}
      color={STATUS_COLOR[status]}
      variant={status === 'planned' ? 'outlined' : 'filled'}
      data-testid="sowing-detail-status"
    />
  );
}

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="dd"
        sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** The sowing's name (its plot), what was sown and when, its status and current stage. */
export function SowingDetailHeader({ farmId, sowing }: { farmId: number; sowing: SowingDetail }) {
  const { t } = useTranslation(['sowing-records', 'reference', 'execution']);
  const language = useLanguage();
  const { can } = useSignedIn();
  const plots = usePlots(farmId);
  const varieties = useFarmVarieties(farmId, sowing.season_crop_id);
  const crops = useCrops();
  const seasonCrops = useSeasonCrops();
  const notInformed = t('not_informed');

  const plot =
    plots.data?.find((row) => row.id === sowing.talhao_id)?.nome ??
    (plots.data || plots.isError ? t('plot_fallback', { id: sowing.talhao_id }) : '…');
  const variety =
    varieties.data?.find((row) => row.id === sowing.cultivar_id)?.name ??
    (varieties.data || varieties.isError ? notInformed : '…');
  const crop = crops.data?.find((row) => row.id === sowing.crop_id);
  const season = seasonCrops.data?.find((row) => row.id === sowing.season_crop_id);
  const day = (value: string | null) => (value ? formatDateOnly(value, language) : notInformed);
  const stage = sowing.estadio_atual
    ? t(sowing.estadio_atual.message_key, {
        ns: 'reference',
        defaultValue: sowing.estadio_atual.code,
      })
    : notInformed;

  return (
    <Stack spacing={2} component="header">
      <Box>
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          useFlexGap
        >
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontSize: { xs: 26, sm: 32 }, overflowWrap: 'anywhere' }}
            data-testid="sowing-detail-plot"
          >
            {plot}
          </Typography>
          <SowingStatusChip status={sowing.status} />
          {/* /execucao follows only the current season's sowings. */}
          {sowing.active !== false && can('EXECUCAO_LISTAR') && (
            <Button
              component={RouterLink}
              to={`/execucao?semeadura=${sowing.id}`}
              variant="outlined"
              startIcon={<SprayIcon />}
              sx={{ ml: { sm: 'auto' } }}
              data-testid="sowing-detail-execution"
            >
              {t('execution:links.open')}
            </Button>
          )}
        </Stack>
        <Typography color="text.secondary" data-testid="sowing-detail-subtitle">
          {[variety, crop ? t(crop.message_key, { ns: 'reference' }) : null]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(6, minmax(0, 1fr))',
            },
            gap: 2,
            m: 0,
          }}
        >
          <Fact
            label={t('header.area')}
            value={formatQuantity('area', sowing.area, language)}
            testId="sowing-detail-area"
          />
          <Fact
            label={t('header.sowing_date')}
            value={day(sowing.data_semeadura)}
            testId="sowing-detail-sowing-date"
          />
          <Fact
            label={t('header.emergence_date')}
            value={day(sowing.data_emergencia)}
            testId="sowing-detail-emergence-date"
          />
          <Fact
            label={t('header.cycle')}
            value={
              sowing.estimated_cycle === null
                ? notInformed
                : t('header.cycle_days', { count: sowing.estimated_cycle })
            }
            testId="sowing-detail-cycle"
          />
          <Fact
            label={t('header.season')}
            value={season?.season_name ?? '…'}
            testId="sowing-detail-season"
          />
          <Fact label={t('header.stage')} value={stage} testId="sowing-detail-stage" />
        </Box>
      </Paper>
    </Stack>
  );
}
