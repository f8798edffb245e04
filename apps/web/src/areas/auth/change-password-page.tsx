import { useState } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../app/session/signed-in';
import { ChangePasswordForm } from '../../shell/change-password-form';

/** /change-password: the same form as the account menu's modal, as a page. */
export function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const { user } = useSignedIn();
  const [done, setDone] = useState(false);
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 0.75 }}>
        {t('change_password.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('change_password.subtitle')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        {done ? (
          <Stack spacing={2} data-testid="change-password-done">
            <Alert severity="success">{t('change_password.done')}</Alert>
            <Box>
              <Button component={RouterLink} to="/my_farm" variant="contained">
                {t('change_password.back_home')}
              </Button>
            </Box>
          </Stack>
        ) : (
          <ChangePasswordForm email={user.email} onChanged={() => setDone(true)} />
        )}
      </Paper>
    </Box>
  );
}
