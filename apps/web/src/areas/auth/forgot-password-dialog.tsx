import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { emailBodySchema } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { recoverPassword } from '../../api/session';
import { schemaFieldErrors } from '../../lib/field-errors';
import { ApiErrorAlert } from '../../shell/api-error-alert';

/**
 * "Forgot password": POST /admin-api/recovery-password. The API answers the same whether the
 * e-mail exists or not, and so does this dialog. The parent gives it a new key for each opening.
 */
export function ForgotPasswordDialog({
  open,
  initialEmail,
  onClose,
}: {
  open: boolean;
  initialEmail: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<unknown>(null);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = schemaFieldErrors(emailBodySchema.safeParse({ email }), { email });
    setError(found.email);
    if (found.email) return;
    setSending(true);
    setFailure(null);
    try {
      await recoverPassword(email.trim());
      setSent(true);
    } catch (cause) {
      setFailure(cause);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="forgot-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="forgot-title">{t('forgot.title')}</DialogTitle>
        <DialogContent>
          {sent ? (
            <Alert severity="success" data-testid="forgot-sent">
              {t('forgot.sent', { email: email.trim() })}
            </Alert>
          ) : (
            <>
              <DialogContentText sx={{ mb: 2 }}>{t('forgot.description')}</DialogContentText>
              {failure !== null && <ApiErrorAlert error={failure} />}
              <TextField
                label={t('field.email')}
                type="email"
                autoComplete="username"
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setError(undefined);
                }}
                error={!!error}
                helperText={error && t(error, { ns: 'errors' })}
                fullWidth
                autoFocus
                sx={{ mt: 1 }}
              />
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {sent ? (
            <Button variant="contained" onClick={onClose}>
              {t('forgot.back')}
            </Button>
          ) : (
            <>
              <Button onClick={onClose}>{t('forgot.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={sending}>
                {t('forgot.submit')}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
