import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { ApiErrorAlert } from './api-error-alert';

/**
 * "Delete this …?": the one confirmation every area's delete uses. It runs `remove`, keeps the
 * dialog open with the server's refusal shown in it (a farm with a live sowing, a field with an
 * unharvested one), and calls `onDeleted` only once the record is gone.
 */
export function ConfirmDeleteDialog({
  id,
  title,
  description,
  cancelLabel,
  confirmLabel,
  remove,
  onClose,
  onDeleted,
  renderError = (error) => <ApiErrorAlert error={error} />,
}: {
  /** Names the dialog for tests and labels its title (`${id}-title`). */
  id: string;
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  remove: () => Promise<void>;
  onClose: () => void;
  onDeleted: () => void;
  renderError?: (error: unknown) => ReactNode;
}) {
  const [failure, setFailure] = useState<unknown>(null);
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    setFailure(null);
    try {
      await remove();
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
      aria-labelledby={`${id}-title`}
      data-testid={id}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        {failure !== null && <Box sx={{ mb: 2 }}>{renderError(failure)}</Box>}
        <DialogContentText>{description}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{cancelLabel}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={deleting}
          onClick={() => void confirm()}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
