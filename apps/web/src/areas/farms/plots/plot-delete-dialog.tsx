import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Plot } from '../../../api/farms';
import { deletePlot, invalidateAfterPlotWrite } from '../../../api/plots';
import { PlotErrorAlert } from './plot-error-alert';

/** "Delete this field?": soft delete, refused while a sowing on it waits for its harvest. */
export function PlotDeleteDialog({
  plot,
  onClose,
  onDeleted,
}: {
  plot: Plot;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('farms');
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    setFailure(null);
    try {
      await deletePlot(plot.id);
      await invalidateAfterPlotWrite(queryClient, plot.fazenda_id);
      onDeleted();
    } catch (error) {
      setFailure(error);
      setDeleting(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="plot-delete-title"
      data-testid="plot-delete-dialog"
    >
      <DialogTitle id="plot-delete-title">
        {t('plots.delete.title', { name: plot.nome })}
      </DialogTitle>
      <DialogContent>
        {failure !== null && (
          <Box sx={{ mb: 2 }}>
            <PlotErrorAlert error={failure} />
          </Box>
        )}
        <DialogContentText>{t('plots.delete.description')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('delete.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={deleting}
          onClick={() => void confirm()}
        >
          {t('delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
