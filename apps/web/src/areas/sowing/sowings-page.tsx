import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type ChipProps,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import AgricultureOutlinedIcon from '@mui/icons-material/AgricultureOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import InventoryOutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import type { SowingStatus } from '@lavoura/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePlots, type Farm } from '../../api/farms';
import {
  deleteSowing,
  sowingKeys,
  useSowings,
  useVarietyNames,
  type Sowing,
} from '../../api/sowings';
import { CurrentFarmGate } from '../../app/farm/current-farm-gate';
import { useLanguage } from '../../app/i18n';
import { useSignedIn } from '../../app/session/signed-in';
import { formatDateOnly } from '../../lib/date-only';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { ConfirmDeleteDialog } from '../../shell/confirm-delete-dialog';
import { InlineMessage } from '../../shell/inline-message';
import { useShellUi } from '../../shell/shell-ui';
import { HarvestDialog } from './harvest-dialog';
import { NewSowingDialog } from './new-sowing-dialog';
import { formatQuantity } from './sowing-format';
import { RowAction } from '../../shell/row-action';

const STATUS_COLOR: Record<SowingStatus, ChipProps['color']> = {
  planned: 'default',
  sown: 'primary',
  ready_to_harvest: 'warning',
  harvested: 'success',
  lost: 'error',
};

function Loading() {
  const { t } = useTranslation('sowings');
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      role="status"
      aria-label={t('loading')}
      data-testid="sowings-loading"
    >
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} height={48} />
      ))}
    </Paper>
  );
}

/** What a row shows, already in the user's words and units. */
interface SowingView {
  sowing: Sowing;
  plot: string;
  variety: string;
  area: string;
  sowingDate: string;
  emergenceDate: string;
  stage: string;
  stageTitle: string;
}

interface RowActions {
  onHarvest?: ((sowing: SowingView) => void) | undefined;
  onRemove?: ((sowing: SowingView) => void) | undefined;
}

function StatusChip({ status }: { status: SowingStatus }) {
  const { t } = useTranslation('sowings');
  return (
    <Chip
      size="small"
      label={t(`status.${status}`)}
      color={STATUS_COLOR[status]}
      variant={status === 'planned' ? 'outlined' : 'filled'}
      data-testid="sowing-status"
    />
  );
}

function Actions({ view, onHarvest, onRemove }: { view: SowingView } & RowActions) {
  const { t } = useTranslation('sowings');
  const harvestable = view.sowing.colheita === null && view.sowing.data_semeadura !== null;
  if (!onRemove && !(onHarvest && harvestable)) return null;
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={t('actions.row', { plot: view.plot })}
      sx={{ justifyContent: 'flex-end', flexShrink: 0 }}
    >
      {onHarvest && harvestable && (
        <RowAction
          label={t('actions.harvest')}
          icon={<InventoryOutlinedIcon />}
          onClick={() => onHarvest(view)}
          testId="sowing-harvest"
        />
      )}
      {onRemove && (
        <RowAction
          label={t('actions.remove')}
          icon={<DeleteOutlineIcon />}
          onClick={() => onRemove(view)}
          testId="sowing-remove"
        />
      )}
    </Stack>
  );
}

