import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { formatPlanPrice, isPlanOfTier, type BillingPlan, type PlanTier } from '@lavoura/domain';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBillingPlans, usePlanTiers } from '../api/plans';
import { useLanguage } from '../lib/i18n';
import { ApiErrorAlert } from './api-error-alert';
import { LoadingState } from './loading-state';

/** The spec's modal width (§2 and §9). */
const PLAN_CHOICE_WIDTH = 393;
/** The interval that carries the "most popular" badge. */
const POPULAR_INTERVAL = 12;

/**
 * The billing plans the modal offers for a tier: active ones whose name holds the tier's name as a
 * whole word, in any case (spec 1 §2 and §5), shortest interval first.
 */
export function offeredPlans(plans: readonly BillingPlan[], tierName: string): BillingPlan[] {
  return plans
    .filter((plan) => plan.status === 'active' && isPlanOfTier(plan.name, tierName))
    .sort((a, b) => a.interval_count - b.interval_count);
}

function PlanOption({
  plan,
  selected,
  onSelect,
}: {
  plan: BillingPlan;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('plans');
  const language = useLanguage();
  const price =
    plan.plan_items[0]?.pricing_schema.short_format ?? formatPlanPrice(plan.price, language);
  return (
    <Box
      component="button"
      type="button"
      role="radio"
      aria-checked={selected}
      onClick={onSelect}
      data-testid={`billing-plan-${plan.id}`}
      sx={(theme) => ({
        all: 'unset',
        boxSizing: 'border-box',
        cursor: 'pointer',
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        width: '100%',
        p: 1.5,
        borderRadius: 2,
        border: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? 'action.selected' : 'background.paper',
        '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      })}
    >
      {selected ? (
        <RadioButtonCheckedIcon color="primary" aria-hidden sx={{ mt: '2px' }} />
      ) : (
        <RadioButtonUncheckedIcon aria-hidden sx={{ mt: '2px', color: 'text.secondary' }} />
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontWeight: 500 }}>
            {plan.interval_name}
          </Typography>
          {plan.interval_count === POPULAR_INTERVAL && (
            <Chip size="small" color="secondary" label={t('choice.popular')} />
          )}
        </Stack>
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: 'block' }}
        >
          {t(`choice.interval_text.${plan.interval_count}`, {
            defaultValue: t('choice.interval_text.other', { months: plan.interval_count }),
            per_month: formatPlanPrice(plan.price_per_month, language),
          })}
        </Typography>
      </Box>
      <Typography component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {price}
      </Typography>
    </Box>
  );
}

/**
 * The plan-choice modal of spec 1 §2: the tier's billing plans by interval; Continuar (once one
 * is picked) goes to /payment?plan_priority=&frequency=; "See all plans" replaces the route with
 * /plans.
 */
export function PlanChoiceDialog({
  open,
  level,
  onClose,
}: {
  open: boolean;
  /** The tier's priority level. */
  level: number;
  onClose: () => void;
}) {
  const { t } = useTranslation(['plans', 'reference']);
  const language = useLanguage();
  const navigate = useNavigate();
  const tiers = usePlanTiers();
  const billing = useBillingPlans(language);
  const [picked, setPicked] = useState<{ level: number; id: number } | null>(null);
  const tier: PlanTier | undefined = tiers.data?.find((entry) => entry.priority_level === level);
  const tierName = tier ? t(tier.message_key, { ns: 'reference', defaultValue: tier.name }) : '';
  const offered = tier && billing.data ? offeredPlans(billing.data, tier.name) : [];
  const chosen =
    picked?.level === level ? offered.find((plan) => plan.id === picked.id) : undefined;
  const loading = tiers.isPending || billing.isPending;
  const error = tiers.error ?? billing.error;

  const close = () => {
    setPicked(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="plan-choice-title"
      aria-describedby="plan-choice-description"
      data-testid="plan-choice-dialog"
      slotProps={{
        paper: {
          sx: { width: PLAN_CHOICE_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 },
        },
      }}
    >
      <DialogTitle id="plan-choice-title" sx={{ pr: 6, pb: 0.5 }}>
        {t('choice.title', { tier: tierName || '…' })}
      </DialogTitle>
      <IconButton
        onClick={close}
        aria-label={t('close')}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pt: 0 }}>
        <Typography
          id="plan-choice-description"
          variant="body2"
          color="text.secondary"
          sx={{ mb: 2 }}
        >
          {t(`level.${level}`)}
        </Typography>
        {error ? (
          <ApiErrorAlert
            error={error}
            onRetry={() => {
              void tiers.refetch();
              void billing.refetch();
            }}
            retryLabel={t('retry')}
          />
        ) : loading ? (
          <LoadingState label={t('choice.loading')} spacing={1.5}>
            {[0, 1, 2].map((row) => (
              <Skeleton
                key={row}
                variant="rounded"
                height={72}
                data-testid="plan-choice-skeleton"
              />
            ))}
          </LoadingState>
        ) : offered.length === 0 ? (
          <Alert severity="info" data-testid="plan-choice-empty">
            {t('choice.empty', { tier: tierName })}
          </Alert>
        ) : (
          <Stack spacing={1.5} role="radiogroup" aria-labelledby="plan-choice-title">
            {offered.map((plan) => (
              <PlanOption
                key={plan.id}
                plan={plan}
                selected={chosen?.id === plan.id}
                onSelect={() => setPicked({ level, id: plan.id })}
              />
            ))}
          </Stack>
        )}
        <Typography variant="body2" sx={{ mt: 2, fontWeight: 500 }}>
          {t('choice.cancel_anytime')}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {t('choice.renewal_notice')}
        </Typography>
      </DialogContent>
      <DialogActions
        sx={{
          px: 3,
          pb: 2.5,
          flexDirection: 'column',
          gap: 1,
          '& > :not(style) ~ :not(style)': { ml: 0 },
        }}
      >
        <Button
          variant="contained"
          fullWidth
          disabled={!chosen}
          onClick={() => {
            if (!chosen || !tier) return;
            void navigate(
              `/payment?plan_priority=${tier.priority_level}&frequency=${chosen.interval_count}`,
            );
            close();
          }}
        >
          {t('choice.continue')}
        </Button>
        <Button
          fullWidth
          onClick={() => {
            void navigate('/plans', { replace: true });
            close();
          }}
        >
          {t('choice.all_plans')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
