import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import TaskAltOutlinedIcon from '@mui/icons-material/TaskAltOutlined';
import { PAUSED_CLIMATE_REASONS } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLinkageOverview, type LinkageOverview } from '../../api/linkage';
import { useSwitchAccount } from '../../app/session/session-actions';
import { FARM_QUERY } from '../../app/farm/farm-query';
import { formatDateOnly } from '../../lib/date-only';
import { useLanguage } from '../../lib/i18n';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { InlineMessage } from '../../shell/inline-message';
import { LoadingState } from '../../shell/loading-state';
import { PlannedWindowLine } from '../shared/spray-windows/spray-window-panel';
import { useWeatherFormat } from '../shared/weather/weather-format';

type Account = LinkageOverview['accounts'][number];
type Farm = Account['farms'][number];

/** Where a click goes: the sowing's execution (or its page), on its farm, in its account. */
interface Target {
  account: Account;
  farmId: number;
  path: string;
}

function useOpen() {
  const navigate = useNavigate();
  const switchAccount = useSwitchAccount();
  const [switching, setSwitching] = useState<string | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const open = async ({ account, farmId, path }: Target) => {
    const to = `${path}${path.includes('?') ? '&' : '?'}${FARM_QUERY}=${farmId}`;
    setFailed(null);
    if (account.current) {
      await navigate(to);
      return;
    }
    setSwitching(account.name);
    try {
      // The spec's switch (new token, every account query reset, home), then the sowing.
      await switchAccount(account.id);
      await navigate(to);
    } catch (error) {
      setFailed(error ?? new Error('switch failed'));
      setSwitching(null);
    }
  };
  return { open, switching, failed };
}

function Section({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Box data-testid={testId}>
      <Typography variant="subtitle2" component="h4" sx={{ mt: 1.5 }}>
        {title}
      </Typography>
      <List dense disablePadding>
        {children}
      </List>
    </Box>
  );
}

function FarmCard({
  account,
  farm,
  days,
  onOpen,
}: {
  account: Account;
  farm: Farm;
  days: number;
  onOpen: (target: Target) => void;
}) {
  const { t } = useTranslation(['linkage', 'reference']);
  const language = useLanguage();
  const format = useWeatherFormat();
  const day = (date: string) => formatDateOnly(date, language);
  const go = (path: string) => () => onOpen({ account, farmId: farm.id, path });
  const execution = (sowingId: number) => go(`/execucao?semeadura=${sowingId}`);
  // "Nothing due" only where the account's records were read (its plan and the profile there).
  const nothing =
    account.sections.executions &&
    account.sections.sowings &&
    farm.due.length === 0 &&
    farm.paused.length === 0 &&
    farm.rain_alerts.length === 0 &&
    farm.missing_harvests.length === 0;
  return (
    <Card variant="outlined" data-testid={`linkage-farm-${farm.id}`}>
      <CardContent>
        <Typography variant="h6" component="h3">
          {farm.name}
        </Typography>
        {!farm.weather_available && (
          <Typography variant="body2" color="text.secondary" data-testid="linkage-no-weather">
            {t('weather_unavailable')}
          </Typography>
        )}
        {nothing ? (
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 1, alignItems: 'center', color: 'text.secondary' }}
            data-testid="linkage-nothing-due"
          >
            <TaskAltOutlinedIcon fontSize="small" aria-hidden />
            <Typography variant="body2">
              <strong>{t('nothing_due')}</strong> · {t('nothing_due_description', { days })}
            </Typography>
          </Stack>
        ) : null}
        {farm.due.length > 0 && (
          <Section title={t('due_title', { days })} testId="linkage-due">
            {farm.due.map((spray) => (
              <ListItemButton
                key={spray.spraying_id}
                onClick={execution(spray.sowing_id)}
                title={t('open_hint')}
                data-testid={`linkage-due-${spray.spraying_id}`}
                sx={{ px: 1, borderRadius: 1, display: 'block' }}
              >
                <ListItemText
                  primary={t('due_item', { plot: spray.plot_name, number: spray.ordinal })}
                  secondary={t('due_date', { date: day(spray.planned_date) })}
                />
                {spray.spray_window && (
                  <PlannedWindowLine date={spray.planned_date} window={spray.spray_window} />
                )}
              </ListItemButton>
            ))}
          </Section>
        )}
        {farm.rain_alerts.length > 0 && (
          <Section title={t('rain_title')} testId="linkage-rain">
            {farm.rain_alerts.map((alert) => (
              <ListItemButton
                key={alert.spraying_id}
                onClick={execution(alert.sowing_id)}
                title={t('open_hint')}
                sx={{ px: 1, borderRadius: 1 }}
              >
                <ListItemText
                  primary={t('rain_item', {
                    plot: alert.plot_name,
                    date: day(alert.planned_date),
                    rain: format.rain(alert.rain_mm),
                    rain_day: day(alert.rain_day),
                  })}
                  secondary={alert.simulated ? t('weather:simulated') : undefined}
                />
              </ListItemButton>
            ))}
          </Section>
        )}
        {farm.paused.length > 0 && (
          <Section title={t('paused_title')} testId="linkage-paused">
            {farm.paused.map((program) => {
              const reason = PAUSED_CLIMATE_REASONS.find((row) => row.id === program.reason_id);
              return (
                <ListItemButton
                  key={program.program_id}
                  onClick={execution(program.sowing_id)}
                  title={t('open_hint')}
                  sx={{ px: 1, borderRadius: 1 }}
                >
                  <ListItemText
                    primary={t('paused_item', {
                      plot: program.plot_name,
                      date: day(program.paused_at),
                    })}
                    secondary={reason ? t(reason.message_key, { ns: 'reference' }) : undefined}
                  />
                </ListItemButton>
              );
            })}
          </Section>
        )}
        {farm.missing_harvests.length > 0 && (
          <Section title={t('missing_title')} testId="linkage-missing">
            {farm.missing_harvests.map((sowing) => (
              <ListItemButton
                key={sowing.sowing_id}
                onClick={go(`/sowings/${sowing.sowing_id}`)}
                title={t('open_hint')}
                sx={{ px: 1, borderRadius: 1 }}
              >
                <ListItemText
                  primary={t('missing_item', {
                    plot: sowing.plot_name,
                    date: day(sowing.expected_harvest),
                  })}
                />
              </ListItemButton>
            ))}
          </Section>
        )}
      </CardContent>
    </Card>
  );
}

