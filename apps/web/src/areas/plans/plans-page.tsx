import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Divider,
  Link,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { buyingRefusal, formatPlanPrice, sellsPlansIn, type PlanTier } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { useBillingPlans, usePlanTiers, type BillingPlan } from '../../api/plans';
import { useLanguage } from '../../lib/i18n';
import { useSignedIn } from '../../app/session/signed-in';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { contactMailto } from '../../shell/contact';
import { offeredPlans } from '../../shell/plan-choice-dialog';
import { PlanUnlocks } from '../../shell/plan-unlocks';
import { useShellUi } from '../../shell/shell-ui';

function Prices({ plans }: { plans: readonly BillingPlan[] }) {
  const { t } = useTranslation('plans');
  const language = useLanguage();
  if (plans.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('page.no_prices')}
      </Typography>
    );
  }
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5 }}>
      {plans.map((plan) => (
        <Box key={plan.id} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {plan.interval_name}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, textAlign: 'right', fontWeight: 500 }}
          >
            {plan.plan_items[0]?.pricing_schema.short_format ??
              formatPlanPrice(plan.price, language)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function TierCard({
  tier,
  previous,
  plans,
  current,
  canBuy,
}: {
  tier: PlanTier;
  previous?: PlanTier;
  plans: readonly BillingPlan[];
  current: boolean;
  canBuy: boolean;
}) {
  const { t } = useTranslation(['plans', 'reference']);
  const language = useLanguage();
  const { openPlanChoice } = useShellUi();
  const name = t(tier.message_key, { ns: 'reference', defaultValue: tier.name });
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={`tier-${tier.priority_level}-name`}
      data-testid={`tier-${tier.priority_level}`}
      data-current={current}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        borderColor: current ? 'primary.main' : 'divider',
        borderWidth: current ? 2 : 1,
      }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" id={`tier-${tier.priority_level}-name`}>
            {name}
          </Typography>
          {current && <Chip size="small" color="primary" label={t('current')} />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t(`level.${tier.priority_level}`)}
        </Typography>
        <Typography sx={{ fontWeight: 600, mb: 1 }}>
          {tier.cheapest_price_per_month === null
            ? t('page.free')
            : t('page.from_per_month', {
                price: formatPlanPrice(tier.cheapest_price_per_month, language),
              })}
        </Typography>
        {tier.cheapest_price_per_month !== null && <Prices plans={plans} />}
        <Divider sx={{ my: 1.5 }} />
        <PlanUnlocks
          level={tier.priority_level}
          previousName={
            previous
              ? t(previous.message_key, { ns: 'reference', defaultValue: previous.name })
              : undefined
          }
        />
      </CardContent>
      {canBuy && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button
            variant="contained"
            fullWidth
            disabled={plans.length === 0}
            onClick={() => openPlanChoice(tier.priority_level)}
          >
            {t('page.upgrade', { plan: name })}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/**
 * /plans: every tier side by side, what each unlocks (the domain's route and permission tables),
 * its prices per interval, the account's own plan marked, and an upgrade button on the higher
 * tiers for accounts in Brazil (the plan-choice modal, then /payment).
 */
export function PlansPage() {
  const { t } = useTranslation('plans');
  const language = useLanguage();
  const { user } = useSignedIn();
  const tiers = usePlanTiers();
  const billing = useBillingPlans(language);
  const level = user.plan.priority_level;
  const inBrazil = sellsPlansIn(user.account.country_id);
  const mayBuy = buyingRefusal(user.account.country_id, user.is_admin) === null;
  const sorted = [...(tiers.data ?? [])].sort((a, b) => a.priority_level - b.priority_level);

  return (
    <Box data-testid="plans-page" sx={{ maxWidth: 1440, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 }, mb: 0.5 }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('subtitle', { plan: t(user.plan.message_key, { ns: 'reference' }) })}
      </Typography>
      {!inBrazil && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="plans-outside-brazil">
          {t('outside_brazil')}{' '}
          <Link href={contactMailto(t('contact_subject'))}>{t('contact_sales')}</Link>
        </Alert>
      )}
      {billing.isError && !tiers.isError && (
        <Box sx={{ mb: 2 }}>
          <ApiErrorAlert
            error={billing.error}
            onRetry={() => void billing.refetch()}
            retryLabel={t('retry')}
          />
        </Box>
      )}
      {tiers.isError ? (
        <ApiErrorAlert
          error={tiers.error}
          onRetry={() => void tiers.refetch()}
          retryLabel={t('retry')}
        />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            alignItems: 'stretch',
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(5, minmax(0, 1fr))',
            },
          }}
        >
          {tiers.isPending
            ? [0, 1, 2, 3, 4].map((row) => (
                <Skeleton key={row} variant="rounded" height={360} data-testid="tier-loading" />
              ))
            : sorted.map((tier, index) => (
                <TierCard
                  key={tier.id}
                  tier={tier}
                  previous={index > 0 ? sorted[index - 1] : undefined}
                  plans={billing.data ? offeredPlans(billing.data, tier.name) : []}
                  current={tier.priority_level === level}
                  canBuy={mayBuy && tier.priority_level > level}
                />
              ))}
        </Box>
      )}
    </Box>
  );
}
