import { Box, Button } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { ERROR_KEYS } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http';
import { useLogout } from '../app/session/session-actions';
import { MessagePanel } from './message-panel';

/** The signed-in user could not be loaded (not a 401: that one ends the session). */
export function SessionErrorPage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['shell', 'errors']);
  const logout = useLogout();
  const key = error instanceof ApiError ? error.key : ERROR_KEYS.unexpected;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <MessagePanel
        testId="session-error"
        tone="error"
        icon={<CloudOffIcon />}
        title={t('session_error.title')}
        description={t([key, ERROR_KEYS.unexpected], { ns: 'errors' })}
        actions={
          <>
            <Button variant="contained" onClick={onRetry}>
              {t('session_error.retry')}
            </Button>
            <Button variant="outlined" onClick={() => void logout()}>
              {t('session_error.logout')}
            </Button>
          </>
        }
      />
    </Box>
  );
}

/** The spec's "Erro ao buscar permissão": the page waits for permissions that did not come. */
export function PermissionsErrorPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <MessagePanel
      testId="permissions-error"
      tone="error"
      icon={<CloudOffIcon />}
      title={t('permissions_error.title')}
      description={t('permissions_error.description')}
      actions={
        <Button variant="contained" onClick={onRetry}>
          {t('session_error.retry')}
        </Button>
      }
    />
  );
}
