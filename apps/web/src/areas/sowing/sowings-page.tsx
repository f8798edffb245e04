import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import AgricultureOutlinedIcon from '@mui/icons-material/AgricultureOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FilterListOffIcon from '@mui/icons-material/FilterListOff';
import InventoryOutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import OpacityOutlinedIcon from '@mui/icons-material/OpacityOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { SOWING_STATUSES, actualPeriod, todayIn, type SowingStatus } from '@lavoura/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { usePlots, type Farm } from '../../api/farms';
import { useCrops, useSeasonCrops } from '../../api/reference';
import {
  deleteSowing,
  sowingDeleteRefusal,
  sowingKeys,
  useSowings,
  useVarietyNames,
  type Sowing,
} from '../../api/sowings';
import { CurrentFarmGate } from '../../app/farm/current-farm-gate';
import { useLanguage } from '../../lib/i18n';
import { useSignedIn } from '../../app/session/signed-in';
import { formatDateOnly } from '../../lib/date-only';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { ConfirmDeleteDialog } from '../../shell/confirm-delete-dialog';
import { InlineMessage } from '../../shell/inline-message';
import { useShellUi } from '../../shell/shell-ui';
import { HarvestDialog } from './harvest-dialog';
import { SowingDialog } from './sowing-dialog';
import {
  SELECT_FILTERS,
  SowingFilters,
  filtersOf,
  passes,
  withFilter,
  withoutFilters,
  type FilterOption,
  type SelectFilter,
  type SowingFacets,
} from './sowing-filters';
import { SOWING_STATUS_COLOR as STATUS_COLOR, formatQuantity } from '../shared/sowing-format';
import { RowAction } from '../../shell/row-action';
import { LoadingState } from '../../shell/loading-state';

function Loading() {
  const { t } = useTranslation('sowings');
  return <LoadingState label={t('loading')} testId="sowings-loading" rows={4} rowHeight={48} />;
}

/** What a row shows, already in the user's words and units. */
interface SowingView {
  sowing: Sowing;
  facets: SowingFacets;
  plot: string;
  variety: string;
  area: string;
  sowingDate: string;
  emergenceDate: string;
  stage: string;
  stageTitle: string;
}

