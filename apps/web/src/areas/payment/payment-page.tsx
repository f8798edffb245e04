import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  GlobalStyles,
  IconButton,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import PublicOffIcon from '@mui/icons-material/PublicOff';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import {
  buyingRefusal,
  ERROR_KEYS,
  formatPlanPrice,
  isBillingInterval,
  type BillingInterval,
  type BillingPlan,
  type PlanTier,
  type Subscription,
} from '@lavoura/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import {
  planKeys,
  updatePlan,
  useBillingPlans,
  usePaymentProvider,
  usePlanTiers,
} from '../../api/plans';
import { sessionKeys } from '../../api/session';
import { useLanguage } from '../../lib/i18n';
import { useSignedIn } from '../../app/session/signed-in';
import { formatDateOnly } from '../../lib/date-only';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { AreaLoading } from '../../shell/area-loading';
import { MessagePanel } from '../../shell/message-panel';
import { offeredPlans } from '../../shell/plan-choice-dialog';
import { useShellUi } from '../../shell/shell-ui';
import { formatTypableLine } from './masks';
import { PaymentForm } from './payment-form';
import { PLAN_ACTIVATED_PATH } from './plan-activated-page';

function priceOf(plan: BillingPlan, language: ReturnType<typeof useLanguage>): string {
  return plan.plan_items[0]?.pricing_schema.short_format ?? formatPlanPrice(plan.price, language);
}

function Summary({ tier, plan }: { tier: PlanTier; plan: BillingPlan }) {
  const { t } = useTranslation(['plans', 'reference']);
  const language = useLanguage();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="payment-summary">
      <Typography variant="overline" color="text.secondary" component="p">
        {t('payment.summary_title')}
      </Typography>
      <Typography variant="h6" component="p">
        {t('choice.title', {
          tier: t(tier.message_key, { ns: 'reference', defaultValue: tier.name }),
        })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {plan.interval_name}
      </Typography>
      <Typography sx={{ fontSize: 28, fontWeight: 600 }}>{priceOf(plan, language)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`choice.interval_text.${plan.interval_count}`, {
          defaultValue: t('choice.interval_text.other', { months: plan.interval_count }),
          per_month: formatPlanPrice(plan.price_per_month, language),
        })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 2, fontWeight: 500 }}>
        {t('choice.cancel_anytime')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('choice.renewal_notice')}
      </Typography>
      <Button component={RouterLink} to="/plans" size="small" sx={{ mt: 1, ml: -1 }}>
        {t('payment.change_plan')}
      </Button>
    </Paper>
  );
}

/** The bank slip of a pending bill: typable line, barcode digits, due date; printable. */
function BankSlip({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('plans');
  const language = useLanguage();
  const { notify } = useShellUi();
  const bill = subscription.bill;
  if (!bill) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(bill.typable_line ?? '');
      notify({ key: 'payment.copied', ns: 'plans', severity: 'success' });
    } catch {
      notify({ key: 'payment.copy_failed', ns: 'plans', severity: 'warning' });
    }
  };
  return (
    <Paper variant="outlined" id="bank-slip" sx={{ p: { xs: 2, sm: 3 } }} data-testid="bank-slip">
      {/* Printing shows the slip alone. */}
      <GlobalStyles
        styles={{
          '@media print': {
            'body *': { visibility: 'hidden' },
            '#bank-slip, #bank-slip *': { visibility: 'visible' },
            '#bank-slip': { position: 'absolute', left: 0, top: 0, width: '100%' },
            '.no-print': { display: 'none !important' },
          },
        }}
      />
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('payment.slip_title')}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, '& dt': { color: 'text.secondary', fontSize: 14 }, '& dd': { m: 0, mb: 2 } }}
      >
        <dt>{t('payment.amount')}</dt>
        <dd>
          <Typography sx={{ fontWeight: 600 }}>{formatPlanPrice(bill.amount, language)}</Typography>
        </dd>
        <dt>{t('payment.due_date')}</dt>
        <dd data-testid="slip-due-date">
          <Typography>{formatDateOnly(bill.due_date, language)}</Typography>
        </dd>
        <dt>{t('payment.typable_line')}</dt>
        <dd>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography
              data-testid="slip-typable-line"
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontSize: 15 }}
            >
              {bill.typable_line && formatTypableLine(bill.typable_line)}
            </Typography>
            <Tooltip title={t('payment.copy')}>
              <IconButton
                className="no-print"
                onClick={() => void copy()}
                aria-label={t('payment.copy')}
              >
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        </dd>
        <dt>{t('payment.barcode')}</dt>
        <dd>
          <Typography
            data-testid="slip-barcode"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
          >
            {bill.barcode}
          </Typography>
        </dd>
      </Box>
      <Button
        className="no-print"
        variant="outlined"
        startIcon={<PrintOutlinedIcon />}
        onClick={() => window.print()}
      >
        {t('payment.print')}
      </Button>
    </Paper>
  );
}

type Stage =
  { kind: 'form' } | { kind: 'pending'; subscription: Subscription; stillPending: boolean };

/**
 * /payment?plan_priority=&frequency=: the chosen tier and interval, the customer and payment
 * form, then a paid plan (on to the success page, /plan-activated, as the session reloads: new
 * routes open at once), or a pending bank slip or cash bill that raises the plan once paid. Only
 * accounts in Brazil buy (spec 1 §4).
 */