function SowingTable({ views, ...actions }: { views: SowingView[] } & RowActions) {
  const { t } = useTranslation('sowings');
  const withActions = Boolean(actions.onHarvest || actions.onRemove);
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="sowings-list">
      <Table aria-label={t('title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('column.plot')}</TableCell>
            <TableCell>{t('column.variety')}</TableCell>
            <TableCell align="right">{t('column.area')}</TableCell>
            <TableCell>{t('column.sowing_date')}</TableCell>
            <TableCell>{t('column.emergence_date')}</TableCell>
            <TableCell>{t('column.status')}</TableCell>
            <TableCell>{t('column.stage')}</TableCell>
            {withActions && <TableCell align="right">{t('column.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {views.map((view) => (
            <TableRow key={view.sowing.id} data-testid="sowing-row">
              <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                {view.plot}
              </TableCell>
              <TableCell>{view.variety}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {view.area}
              </TableCell>
              <TableCell>{view.sowingDate}</TableCell>
              <TableCell>{view.emergenceDate}</TableCell>
              <TableCell>
                <StatusChip status={view.sowing.status} />
              </TableCell>
              <TableCell title={view.stageTitle}>{view.stage}</TableCell>
              {withActions && (
                <TableCell align="right" sx={{ py: 0.5 }}>
                  <Actions view={view} {...actions} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function SowingCards({ views, ...actions }: { views: SowingView[] } & RowActions) {
  const { t } = useTranslation('sowings');
  const fact = (label: string, value: string) => (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Stack
      spacing={1.5}
      component="ul"
      sx={{ p: 0, m: 0, listStyle: 'none' }}
      data-testid="sowings-list"
    >
      {views.map((view) => (
        <Card
          key={view.sowing.id}
          component="li"
          variant="outlined"
          data-testid="sowing-row"
          aria-labelledby={`sowing-${view.sowing.id}-plot`}
        >
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography
                  id={`sowing-${view.sowing.id}-plot`}
                  variant="h6"
                  component="h2"
                  sx={{ fontSize: 18, overflowWrap: 'anywhere' }}
                >
                  {view.plot}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {view.variety}
                </Typography>
                <Box sx={{ mt: 1 }}>
                  <StatusChip status={view.sowing.status} />
                </Box>
              </Box>
              <Actions view={view} {...actions} />
            </Stack>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fit, minmax(96px, 1fr))',
                gap: 1.5,
                m: 0,
                mt: 1.5,
              }}
            >
              {fact(t('column.area'), view.area)}
              {fact(t('column.sowing_date'), view.sowingDate)}
              {fact(t('column.emergence_date'), view.emergenceDate)}
              {fact(t('column.stage'), view.stage)}
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** The sowings of one farm: remounted for each farm, so no dialog outlives its farm. */
function FarmSowings({ farm }: { farm: Farm }) {
  const { t } = useTranslation(['sowings', 'reference']);
  const language = useLanguage();
  const { can } = useSignedIn();
  const { notify } = useShellUi();
  const queryClient = useQueryClient();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const sowings = useSowings(farm.id);
  const plots = usePlots(farm.id);
  const seasonCropIds = [...new Set((sowings.data ?? []).map((row) => row.season_crop_id))];
  const varietyNames = useVarietyNames(farm.id, seasonCropIds);
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<SowingView | null>(null);
  const [harvesting, setHarvesting] = useState<SowingView | null>(null);

  const canCreate = can('SEMEADURA_CADASTRAR');
  const canDelete = can('SEMEADURA_EXCLUIR');
  const notInformed = t('not_informed');
  const day = (value: string | null) => (value ? formatDateOnly(value, language) : notInformed);
  const plotNames = new Map((plots.data ?? []).map((row) => [row.id, row.nome]));

  const views: SowingView[] = (sowings.data ?? []).map((sowing) => ({
    sowing,
    plot: plotNames.get(sowing.talhao_id) ?? t('plot_fallback', { id: sowing.talhao_id }),
    variety:
      (sowing.cultivar_id !== null ? varietyNames.get(sowing.cultivar_id) : undefined) ??
      notInformed,
    area: formatQuantity('area', sowing.area, language),
    sowingDate: day(sowing.data_semeadura),
    emergenceDate: day(sowing.data_emergencia),
    stage: sowing.estadio_atual?.code ?? notInformed,
    stageTitle: sowing.estadio_atual
      ? t(sowing.estadio_atual.message_key, { ns: 'reference', defaultValue: '' })
      : '',
  }));

  const addButton = (testId: string) =>
    canCreate && (
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        onClick={() => setCreating(true)}
        data-testid={testId}
      >
        {t('actions.add')}
      </Button>
    );

  let content;
  if (sowings.isError && !sowings.data) {
    content = (
      <ApiErrorAlert
        error={sowings.error}
        onRetry={() => void sowings.refetch()}
        retryLabel={t('retry')}
      />
    );
  } else if (!sowings.data) {
    content = <Loading />;
  } else if (sowings.data.length === 0) {
    content = (
      <Paper variant="outlined">
        <InlineMessage
          testId="sowings-empty"
          icon={<AgricultureOutlinedIcon />}
          title={t('empty.title')}
          description={t(canCreate ? 'empty.description' : 'empty.description_readonly')}
          action={addButton('sowings-empty-add') || undefined}
          headingLevel="h2"
        />
      </Paper>
    );
  } else {
    const actions: RowActions = {
      onHarvest: canCreate ? setHarvesting : undefined,
      onRemove: canDelete ? setRemoving : undefined,
    };
    content = narrow ? (
      <SowingCards views={views} {...actions} />
    ) : (
      <SowingTable views={views} {...actions} />
    );
  }

  const refresh = () => void queryClient.invalidateQueries({ queryKey: sowingKeys.all(farm.id) });

  return (
    <Stack spacing={3} sx={{ maxWidth: 1120, mx: 'auto' }} data-testid="sowings-page">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-end' } }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('subtitle', { farm: farm.nome })}</Typography>
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ flexShrink: 0, alignItems: 'center' }}>
          {sowings.data && sowings.data.length > 0 && (
            <Chip
              label={t('count', { count: sowings.data.length })}
              variant="outlined"
              color="primary"
              data-testid="sowings-count"
            />
          )}
          {addButton('sowing-add')}
        </Stack>
      </Stack>
      {content}
      {creating && (
        <NewSowingDialog
          farm={farm}
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            refresh();
            // The plots' remaining areas changed with the new sowing.
            void plots.refetch();
            notify({ key: 'form.done', ns: 'sowings', severity: 'success' });
          }}
        />
      )}
      {harvesting && (
        <HarvestDialog
          sowing={harvesting.sowing}
          plot={harvesting.plot}
          onClose={() => setHarvesting(null)}
          onSaved={() => {
            setHarvesting(null);
            refresh();
            notify({ key: 'harvest.done', ns: 'sowings', severity: 'success' });
          }}
        />
      )}
      {removing && (
        <ConfirmDeleteDialog
          id="sowing-remove-dialog"
          title={t('remove.title')}
          description={t('remove.description', {
            plot: removing.plot,
            variety: removing.variety,
          })}
          cancelLabel={t('remove.cancel')}
          confirmLabel={t('remove.confirm')}
          remove={() => deleteSowing(removing.sowing.id)}
          onClose={() => setRemoving(null)}
          onDeleted={() => {
            setRemoving(null);
            refresh();
            void plots.refetch();
            notify({ key: 'remove.done', ns: 'sowings', severity: 'success' });
          }}
        />
      )}
    </Stack>
  );
}

/** /sowings: the current farm's sowings (spec 2 §2, §3 Sowing, Harvest; issue 12 item 8). */
export function SowingsPage() {
  return (
    <CurrentFarmGate namespace="sowings" testId="sowings-no-farm" loading={<Loading />}>
      {(farm) => <FarmSowings key={farm.id} farm={farm} />}
    </CurrentFarmGate>
  );
}
