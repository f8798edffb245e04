import { useEffect } from 'react';
import { Box, Button, Chip, CircularProgress, Container, Stack, Typography } from '@mui/material';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import InboxIcon from '@mui/icons-material/Inbox';
import { ERRORS, isLanguage, type WeeklyDigest } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useWeeklyDigest } from '../../api/digest';
import { ApiError } from '../../api/http';
import { i18n, LANGUAGE_STORAGE_KEY, useLanguage } from '../../lib/i18n';
import { MessagePanel } from '../../shell/message-panel';
import { formatDateOnly } from '../../lib/date-only';
import { DigestFarmCard } from './digest-farm-card';

type DigestState = 'invalid' | 'expired' | 'no_data' | 'error';

/** Which of the page's states a failed call is: the API's key says it. */
function stateOf(error: unknown): DigestState {
  if (!(error instanceof ApiError)) return 'error';
  if (error.key === ERRORS.digestExpiredToken.key) return 'expired';
  if (error.key === ERRORS.digestInvalidToken.key) return 'invalid';
  if (error.key === ERRORS.digestNoData.key) return 'no_data';
  return 'error';
}

/** Nobody chose a language in this browser: the digest's reader is its member (their language). */
function useMemberLanguage(digest: WeeklyDigest | undefined): void {
  const language = digest?.user.language;
  useEffect(() => {
    if (!language || !isLanguage(language)) return;
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    } catch {
      stored = null;
    }
    // Not stored: the choice stays the reader's (the language menu) and lasts for this page.
    if (!stored && i18n.language !== language) void i18n.changeLanguage(language);
  }, [language]);
}

/**
 * /weekly-digest?token= (spec 3 §2): per farm, the weather of last week and this week by day,
 * the sprays with their ideal and applied days, the harvests and the applications of the next
 * 15 days; or the link's state (invalid, expired, nothing to show). No sign-in, no shell.
 */
export function WeeklyDigestPage() {
  const { t } = useTranslation('digest');
  const language = useLanguage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const query = useWeeklyDigest(token);
  useMemberLanguage(query.data);

  if (query.isPending)
    return (
      <Stack alignItems="center" spacing={2} sx={{ py: 8 }} data-testid="digest-loading">
        <CircularProgress />
        <Typography color="text.secondary">{t('loading')}</Typography>
      </Stack>
    );

  if (query.isError) {
    const state = stateOf(query.error);
    const icon = {
      invalid: <LinkOffIcon />,
      expired: <EventBusyIcon />,
      no_data: <InboxIcon />,
      error: <ErrorOutlineIcon />,
    }[state];
    return (
      <MessagePanel
        testId={`digest-${state.replace('_', '-')}`}
        tone={state === 'no_data' ? 'primary' : state === 'error' ? 'error' : 'warning'}
        icon={icon}
        title={t(`states.${state}_title`)}
        description={t(`states.${state}_text`)}
        actions={
          <Stack direction="row" spacing={1} justifyContent="center">
            {state === 'error' && (
              <Button variant="outlined" onClick={() => void query.refetch()}>
                {t('states.retry')}
              </Button>
            )}
            <Button component={RouterLink} to="/" variant="contained">
              {t('states.open_app')}
            </Button>
          </Stack>
        }
      />
    );
  }

  const digest = query.data;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }} data-testid="weekly-digest">
      <Box sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
          {t('title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('subtitle', { week: digest.week, name: digest.user.name })}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          sx={{ mt: 1.5 }}
          label={t('expires', {
            date: formatDateOnly(digest.expires_at.slice(0, 10), language),
          })}
        />
      </Box>
      <Stack spacing={3}>
        {digest.farms.map((farm) => (
          <DigestFarmCard
            key={farm.id}
            farm={farm}
            today={digest.today}
            upcomingDays={digest.upcoming_days}
          />
        ))}
      </Stack>
    </Container>
  );
}
