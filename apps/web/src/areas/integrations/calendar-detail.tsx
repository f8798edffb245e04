import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Divider,
  IconButton,
  InputAdornment,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import GoogleIcon from '@mui/icons-material/Google';
import { useTranslation } from 'react-i18next';
import { startGoogleCalendar, useCalendarFeed, useRenewCalendarFeed } from '../../api/integrations';
import { ApiErrorAlert } from '../../shell/api-error-alert';

/** The calendar: the secret iCalendar address to subscribe to, and Google's OAuth when set up. */
export function CalendarDetail() {
  const { t } = useTranslation('integrations');
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const [copy, setCopy] = useState<'copied' | 'copy_failed' | null>(null);
  const [renewed, setRenewed] = useState(false);
  const [google, setGoogle] = useState<'idle' | 'starting' | 'not_configured' | unknown>('idle');

  const copyUrl = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('copy_failed');
    }
  };

  const connectGoogle = async () => {
    setGoogle('starting');
    try {
      const start = await startGoogleCalendar();
      if (!start.configured || !start.url) setGoogle('not_configured');
      else window.location.assign(start.url);
    } catch (error) {
      setGoogle(error);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h2">
        {t('calendar.feed_title')}
      </Typography>
      <Typography variant="body2">{t('calendar.feed_help')}</Typography>
      {feed.isPending ? (
        <Skeleton height={56} data-testid="calendar-feed-loading" />
      ) : feed.error ? (
        <Box data-testid="calendar-feed-error">
          <Typography sx={{ mb: 1 }}>{t('calendar.feed_error')}</Typography>
          <ApiErrorAlert
            error={feed.error}
            onRetry={() => void feed.refetch()}
            retryLabel={t('retry')}
          />
        </Box>
      ) : (
        <TextField
          value={feed.data.url}
          label={t('calendar.feed_title')}
          fullWidth
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'calendar-feed-url' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t('calendar.copy')}>
                    <IconButton
                      aria-label={t('calendar.copy')}
                      data-testid="calendar-feed-copy"
                      onClick={() => void copyUrl(feed.data.url)}
                      edge="end"
                    >
                      <ContentCopyIcon />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
          onFocus={(event) => event.target.select()}
        />
      )}
      {copy && (
        <Alert
          severity={copy === 'copied' ? 'success' : 'warning'}
          data-testid="calendar-feed-copied"
        >
          {t(`calendar.${copy}`)}
        </Alert>
      )}
      <Box>
        <Button
          startIcon={<AutorenewIcon />}
          onClick={() =>
            renew.mutate(undefined, {
              onSuccess: () => {
                setRenewed(true);
                setCopy(null);
              },
            })
          }
          disabled={renew.isPending || !feed.data}
          data-testid="calendar-feed-renew"
        >
          {t('calendar.renew')}
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {t('calendar.renew_help')}
        </Typography>
      </Box>
      {renewed && (
        <Alert severity="info" data-testid="calendar-feed-renewed">
          {t('calendar.renewed')}
        </Alert>
      )}
      {renew.error && <ApiErrorAlert error={renew.error} />}
      <Divider />
      <Typography variant="subtitle1" component="h2">
        {t('calendar.google_title')}
      </Typography>
      {google === 'not_configured' ? (
        <Alert severity="info" data-testid="google-not-configured">
          {t('calendar.google_not_configured')}
        </Alert>
      ) : (
        <Box>
          <Button
            variant="outlined"
            startIcon={<GoogleIcon />}
            onClick={() => void connectGoogle()}
            disabled={google === 'starting'}
            data-testid="google-connect"
          >
            {t('calendar.google_connect')}
          </Button>
        </Box>
      )}
      {google !== 'idle' && google !== 'starting' && google !== 'not_configured' && (
        <Box data-testid="google-error">
          <Typography sx={{ mb: 1 }}>{t('calendar.google_error')}</Typography>
          <ApiErrorAlert error={google} />
        </Box>
      )}
    </Stack>
  );
}
