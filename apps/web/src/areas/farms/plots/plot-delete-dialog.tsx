import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Plot } from '../../../api/farms';
import { deletePlot, invalidateAfterPlotWrite } from '../../../api/plots';
import { ConfirmDeleteDialog } from '../../../shell/confirm-delete-dialog';
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
  return (
    <ConfirmDeleteDialog
      id="plot-delete-dialog"
      title={t('plots.delete.title', { name: plot.nome })}
      description={t('plots.delete.description')}
      cancelLabel={t('delete.cancel')}
      confirmLabel={t('delete.confirm')}
      remove={async () => {
        await deletePlot(plot.id);
        await invalidateAfterPlotWrite(queryClient, plot.fazenda_id);
      }}
      onClose={onClose}
      onDeleted={onDeleted}
      renderError={(error) => <PlotErrorAlert error={error} />}
    />
  );
}
