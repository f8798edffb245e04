import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useQueryClient } from '@tanstack/react-query';
import { ERROR_KEYS, type PlotOverlapInfo } from '@lavoura/domain';
import { checkPlotGeometry } from '@lavoura/domain/geo';
import { useTranslation } from 'react-i18next';
import type { Farm, Plot } from '../../../api/farms';
import { ApiError } from '../../../api/http';
import { createPlot, fetchPlot, invalidateAfterPlotWrite, updatePlot } from '../../../api/plots';
import { PlotEditorMap, type MapPlot, type MapPolygon } from '../../../lib/map/plots-map';
import { PlotDeleteDialog } from './plot-delete-dialog';
import { FarmDialogTitle } from './farm-dialog-title';
import { PlotErrorAlert } from './plot-error-alert';
import { PlotOverlapDialog, overlapInfoFor, overlapInfoOf } from './plot-overlap-dialog';
import { useAreaText } from './plot-texts';

const NAME_MAX = 255;

export interface PlotMapDialogProps {
  farm: Farm;
  /** The plot to edit; null draws a new one. */
  plot: Plot | null;
  /** The farm's plots, drawn grey around the one being edited. */
  plots: readonly Plot[];
  canDelete: boolean;
  onClose: () => void;
  onSaved: (plot: Plot, created: boolean) => void;
  onDeleted: (plot: Plot) => void;
}

/**
 * The map modal: draw a new plot's outline (or move, add and remove an existing one's vertices),
 * name it, see its area while drawing (geodesic, the server's own computation, in ha or ac), save.
 * The server's refusals are shown translated; a stale edit (409) offers to reload the plot.
 */