function AccountSection({
  account,
  days,
  onOpen,
}: {
  account: Account;
  days: number;
  onOpen: (target: Target) => void;
}) {
  const { t } = useTranslation('linkage');
  return (
    <Box component="section" data-testid={`linkage-account-${account.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2">
          {account.name}
        </Typography>
        {account.current && <Chip size="small" color="primary" label={t('current')} />}
      </Stack>
      {!account.sections.executions && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('no_executions')}
        </Typography>
      )}
      {account.farms.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography color="text.secondary">{t('no_farms')}</Typography>
        </Paper>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {account.farms.map((farm) => (
            <FarmCard key={farm.id} account={account} farm={farm} days={days} onOpen={onOpen} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * /dashboard-linkage (spec 1's menu entry; issue 30 item 9): the consultant's view across every
 * account they belong to, per account a section and per farm a card; a click switches to the
 * account and opens the sowing.
 */
export function LinkagePage() {
  const { t } = useTranslation('linkage');
  const overview = useLinkageOverview();
  const { open, switching, failed } = useOpen();
  const days = overview.data?.days ?? 7;

  let body: ReactNode;
  if (overview.error && !overview.data) {
    body = (
      <Box data-testid="linkage-error">
        <Typography sx={{ mb: 1 }}>{t('load_error')}</Typography>
        <ApiErrorAlert
          error={overview.error}
          onRetry={() => void overview.refetch()}
          retryLabel={t('retry')}
        />
      </Box>
    );
  } else if (!overview.data) {
    body = (
      <LoadingState label={t('loading')} testId="linkage-loading">
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={160} />
      </LoadingState>
    );
  } else if (overview.data.accounts.length === 0) {
    body = (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <InlineMessage
          testId="linkage-empty"
          tone="secondary"
          icon={<LinkOffOutlinedIcon />}
          title={t('empty_title')}
          description={t('empty_description')}
          headingLevel="h2"
        />
      </Paper>
    );
  } else {
    body = (
      <Stack spacing={4}>
        {overview.data.accounts.map((account) => (
          <AccountSection
            key={account.id}
            account={account}
            days={days}
            onOpen={(target) => void open(target)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Box data-testid="linkage-page" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1200, mx: 'auto' }}>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('subtitle', { days })}</Typography>
      </Box>
      {switching && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="linkage-switching">
          {t('switching', { account: switching })}
        </Alert>
      )}
      {failed ? (
        <Box sx={{ mb: 2 }} data-testid="linkage-switch-error">
          <Typography sx={{ mb: 1 }}>{t('switch_error')}</Typography>
          <ApiErrorAlert error={failed} />
        </Box>
      ) : null}
      {body}
    </Box>
  );
}
