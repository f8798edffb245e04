import { Button, Dialog, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../app/session/signed-in';
import { ChangePasswordForm } from './change-password-form';

/** The account menu's change-password modal; `onChanged` after a successful change. */
export function ChangePasswordDialog({
  open,
  onClose,
  onChanged,
}: {
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation('auth');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { user } = useSignedIn();
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
              onChanged();
            }}
            secondaryAction={<Button onClick={onClose}>{t('change_password.cancel')}</Button>}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
