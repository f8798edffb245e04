import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import { ERROR_KEYS, plotOverlapInfoSchema, type PlotOverlapInfo } from '@lavoura/domain';
import { plotOverlaps, type OutlinedPlot } from '@lavoura/domain/overlap';
import type { PlotPolygon } from '@lavoura/domain/geo';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { useAreaText } from './plot-texts';

/** The overlaps a refusal names (409 exception.plot.overlap), else null. */
export function overlapInfoOf(error: unknown): PlotOverlapInfo | null {
  if (!(error instanceof ApiError) || error.key !== ERROR_KEYS.plotOverlap) return null;
  const parsed = plotOverlapInfoSchema.safeParse(error.body.context.additionalInfo);
  return parsed.success ? parsed.data : null;
}

/** What the server would refuse for one drawn outline, computed by the same domain rule. */
export function overlapInfoFor(
  nome: string,
  outline: PlotPolygon,
  others: readonly OutlinedPlot[],
): PlotOverlapInfo | null {
  const found = plotOverlaps(outline, others);
  if (found.length === 0) return null;
  return {
    area_ha: found.reduce((total, plot) => total + plot.area_ha, 0),
    overlaps: found.map((plot) => ({
      nome,
      plot_id: plot.id,
      plot_nome: plot.nome,
      area_ha: plot.area_ha,
    })),
  };
}

/**
 * Asks before saving an outline that covers ground of other plots of the farm: which plots, how
 * much ground with each, and that the farm's total counts it once. Confirming saves with
 * `confirm_overlap`; cancelling goes back to the outline.
 */
export function PlotOverlapDialog({
  info,
  importing = false,
  saving,
  onConfirm,
  onCancel,
}: {
  info: PlotOverlapInfo;
  /** Pairs of a KML import (each imported outline and what it overlaps) rather than one outline. */
  importing?: boolean;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('farms');
  const areaText = useAreaText();
  return (
    <Dialog
      open
      onClose={saving ? undefined : onCancel}
      aria-labelledby="plot-overlap-title"
      aria-describedby="plot-overlap-intro"
      data-testid="plot-overlap-dialog"
    >
      <DialogTitle id="plot-overlap-title">{t('plots.overlap.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="plot-overlap-intro">
          {t(importing ? 'plots.overlap.intro_import' : 'plots.overlap.intro')}
        </DialogContentText>
        <List dense data-testid="plot-overlap-list">
          {info.overlaps.map((overlap, index) => (
            <ListItem key={index} disableGutters data-testid="plot-overlap-item">
              <ListItemText
                primary={
                  importing
                    ? t('plots.overlap.pair', {
                        name: overlap.nome,
                        other: overlap.plot_nome,
                        area: areaText(overlap.area_ha),
                      })
                    : t('plots.overlap.item', {
                        name: overlap.plot_nome,
                        area: areaText(overlap.area_ha),
                      })
                }
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
        <DialogContentText data-testid="plot-overlap-total">
          {t('plots.overlap.total', { area: areaText(info.area_ha) })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={saving}>
          {t('dialog.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={onConfirm}
          disabled={saving}
          data-testid="plot-overlap-confirm"
        >
          {t(importing ? 'plots.overlap.confirm_import' : 'plots.overlap.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
