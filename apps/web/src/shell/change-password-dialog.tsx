import { Button, Dialog, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../app/session/signed-in';
import { ChangePasswordForm } from './change-password-form';
import { useShellUi } from './shell-ui';

/** The account menu's change-password modal. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { user } = useSignedIn();
  const { notify } = useShellUi();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="xs"
      fullWidth
      aria-labelledby="change-password-title"
    >
      <DialogTitle id="change-password-title">{t('change_password.title')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        {open && (
          <ChangePasswordForm
            email={user.email}
            onChanged={() => {
              onClose();
              notify({ key: 'change_password.done', ns: 'auth', severity: 'success' });
            }}
            secondaryAction={<Button onClick={onClose}>{t('change_password.cancel')}</Button>}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
