import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import {
  ERROR_KEYS,
  INTERVAL_NAMES,
  RENEWAL_GRACE_DAYS,
  addDays,
  isBillingInterval,
  type Subscription,
} from '@lavoura/domain';
import { CARD_BRAND_NAMES } from '@lavoura/domain/card';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http';
import { cancelSubscription, payNextBill, planKeys, useSubscription } from '../api/plans';
import { useLanguage } from '../lib/i18n';
import { useSignedIn } from '../app/session/signed-in';
import { formatDateOnly } from '../lib/date-only';
import { useShellUi } from './shell-ui';

const CARD_NAMES: Record<string, string> = CARD_BRAND_NAMES;

function CancelDialog({
  subscription,
  onClose,
}: {
  subscription: Subscription;
  onClose: () => void;
}) {
  const { t } = useTranslation('plans');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { notify } = useShellUi();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      const canceled = await cancelSubscription();
      queryClient.setQueryData(planKeys.subscription, canceled);
      notify({
        key: canceled.paid_until ? 'subscription.canceled_until' : 'subscription.canceled',
        ns: 'plans',
        severity: 'success',
        values: { date: canceled.paid_until ? formatDateOnly(canceled.paid_until, language) : '' },
      });
      onClose();
    } catch (error) {
      notify({ key: error instanceof ApiError ? error.key : ERROR_KEYS.unexpected });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="cancel-subscription-title"
    >
      <DialogTitle id="cancel-subscription-title">{t('subscription.cancel_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {subscription.paid_until
            ? t('subscription.cancel_text_until', {
                plan: subscription.tier.name,
                date: formatDateOnly(subscription.paid_until, language),
              })
            : t('subscription.cancel_text', { plan: subscription.tier.name })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('subscription.keep')}
        </Button>
        <Button color="error" variant="contained" onClick={() => void cancel()} disabled={busy}>
          {t('subscription.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A renewal bill was issued and is not paid: its notice replaces the next bill's date. */
function renewalWaits(subscription: Subscription): boolean {
  const status = subscription.bill?.status;
  return (
    subscription.status === 'active' &&
    subscription.paid_until !== null &&
    (status === 'failed' || status === 'pending')
  );
}

/**
 * A renewal that waits: a refused card (pay again, by the grace day) or a bank slip or cash bill
 * not yet paid (its due date, and the slip's typable line to copy).
 */
function RenewalNotice({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('plans');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { notify } = useShellUi();
  const { user } = useSignedIn();
  const [busy, setBusy] = useState(false);
  const bill = subscription.bill;
  if (!bill || !subscription.paid_until || !renewalWaits(subscription)) return null;
  const graceDay = formatDateOnly(addDays(subscription.paid_until, RENEWAL_GRACE_DAYS), language);
  if (bill.status === 'pending')
    return (
      <Alert severity="info" sx={{ mt: 1, py: 0 }} data-testid="renewal-pending">
        {t('subscription.renewal_pending', { date: formatDateOnly(bill.due_date, language) })}
        {bill.typable_line && (
          <Typography
            variant="caption"
            component="p"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all' }}
          >
            {bill.typable_line}
          </Typography>
        )}
      </Alert>
    );
  if (bill.status !== 'failed') return null;
  const payAgain = async () => {
    setBusy(true);
    try {
      queryClient.setQueryData(planKeys.subscription, await payNextBill(subscription.id));
      notify({ key: 'subscription.renewed', ns: 'plans', severity: 'success' });
    } catch (error) {
      notify({ key: error instanceof ApiError ? error.key : ERROR_KEYS.unexpected });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      severity="warning"
      sx={{ mt: 1 }}
      data-testid="renewal-failed"
      action={
        user.is_admin ? (
          <Button color="inherit" size="small" disabled={busy} onClick={() => void payAgain()}>
            {t('subscription.pay_again')}
          </Button>
        ) : undefined
      }
    >
      {t('subscription.renewal_failed', { date: graceDay })}
    </Alert>
  );
}

/**
 * The account menu's subscription (GET /api/subscription): tier, interval, status, next bill or
 * the day a cancelled plan ends, the card; account administrators may cancel it.
 */
export function SubscriptionSummary() {
  const { t } = useTranslation('plans');
  const language = useLanguage();
  const { user } = useSignedIn();
  const subscription = useSubscription();
  const [cancelling, setCancelling] = useState(false);

  if (subscription.isPending) return <Skeleton height={40} data-testid="subscription-loading" />;
  if (subscription.isError) {
    return (
      <Typography variant="caption" color="error" component="p">
        {t('subscription.error')}
      </Typography>
    );
  }
  const current = subscription.data;
  if (!current || current.status === 'ended') {
    return (
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        data-testid="subscription-none"
      >
        {t('subscription.none')}
      </Typography>
    );
  }
  const interval = isBillingInterval(current.interval_count)
    ? INTERVAL_NAMES[language][current.interval_count]
    : String(current.interval_count);
  const date = (value: string) => formatDateOnly(value, language);
  return (
    <Box data-testid="subscription-summary">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {t('subscription.line', { plan: current.tier.name, interval })}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={current.status === 'active' ? 'primary' : 'default'}
          label={t(`subscription.status.${current.status}`)}
        />
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p">
        {current.status === 'canceled' && current.paid_until
          ? t('subscription.ends', { date: date(current.paid_until) })
          : current.next_bill_date && !renewalWaits(current)
            ? t('subscription.next_bill', { date: date(current.next_bill_date) })
            : null}
        {current.card &&
          ` · ${CARD_NAMES[current.card.brand] ?? current.card.brand} •••• ${current.card.last_four}`}
      </Typography>
      <RenewalNotice subscription={current} />
      {user.is_admin && current.status !== 'canceled' && (
        <Button
          size="small"
          color="error"
          sx={{ ml: -1, mt: 0.5 }}
          onClick={() => setCancelling(true)}
        >
          {t('subscription.cancel')}
        </Button>
      )}
      {cancelling && <CancelDialog subscription={current} onClose={() => setCancelling(false)} />}
    </Box>
  );
}