interface RowActions {
  /** The sowing's spray program (/execucao) may be opened. */
  program?: boolean | undefined;
  onEdit?: ((sowing: SowingView) => void) | undefined;
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

/** The plot's name, opening the sowing's own page. */
function PlotLink({ view }: { view: SowingView }) {
  return (
    <Link
      component={RouterLink}
      to={`/sowings/${view.sowing.id}`}
      underline="hover"
      color="inherit"
      data-testid="sowing-details"
    >
      {view.plot}
    </Link>
  );
}

function Actions({
  view,
  program,
  onEdit,
  onHarvest,
  onRemove,
}: { view: SowingView } & RowActions) {
  const { t } = useTranslation(['sowings', 'execution']);
  // Another season's sowing is read-only: it can be looked at, not harvested or deleted.
  const active = view.sowing.active !== false;
  const harvestable =
    active && view.sowing.colheita === null && view.sowing.data_semeadura !== null;
  const removable = active && onRemove;
  // /execucao follows only the current season's sowings.
  const executable = active && program;
  if (!onEdit && !removable && !executable && !(onHarvest && harvestable)) return null;
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={t('actions.row', { plot: view.plot })}
      sx={{ justifyContent: 'flex-end', flexShrink: 0 }}
    >
      {executable && (
        <Tooltip title={t('execution:links.open')}>
          <IconButton
            component={RouterLink}
            to={`/execucao?semeadura=${view.sowing.id}`}
            aria-label={t('execution:links.open')}
            data-testid="sowing-execution"
          >
            <OpacityOutlinedIcon />
          </IconButton>
        </Tooltip>
      )}
      {onEdit && (
        <RowAction
          label={t(active ? 'actions.edit' : 'actions.view')}
          icon={active ? <EditOutlinedIcon /> : <VisibilityOutlinedIcon />}
          onClick={() => onEdit(view)}
          testId="sowing-edit"
        />
      )}
      {onHarvest && harvestable && (
        <RowAction
          label={t('actions.harvest')}
          icon={<InventoryOutlinedIcon />}
          onClick={() => onHarvest(view)}
          testId="sowing-harvest"
        />
      )}
      {removable && (
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
  const withActions = Boolean(
    actions.program || actions.onEdit || actions.onHarvest || actions.onRemove,
  );
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
                <PlotLink view={view} />
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
                  <PlotLink view={view} />
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
  const { t } = useTranslation(['sowings', 'reference', 'errors']);
  const language = useLanguage();
  const { can } = useSignedIn();
  const { notify } = useShellUi();
  const queryClient = useQueryClient();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const [params, setParams] = useSearchParams();
  const plots = usePlots(farm.id);
  const crops = useCrops();
  const seasonCrops = useSeasonCrops();
  // The API answers the current seasons; a past season chosen in the filter is asked for by its
  // period (its season-crops in the farm's country), and the season facet keeps it exact.
  const countrySeasons = (seasonCrops.data ?? []).filter((row) => row.country_id === farm.pais.id);
  const chosenSeason = params.get('season');
  const today = todayIn(farm.time_zone);
  const sowings = useSowings(
    farm.id,
    chosenSeason === null
      ? undefined
      : actualPeriod(countrySeasons.filter((row) => String(row.season_id) === chosenSeason)),
  );
  const seasonCropIds = [...new Set((sowings.data ?? []).map((row) => row.season_crop_id))];
  const varietyNames = useVarietyNames(farm.id, seasonCropIds);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<SowingView | null>(null);
  const [removing, setRemoving] = useState<SowingView | null>(null);
  const [harvesting, setHarvesting] = useState<SowingView | null>(null);

  const canCreate = can('SEMEADURA_CADASTRAR');
  const canDelete = can('SEMEADURA_EXCLUIR');
  const notInformed = t('not_informed');
  const day = (value: string | null) => (value ? formatDateOnly(value, language) : notInformed);
  const plotNames = new Map((plots.data ?? []).map((row) => [row.id, row.nome]));
  const seasonOf = new Map((seasonCrops.data ?? []).map((row) => [row.id, row]));
  const cropKeys = new Map((crops.data ?? []).map((row) => [row.id, row.message_key]));

  const views: SowingView[] = (sowings.data ?? []).map((sowing) => {
    const season = seasonOf.get(sowing.season_crop_id);
    return {
      sowing,
      facets: {
        season: season ? String(season.season_id) : null,
        crop: String(sowing.crop_id),
        plot: String(sowing.talhao_id),
        variety: sowing.semente_id !== null ? String(sowing.semente_id) : null,
      },
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
    };
  });

  // Each select offers the values the farm's sowings have, once, by name.
  const options = Object.fromEntries(
    SELECT_FILTERS.map((name) => {
      const labels = new Map<string, string>();
      const order = new Map<string, string>();
      // Every season of the farm's country up to the current one, newest first: past seasons'
      // sowings come from the API once their season is chosen.
      if (name === 'season')
        for (const season of countrySeasons) {
          const value = String(season.season_id);
          if (season.start_period > today || labels.has(value)) continue;
          labels.set(value, season.season_name);
          order.set(value, `${9999 - Number(season.start_period.slice(0, 4))}`);
        }
      for (const view of views) {
        const value = view.facets[name];
        if (value === null || labels.has(value)) continue;
        if (name === 'season') {
          const season = seasonOf.get(view.sowing.season_crop_id)!;
          labels.set(value, season.season_name);
          // Newest season first.
          order.set(value, `${9999 - Number(season.start_period.slice(0, 4))}`);
        } else if (name === 'crop') {
          const key = cropKeys.get(view.sowing.crop_id);
          labels.set(value, key ? t(key, { ns: 'reference' }) : value);
        } else if (name === 'plot') labels.set(value, view.plot);
        else if (view.variety !== notInformed) labels.set(value, view.variety);
      }
      const list: FilterOption[] = [...labels].map(([value, label]) => ({ value, label }));
      list.sort((a, b) =>
        (order.get(a.value) ?? a.label).localeCompare(order.get(b.value) ?? b.label, language),
      );
      return [name, list];
    }),
  ) as Record<SelectFilter, FilterOption[]>;

  const filters = filtersOf(params, options);
  const filtered = views.filter((view) => passes(view.sowing, view.facets, filters));
  const underOthers = views.filter((view) => passes(view.sowing, view.facets, filters, 'status'));
  const statusCounts = Object.fromEntries(
    SOWING_STATUSES.map((status) => [
      status,
      underOthers.filter((view) => view.sowing.status === status).length,
    ]),
  ) as Record<SowingStatus, number>;
  const narrowed = Object.keys(filters).length > 0;
  // A link with a season filter waits for the seasons to know which sowings it means.
  const waitingForFilters = params.has('season') && !seasonCrops.data && !seasonCrops.error;
  const clearFilters = () => setParams((current) => withoutFilters(current), { replace: true });

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
  } else if (!sowings.data || waitingForFilters) {
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
  } else if (filtered.length === 0) {
    content = (
      <Paper variant="outlined">
        <InlineMessage
          testId="sowings-filtered-empty"
          icon={<SearchOffIcon />}
          title={t('filtered_empty.title')}
          description={t('filtered_empty.description', { count: sowings.data.length })}
          action={
            <Button
              variant="outlined"
              startIcon={<FilterListOffIcon />}
              onClick={clearFilters}
              data-testid="sowings-filtered-empty-clear"
            >
              {t('filters.clear')}
            </Button>
          }
          headingLevel="h2"
        />
      </Paper>
    );
  } else {
    const actions: RowActions = {
      program: can('EXECUCAO_LISTAR'),
      onEdit: setEditing,
      onHarvest: canCreate ? setHarvesting : undefined,
      onRemove: canDelete ? setRemoving : undefined,
    };
    content = narrow ? (
      <SowingCards views={filtered} {...actions} />
    ) : (
      <SowingTable views={filtered} {...actions} />
    );
  }

  const refresh = () => void queryClient.invalidateQueries({ queryKey: sowingKeys.all(farm.id) });
  const removeRefusal = removing ? sowingDeleteRefusal(removing.sowing) : null;

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
              label={
                narrowed
                  ? t('count_filtered', { shown: filtered.length, count: sowings.data.length })
                  : t('count', { count: sowings.data.length })
              }
              variant="outlined"
              color="primary"
              data-testid="sowings-count"
            />
          )}
          {addButton('sowing-add')}
        </Stack>
      </Stack>
      {sowings.data && sowings.data.length > 0 && !waitingForFilters && (
        <SowingFilters
          options={options}
          filters={filters}
          statusCounts={statusCounts}
          total={underOthers.length}
          onChange={(name, value) =>
            setParams((current) => withFilter(current, name, value), { replace: true })
          }
          onClear={clearFilters}
        />
      )}
      {content}
      {creating && (
        <SowingDialog
          farm={farm}
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            refresh();
            // The plots' remaining areas changed with the new sowing.
            void plots.refetch();
            notify({ key: 'form.done', ns: 'sowings', severity: 'success' });
          }}
        />
      )}
      {editing && (
        <SowingDialog
          farm={farm}
          sowing={editing.sowing}
          plotName={editing.plot}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
            void plots.refetch();
            notify({ key: 'form.done_edit', ns: 'sowings', severity: 'success' });
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
      {removing && removeRefusal && (
        // What the API would refuse is said before asking: no confirmation that cannot succeed.
        <Dialog
          open
          onClose={() => setRemoving(null)}
          maxWidth="xs"
          fullWidth
          aria-labelledby="sowing-remove-blocked-title"
          data-testid="sowing-remove-blocked"
        >
          <DialogTitle id="sowing-remove-blocked-title">{t('remove.blocked_title')}</DialogTitle>
          <DialogContent>
            <Alert severity="info">{t(removeRefusal, { ns: 'errors' })}</Alert>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setRemoving(null)}>{t('remove.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
      {removing && !removeRefusal && (
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
