import { Alert, Button } from '@mui/material';
import { ERROR_KEYS } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http';

interface ApiErrorAlertProps {
  error: unknown;
  onRetry?: () => void;
  retryLabel?: string;
}

/** A failed call in the user's words: the API's error key through the `errors` namespace. */
export function ApiErrorAlert({ error, onRetry, retryLabel }: ApiErrorAlertProps) {
  const { t } = useTranslation('errors');
  const key = error instanceof ApiError ? error.key : ERROR_KEYS.unexpected;
  return (
    <Alert
      severity="error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry} sx={{ whiteSpace: 'nowrap' }}>
            {retryLabel}
          </Button>
        )
      }
    >
      {/* A key the web app does not know yet still reads as a sentence. */}
      {t([key, ERROR_KEYS.unexpected])}
    </Alert>
  );
}
