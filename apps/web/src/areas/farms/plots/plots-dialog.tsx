import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  Switch,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { ERROR_KEYS } from '@lavoura/domain';
import { farmTotalAreaHa, sharedGroundHa } from '@lavoura/domain/overlap';
import { useTranslation } from 'react-i18next';
import { usePlots, type Farm, type Plot } from '../../../api/farms';
import { invalidateAfterPlotWrite, setPlotEnabled } from '../../../api/plots';
import { useSignedIn } from '../../../app/session/signed-in';
import { PlotsMap, type MapPlot } from '../../../lib/map/plots-map';
import { ApiErrorAlert } from '../../../shell/api-error-alert';
import { useShellUi } from '../../../shell/shell-ui';
import { KmlImportDialog } from './kml-import-dialog';
import { PlotDeleteDialog } from './plot-delete-dialog';
import { PlotErrorAlert } from './plot-error-alert';
import { PlotMapDialog } from './plot-map-dialog';
import { useAreaText } from './plot-texts';

/**
 * The fields modal of a farm card: the farm's plots on a map and in a list (newest first), each
 * with its area in ha or ac and its enabled state; drawing a new one, importing a KML file,
 * editing, deleting and enabling or disabling, each by its permission code.
 */
export function PlotsDialog({ farm, onClose }: { farm: Farm; onClose: () => void }) {
  const { t } = useTranslation(['farms', 'errors']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const { can } = useSignedIn();
  const { notify } = useShellUi();
  const areaText = useAreaText();
  const plots = usePlots(farm.id);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Plot | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<Plot | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const [toggleFailure, setToggleFailure] = useState<unknown>(null);

  const canCreate = can('TALHAO_CADASTRAR');
  const canEdit = can('TALHAO_EDITAR');
  const canDelete = can('TALHAO_EXCLUIR');
  // The farm's total as the server counts it: ground shared by confirmed overlaps counts once.
  const { totalArea, sharedArea } = useMemo(() => {
    const list = plots.data ?? [];
    return {
      totalArea: farmTotalAreaHa(list),
      sharedArea: sharedGroundHa(list.map((plot) => plot.geometry)),
    };
  }, [plots.data]);
  const mapPlots = useMemo<MapPlot[]>(
    () =>
      (plots.data ?? []).map((plot) => ({
        id: plot.id,
        name: plot.nome,
        geometry: plot.geometry,
        areaLabel: areaText(plot.area),
      })),
    [plots.data, areaText],
  );

  const toggle = async (plot: Plot) => {
    setToggling(plot.id);
    setToggleFailure(null);
    try {
      const saved = await setPlotEnabled(plot.id, {
        enabled: !plot.enabled,
        updated_at: plot.updated_at,
      });
      await invalidateAfterPlotWrite(queryClient, farm.id);
      notify({
        key: saved.enabled ? 'plots.enabled_done' : 'plots.disabled_done',
        ns: 'farms',
        severity: 'success',
        values: { name: saved.nome },
      });
    } catch (error) {
      setToggleFailure(error);
      // A stale plot (409) means the list is old: it reloads.
      void invalidateAfterPlotWrite(queryClient, farm.id);
    } finally {
      setToggling(null);
    }
  };

  const farmCenter: [number, number] | null =
    farm.latitude !== null && farm.longitude !== null ? [farm.latitude, farm.longitude] : null;
  const farmDisabled = !farm.enabled;

  let content;
  if (plots.isError && !plots.data) {
    content = (
      <ApiErrorAlert
        error={plots.error}
        onRetry={() => void plots.refetch()}
        retryLabel={t('retry')}
      />
    );
  } else if (!plots.data) {
    content = (
      <Box role="status" aria-label={t('plots.loading')} data-testid="plots-loading">
        <Skeleton variant="rounded" height={fullScreen ? 220 : 280} />
        {[0, 1, 2].map((item) => (
          <Skeleton key={item} height={48} />
        ))}
      </Box>
    );
  } else if (plots.data.length === 0) {
    content = (
      <Stack
        spacing={1}
        sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}
        data-testid="plots-empty"
      >
        <MapOutlinedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Typography variant="h6" component="p">
          {t('plots.empty.title')}
        </Typography>
        <Typography color="text.secondary">
          {t(canCreate ? 'plots.empty.description' : 'plots.empty.description_readonly')}
        </Typography>
      </Stack>
    );
  } else {
    content = (
      <Stack spacing={2}>
        <PlotsMap
          plots={mapPlots}
          selectedId={selectedId}
          onSelect={setSelectedId}
          height={fullScreen ? 220 : 280}
          center={farmCenter}
          ariaLabel={t('plots.map_aria', { farm: farm.nome })}
        />
        <List
          disablePadding
          aria-label={t('plots.list_aria', { farm: farm.nome })}
          data-testid="plots-list"
        >
          {plots.data.map((plot) => {
            const editable = canEdit && plot.enabled && !farmDisabled;
            return (
              <ListItem
                key={plot.id}
                divider
                disablePadding
                data-testid={`plot-${plot.id}`}
                data-enabled={plot.enabled}
                secondaryAction={
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    {canEdit && (
                      <Switch
                        checked={plot.enabled}
                        disabled={toggling === plot.id || farmDisabled}
                        onChange={() => void toggle(plot)}
                        slotProps={{
                          input: {
                            'aria-label': t('plots.action.enabled_named', { name: plot.nome }),
                          },
                        }}
                        data-testid="plot-enabled-switch"
                      />
                    )}
                    {canEdit && (
                      <Tooltip
                        title={
                          editable
                            ? t('plots.action.edit')
                            : t(
                                farmDisabled
                                  ? 'plots.action.edit_farm_disabled'
                                  : 'plots.action.edit_disabled',
                              )
                        }
                      >
                        <span>
                          <IconButton
                            onClick={() => setEditing(plot)}
                            disabled={!editable}
                            aria-label={t('plots.action.edit_named', { name: plot.nome })}
                          >
                            <EditOutlinedIcon />
                          </IconButton>
                        </span>
                      </Tooltip>
                    )}
                    {canDelete && (
                      <Tooltip title={t('plots.action.delete')}>
                        <IconButton
                          onClick={() => setDeleting(plot)}
                          aria-label={t('plots.action.delete_named', { name: plot.nome })}
                        >
                          <DeleteOutlineIcon />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Stack>
                }
                sx={{
                  '& .MuiListItemButton-root': {
                    pr: (canEdit ? 12 : 0) + (canDelete ? 6 : 0) + 2,
                  },
                }}
              >
                <ListItemButton
                  selected={plot.id === selectedId}
                  onClick={() => setSelectedId(plot.id)}
                >
                  <ListItemText
                    primary={plot.nome}
                    secondary={
                      <Box
                        component="span"
                        sx={{
                          display: 'inline-flex',
                          gap: 1,
                          alignItems: 'center',
                          flexWrap: 'wrap',
                        }}
                      >
                        <span data-testid="plot-area">{areaText(plot.area)}</span>
                        {!plot.enabled && (
                          <Chip
                            component="span"
                            size="small"
                            variant="outlined"
                            color="warning"
                            label={t('card.disabled')}
                            sx={{ color: 'text.primary' }}
                          />
                        )}
                      </Box>
                    }
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere', fontWeight: 500 } } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Stack>
    );
  }

  const count = plots.data?.length ?? 0;
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="plots-dialog-title"
      data-testid="plots-dialog"
    >
      <DialogTitle id="plots-dialog-title">
        {t('plots.title', { name: farm.nome })}
        <Typography
          variant="body2"
          color="text.secondary"
          component="span"
          sx={{ display: 'block' }}
          data-testid="plots-count"
        >
          {plots.data ? t('plots.count', { count, area: areaText(totalArea) }) : '\u00a0'}
        </Typography>
        {sharedArea > 0 && (
          <Typography
            variant="body2"
            color="text.secondary"
            component="span"
            sx={{ display: 'block' }}
            data-testid="plots-shared-note"
          >
            {t('plots.overlap.shared_note', { area: areaText(sharedArea) })}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {canCreate && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                startIcon={<DrawOutlinedIcon />}
                onClick={() => setEditing('new')}
                disabled={farmDisabled}
                data-testid="plot-draw"
              >
                {t('plots.action.draw')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<UploadFileOutlinedIcon />}
                onClick={() => setImporting(true)}
                disabled={farmDisabled}
                data-testid="plot-import"
              >
                {t('plots.action.import')}
              </Button>
            </Stack>
          )}
          {farmDisabled && (
            <Alert severity="warning" data-testid="plots-farm-disabled">
              {t(ERROR_KEYS.farmDisabled, { ns: 'errors' })}
            </Alert>
          )}
          {toggleFailure !== null && <PlotErrorAlert error={toggleFailure} />}
          {content}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('plots.close')}</Button>
      </DialogActions>

      {editing !== null && (
        <PlotMapDialog
          farm={farm}
          plot={editing === 'new' ? null : editing}
          plots={plots.data ?? []}
          canDelete={canDelete}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            setSelectedId(saved.id);
            notify({
              key: created ? 'plots.created' : 'plots.saved',
              ns: 'farms',
              severity: 'success',
              values: { name: saved.nome },
            });
          }}
          onDeleted={(deleted) => {
            setEditing(null);
            notify({
              key: 'plots.deleted',
              ns: 'farms',
              severity: 'success',
              values: { name: deleted.nome },
            });
          }}
        />
      )}
      {importing && (
        <KmlImportDialog
          farm={farm}
          onClose={() => setImporting(false)}
          onSaved={(saved) => {
            setImporting(false);
            notify({
              key: 'plots.imported',
              ns: 'farms',
              severity: 'success',
              values: { count: saved.length },
            });
          }}
        />
      )}
      {deleting && (
        <PlotDeleteDialog
          plot={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            const { nome } = deleting;
            setDeleting(null);
            notify({
              key: 'plots.deleted',
              ns: 'farms',
              severity: 'success',
              values: { name: nome },
            });
          }}
        />
      )}
    </Dialog>
  );
}