export function PaymentPage() {
  const { t } = useTranslation(['plans', 'reference']);
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSignedIn();
  const [params] = useSearchParams();
  const tiers = usePlanTiers();
  const billing = useBillingPlans(language);
  const provider = usePaymentProvider();
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  const [confirming, setConfirming] = useState(false);
  const [confirmError, setConfirmError] = useState<unknown>(null);
  const level = Number(params.get('plan_priority'));
  const frequency = Number(params.get('frequency'));

  const refusal = buyingRefusal(user.account.country_id, user.is_admin);
  if (refusal === 'outside_brazil') {
    return (
      <MessagePanel
        testId="payment-outside-brazil"
        tone="secondary"
        icon={<PublicOffIcon />}
        title={t('payment.outside_brazil_title')}
        description={t('outside_brazil')}
        actions={
          <Button component={RouterLink} to="/plans" variant="contained">
            {t('choice.all_plans')}
          </Button>
        }
      />
    );
  }
  if (refusal === 'not_administrator') {
    return (
      <MessagePanel
        testId="payment-admin-only"
        tone="secondary"
        icon={<AdminPanelSettingsOutlinedIcon />}
        title={t('payment.admin_only_title')}
        description={t('payment.admin_only')}
        actions={
          <Button component={RouterLink} to="/plans" variant="contained">
            {t('choice.all_plans')}
          </Button>
        }
      />
    );
  }
  if (tiers.isError || billing.isError) {
    return (
      <ApiErrorAlert
        error={tiers.error ?? billing.error}
        onRetry={() => {
          void tiers.refetch();
          void billing.refetch();
        }}
        retryLabel={t('retry')}
      />
    );
  }
  if (tiers.isPending || billing.isPending) return <AreaLoading />;

  const tier = tiers.data.find((entry) => entry.priority_level === level);
  const plan =
    tier && isBillingInterval(frequency)
      ? offeredPlans(billing.data, tier.name).find((entry) => entry.interval_count === frequency)
      : undefined;

  if (!tier || !plan) {
    return (
      <MessagePanel
        testId="payment-no-plan"
        icon={<SearchOffIcon />}
        title={t('payment.no_plan_title')}
        description={t('payment.no_plan')}
        actions={
          <Button component={RouterLink} to="/plans" variant="contained">
            {t('choice.all_plans')}
          </Button>
        }
      />
    );
  }

  // A paid bill: the plan rises on the server. The purchase ends on the success page, outside
  // /payment (the new plan may close it: Full), then the session (user, permissions) and the plan
  // queries reload, so the drawer shows the new plan's menu at once, without a new sign-in.
  const confirm = async (subscription: Subscription) => {
    setConfirming(true);
    setConfirmError(null);
    let updated: Subscription;
    try {
      updated = await updatePlan(tier.id, user.account.id, frequency as BillingInterval);
    } catch (error) {
      if (error instanceof ApiError && error.key === ERROR_KEYS.paymentPending) {
        setStage({ kind: 'pending', subscription, stillPending: true });
      } else {
        setConfirmError(error);
      }
      setConfirming(false);
      return;
    }
    queryClient.setQueryData(planKeys.subscription, updated);
    void navigate(PLAN_ACTIVATED_PATH, { replace: true });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
      queryClient.invalidateQueries({ queryKey: planKeys.all }),
    ]);
  };

  const subscribed = (subscription: Subscription) => {
    void queryClient.invalidateQueries({ queryKey: planKeys.subscription });
    if (subscription.bill?.status === 'paid') void confirm(subscription);
    else setStage({ kind: 'pending', subscription, stillPending: false });
  };

  if (stage.kind === 'form' && !confirming && tier.priority_level <= user.plan.priority_level) {
    return (
      <MessagePanel
        testId="payment-already"
        icon={<CheckCircleOutlineIcon />}
        title={t('payment.already_title')}
        description={t('payment.already', { plan: t(user.plan.message_key, { ns: 'reference' }) })}
        actions={
          <Button component={RouterLink} to="/plans" variant="contained">
            {t('choice.all_plans')}
          </Button>
        }
      />
    );
  }

  return (
    <Box data-testid="payment-page" sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 }, mb: 2 }}>
        {t('payment.title')}
      </Typography>
      {provider.data?.kind === 'sandbox' && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="payment-sandbox">
          {t('payment.sandbox')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
        }}
      >
        <Box sx={{ order: { xs: 2, md: 1 } }}>
          {stage.kind === 'form' &&
            (confirming ? (
              <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
                <CircularProgress aria-label={t('payment.confirming')} />
              </Box>
            ) : confirmError ? (
              <ApiErrorAlert error={confirmError} />
            ) : (
              <PaymentForm
                user={user}
                billingPlan={plan}
                priceText={priceOf(plan, language)}
                onSubscribed={subscribed}
              />
            ))}
          {stage.kind === 'pending' && (
            <Stack spacing={2} data-testid="payment-pending">
              <Alert severity={stage.stillPending ? 'warning' : 'info'}>
                {stage.stillPending
                  ? t('payment.still_pending')
                  : t(`payment.pending.${stage.subscription.payment_method_code}`, {
                      defaultValue: t('payment.pending.bank_slip'),
                    })}
              </Alert>
              {stage.subscription.payment_method_code === 'bank_slip' && (
                <BankSlip subscription={stage.subscription} />
              )}
              {confirmError ? <ApiErrorAlert error={confirmError} /> : null}
              <Box>
                <Button
                  variant="contained"
                  disabled={confirming}
                  onClick={() => void confirm(stage.subscription)}
                  startIcon={
                    confirming ? <CircularProgress size={18} color="inherit" /> : undefined
                  }
                  className="no-print"
                >
                  {t('payment.check_payment')}
                </Button>
              </Box>
            </Stack>
          )}
        </Box>
        <Box sx={{ order: { xs: 1, md: 2 } }}>
          <Summary tier={tier} plan={plan} />
        </Box>
      </Box>
    </Box>
  );
}
