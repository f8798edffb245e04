import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { routeAccess, sellsPlansIn } from '@lavoura/domain';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePlans, type Plan } from '../api/reference';
import { useSignedIn } from '../app/session/signed-in';
import { ApiErrorAlert } from './api-error-alert';
import { contactMailto } from './contact';
import { PlanUnlocks } from './plan-unlocks';

function PlanCard({
  plan,
  previous,
  current,
  onChoose,
}: {
  plan: Plan;
  previous?: Plan;
  current: boolean;
  /** Opens the plan-choice modal of this tier (accounts in Brazil, higher tiers). */
  onChoose?: () => void;
}) {
  const { t } = useTranslation(['plans', 'reference']);
  return (
    <Card
      data-testid={`plan-${plan.priority_level}`}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        borderColor: current ? 'primary.main' : 'divider',
        borderWidth: current ? 2 : 1,
      }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          <Typography variant="h6" component="h3">
            {t(plan.message_key, { ns: 'reference' })}
          </Typography>
          {current && <Chip size="small" color="primary" label={t('current')} />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t(`level.${plan.priority_level}`)}
        </Typography>
        <PlanUnlocks
          level={plan.priority_level}
          previousName={previous ? t(previous.message_key, { ns: 'reference' }) : undefined}
        />
      </CardContent>
      {onChoose && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button variant="contained" fullWidth onClick={onChoose}>
            {t('page.upgrade', { plan: t(plan.message_key, { ns: 'reference' }) })}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/**
 * The plan presentation: the tiers of GET /api/plans with what each adds, the user's own marked.
 * Opened by the upgrade button and by an administrator's visit to an upsell route.
 */
export function PlanPresentationDialog({
  open,
  onClose,
  onChoose,
}: {
  open: boolean;
  onClose: () => void;
  /** Opens the plan-choice modal of a tier (its level). */
  onChoose: (level: number) => void;
}) {
  const { t } = useTranslation(['plans', 'reference']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const { user } = useSignedIn();
  const plans = usePlans();
  const level = user.plan.priority_level;
  const inBrazil = sellsPlansIn(user.account.country_id);
  const sorted = [...(plans.data ?? [])].sort((a, b) => a.priority_level - b.priority_level);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="lg"
      fullWidth
      aria-labelledby="plans-title"
    >
      <DialogTitle id="plans-title" sx={{ pb: 0.5 }}>
        {t('title')}
      </DialogTitle>
      {/* On a phone the plans scroll: keyboard users must be able to focus the list to scroll it. */}
      <DialogContent tabIndex={0} role="region" aria-labelledby="plans-title">
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('subtitle', { plan: t(user.plan.message_key, { ns: 'reference' }) })}
        </Typography>
        {plans.isError ? (
          <ApiErrorAlert
            error={plans.error}
            onRetry={() => void plans.refetch()}
            retryLabel={t('retry')}
          />
        ) : (
          <Box
            data-testid="plan-list"
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' },
            }}
          >
            {plans.isPending
              ? [0, 1, 2].map((row) => (
                  <Skeleton key={row} variant="rounded" height={180} data-testid="plan-loading" />
                ))
              : sorted.map((plan, index) => (
                  <PlanCard
                    key={plan.id}
                    plan={plan}
                    previous={index > 0 ? sorted[index - 1] : undefined}
                    current={plan.priority_level === level}
                    onChoose={
                      inBrazil && plan.priority_level > level
                        ? () => onChoose(plan.priority_level)
                        : undefined
                    }
                  />
                ))}
          </Box>
        )}
        {!inBrazil && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('outside_brazil')}{' '}
            <Link href={contactMailto(t('contact_subject'))}>{t('contact_sales')}</Link>
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('close')}</Button>
        {inBrazil && routeAccess('plans', level) === 'allowed' && (
          <Button
            variant="contained"
            onClick={() => {
              onClose();
              void navigate('/plans');
            }}
          >
            {t('see_prices')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
