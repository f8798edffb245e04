import { useRef, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { requestVariety } from '../../api/varieties';
import { ApiErrorAlert } from '../../shell/api-error-alert';

const NAME_MAX = 120;
const DETAILS_MAX = 2000;

/** "Request a variety": a variety the catalogue lacks, sent to the support team. */
export function RequestVarietyDialog({
  onClose,
  onSent,
}: {
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation('varieties');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const nameInput = useRef<HTMLInputElement>(null);
  const detailsInput = useRef<HTMLTextAreaElement>(null);
  const [name, setName] = useState('');
  const [details, setDetails] = useState('');
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const nameMissing = name.trim() === '';
  const detailsMissing = details.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    // The first field to fill gets the focus: a screen-reader user hears what is missing.
    if (nameMissing) nameInput.current?.focus();
    else if (detailsMissing) detailsInput.current?.focus();
    if (nameMissing || detailsMissing) return;
    setSending(true);
    setFailure(null);
    try {
      await requestVariety({
        suggestion_name: name.trim(),
        suggestion_description: details.trim(),
      });
      onSent();
    } catch (error) {
      setFailure(error);
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="variety-request-title"
      data-testid="variety-request-dialog"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id="variety-request-title">{t('request.title')}</DialogTitle>
      <DialogContent>
        {failure !== null && (
          <Box sx={{ mb: 2 }}>
            <ApiErrorAlert error={failure} />
          </Box>
        )}
        <DialogContentText sx={{ mb: 2 }}>{t('request.description')}</DialogContentText>
        <Stack spacing={2}>
          <TextField
            autoFocus
            required
            inputRef={nameInput}
            label={t('request.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={checked && nameMissing}
            helperText={checked && nameMissing ? t('errors:field.required') : undefined}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            data-testid="variety-request-name"
          />
          <TextField
            required
            multiline
            inputRef={detailsInput}
            minRows={4}
            label={t('request.details')}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            error={checked && detailsMissing}
            helperText={
              checked && detailsMissing ? t('errors:field.required') : t('request.details_help')
            }
            slotProps={{ htmlInput: { maxLength: DETAILS_MAX } }}
            data-testid="variety-request-details"
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('request.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={sending}
          data-testid="variety-request-send"
        >
          {t('request.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
