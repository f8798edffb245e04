import { Button } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { Navigate, Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePlanTiers, useSubscription } from '../../api/plans';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { AreaLoading } from '../../shell/area-loading';
import { MessagePanel } from '../../shell/message-panel';

/** Where a paid purchase ends: outside /payment, which the new plan may close (Full). */
export const PLAN_ACTIVATED_PATH = '/plan-activated';

/**
 * The success page of a purchase: the account's active subscription, whatever tier it is (the
 * payment page puts the confirmed subscription here and reloads the session, so the drawer shows
 * the new plan's menu at once). Without an active subscription there is nothing to celebrate:
 * home.
 */
export function PlanActivatedPage() {
  const { t } = useTranslation(['plans', 'reference']);
  const subscription = useSubscription();
  const tiers = usePlanTiers();
  if (subscription.isError || tiers.isError) {
    return (
      <ApiErrorAlert
        error={subscription.error ?? tiers.error}
        onRetry={() => {
          void subscription.refetch();
          void tiers.refetch();
        }}
        retryLabel={t('retry')}
      />
    );
  }
  if (subscription.isPending || tiers.isPending) return <AreaLoading />;
  const active = subscription.data?.status === 'active' ? subscription.data : null;
  if (!active) return <Navigate to="/my_farm" replace />;
  const tier = tiers.data.find((entry) => entry.id === active.tier.id);
  const plan = tier
    ? t(tier.message_key, { ns: 'reference', defaultValue: tier.name })
    : active.tier.name;
  return (
    <MessagePanel
      testId="payment-success"
      icon={<CheckCircleOutlineIcon />}
      title={t('payment.success_title', { plan })}
      description={t('payment.success')}
      actions={
        <Button component={RouterLink} to="/my_farm" variant="contained">
          {t('payment.start')}
        </Button>
      }
    />
  );
}
