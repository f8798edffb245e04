import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../app/session/signed-in';
import { useShellUi } from './shell-ui';

/** The spec's warning while a temporary recovery password is in use. */
export function TemporaryPasswordBanner() {
  const { t } = useTranslation('shell');
  const { user } = useSignedIn();
  const { openChangePassword } = useShellUi();
  if (user.password_type !== 'recovery_temp_password') return null;
  return (
    <Alert
      severity="warning"
      data-testid="temporary-password-banner"
      sx={{ mb: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={openChangePassword}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('temporary_password.action')}
        </Button>
      }
    >
      {t('temporary_password.message')}
    </Alert>
  );
}
