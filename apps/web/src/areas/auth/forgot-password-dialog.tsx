import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { emailBodySchema } from '@lavoura/domain';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { recoverPassword } from '../../api/session';
import { FormTextField, useSchemaForm } from '../../lib/form-fields';
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
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useSchemaForm(emailBodySchema, { email: initialEmail });
  const email = useWatch({ control, name: 'email' });
  const [failure, setFailure] = useState<unknown>(null);
  const [sent, setSent] = useState(false);

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await recoverPassword(body.email);
      setSent(true);
    } catch (cause) {
      setFailure(cause);
    }
  });

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
              <FormTextField
                control={control}
                name="email"
                label={t('field.email')}
                type="email"
                autoComplete="username"
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
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {t('forgot.submit')}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