export function PlotMapDialog({
  farm,
  plot: initial,
  plots,
  canDelete,
  onClose,
  onSaved,
  onDeleted,
}: PlotMapDialogProps) {
  const { t } = useTranslation(['farms', 'errors']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const areaText = useAreaText();
  const [plot, setPlot] = useState<Plot | null>(initial);
  const [name, setName] = useState(initial?.nome ?? '');
  const [geometry, setGeometry] = useState<MapPolygon | null>(initial?.geometry ?? null);
  const [draft, setDraft] = useState<MapPolygon | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [reloading, setReloading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // The overlaps to confirm before saving (seen while drawing, or named by the server's 409).
  const [asking, setAsking] = useState<PlotOverlapInfo | null>(null);
  // A new map (and outline) after a reload: the editor takes its value once per key.
  const [mapKey, setMapKey] = useState(0);

  const others = useMemo<MapPlot[]>(
    () =>
      plots
        .filter((item) => item.id !== initial?.id)
        .map((item) => ({ id: item.id, name: item.nome, geometry: item.geometry })),
    [plots, initial?.id],
  );

  const shown = draft ?? geometry;
  const checked = shown ? checkPlotGeometry(shown) : null;
  const nameError = submitted && name.trim() === '';
  const outlineMissing = submitted && !geometry;
  const problem = geometry && checked && !checked.ok && !draft ? checked.problem : null;
  const outlineChanged = geometry !== (plot?.geometry ?? null);
  // What the outline shares with the farm's other plots, by the server's own rule.
  const overlaps = useMemo(
    () =>
      checked?.ok
        ? overlapInfoFor(
            name.trim(),
            checked.polygon,
            others.map((other) => ({ id: other.id, nome: other.name, geometry: other.geometry })),
          )
        : null,
    // `checked` follows `shown`; a new object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shown, others, name],
  );
  const overlapIds = useMemo(
    () => overlaps?.overlaps.map((overlap) => overlap.plot_id ?? 0) ?? [],
    [overlaps],
  );

  const save = async (confirmOverlap = false) => {
    setSubmitted(true);
    setFailure(null);
    if (name.trim() === '' || !geometry || problem) return;
    if (!confirmOverlap && outlineChanged && overlaps) {
      setAsking(overlaps);
      return;
    }
    setSaving(true);
    try {
      const confirm = confirmOverlap ? { confirm_overlap: true } : {};
      const saved = plot
        ? await updatePlot(plot.id, {
            nome: name.trim(),
            // Only a changed outline is sent: the area follows it (and NDVI may lock it).
            ...(outlineChanged ? { geometry, ...confirm } : {}),
            updated_at: plot.updated_at,
          })
        : await createPlot({ fazenda_id: farm.id, nome: name.trim(), geometry, ...confirm });
      await invalidateAfterPlotWrite(queryClient, farm.id);
      setAsking(null);
      onSaved(saved, plot === null);
    } catch (error) {
      // A plot drawn meanwhile by someone else: the server names it; ask as for the others.
      const named = overlapInfoOf(error);
      if (named && !confirmOverlap) setAsking(named);
      else {
        setAsking(null);
        setFailure(error);
      }
      setSaving(false);
    }
  };

  const reload = async () => {
    if (!plot) return;
    setReloading(true);
    try {
      const fresh = await fetchPlot(farm.id, plot.id);
      setPlot(fresh);
      setName(fresh.nome);
      setGeometry(fresh.geometry);
      setDraft(null);
      setMapKey((key) => key + 1);
      setFailure(null);
    } catch (error) {
      setFailure(error);
    } finally {
      setReloading(false);
    }
  };

  const conflict = failure instanceof ApiError && failure.key === ERROR_KEYS.conflict;
  const farmCenter: [number, number] | null =
    farm.latitude !== null && farm.longitude !== null ? [farm.latitude, farm.longitude] : null;

  let areaLine: string;
  if (checked?.ok) areaLine = t('plots.map.area', { area: areaText(checked.area_ha) });
  else if (draft) areaLine = t('plots.map.area_pending');
  else if (!shown) areaLine = t('plots.map.area_none');
  else areaLine = t('plots.map.area_invalid');

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="plot-map-title"
      data-testid="plot-map-dialog"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        sx={{ display: 'contents' }}
      >
        <FarmDialogTitle
          id="plot-map-title"
          title={
            plot ? t('plots.map.edit_title', { name: plot.nome }) : t('plots.map.create_title')
          }
          farmName={farm.nome}
        />
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure !== null && (
              <PlotErrorAlert
                error={failure}
                onReload={conflict ? () => void reload() : undefined}
                reloading={reloading}
              />
            )}
            <TextField
              label={t('plots.field.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              error={nameError}
              helperText={nameError ? t('field.required', { ns: 'errors' }) : undefined}
              slotProps={{ htmlInput: { maxLength: NAME_MAX, 'data-testid': 'plot-name' } }}
              fullWidth
            />
            <Typography
              aria-live="polite"
              sx={{ fontWeight: 500 }}
              data-testid="plot-area-live"
              color={problem ? 'error' : 'text.primary'}
            >
              {areaLine}
            </Typography>
            <PlotEditorMap
              key={mapKey}
              plots={others}
              highlightedIds={outlineChanged ? overlapIds : undefined}
              value={geometry}
              onChange={(next) => {
                setGeometry(next);
                setFailure(null);
              }}
              onDraft={setDraft}
              drawOnOpen={plot === null}
              height={fullScreen ? 340 : 380}
              center={farmCenter}
              ariaLabel={t('plots.map.aria', { farm: farm.nome })}
            />
            {overlaps && outlineChanged && !draft && (
              <Alert severity="warning" data-testid="plot-overlap-live">
                {t('plots.overlap.live', {
                  plots: overlaps.overlaps
                    .map((overlap) =>
                      t('plots.overlap.item', {
                        name: overlap.plot_nome,
                        area: areaText(overlap.area_ha),
                      }),
                    )
                    .join(', '),
                })}
              </Alert>
            )}
            {problem && (
              <Alert severity="error" data-testid="plot-outline-problem">
                {t(`plots.geometry_problem.${problem}`)}
              </Alert>
            )}
            {outlineMissing && (
              <Alert severity="error" data-testid="plot-outline-missing">
                {t('plots.map.outline_required')}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          {plot && canDelete && (
            <Button
              color="error"
              startIcon={<DeleteOutlineIcon />}
              onClick={() => setDeleting(true)}
              sx={{ mr: 'auto' }}
            >
              {t('plots.action.delete')}
            </Button>
          )}
          <Button onClick={onClose} disabled={saving}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving} data-testid="plot-save">
            {t(plot ? 'dialog.save' : 'plots.map.create')}
          </Button>
        </DialogActions>
      </Box>
      {asking && (
        <PlotOverlapDialog
          info={asking}
          saving={saving}
          onConfirm={() => void save(true)}
          onCancel={() => setAsking(null)}
        />
      )}
      {deleting && plot && (
        <PlotDeleteDialog
          plot={plot}
          onClose={() => setDeleting(false)}
          onDeleted={() => onDeleted(plot)}
        />
      )}
    </Dialog>
  );
}
