import { useEffect } from 'react';
import { Box, ButtonBase, Paper, Skeleton, Typography } from '@mui/material';
import { firstUnlimitedLevel, sellsPlansIn, usageBand } from '@lavoura/domain';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFreeUsage } from '../api/plans';
import { useSignedIn } from '../app/session/signed-in';
import { useShellUi } from './shell-ui';

/** The spec's default number of segments of the usage bar. */
const USAGE_SEGMENTS = 5;

/** The bar's colours by band (spec 1 §4): green, yellow, orange-red. */
export const BAND_COLOURS = {
  low: '#2e7d32',
  medium: '#f9a825',
  high: '#e64a19',
} as const;

/** How many of the segments a progress percent fills. */
function filledSegments(progress: number, segments = USAGE_SEGMENTS): number {
  return Math.min(segments, Math.max(0, Math.round((progress / 100) * segments)));
}

function UsageBar({ progress, label }: { progress: number; label: string }) {
  const band = usageBand(progress);
  const filled = filledSegments(progress);
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
      data-band={band}
      sx={{ display: 'flex', gap: 0.5, my: 1 }}
    >
      {Array.from({ length: USAGE_SEGMENTS }, (_, index) => (
        <Box
          key={index}
          data-testid="usage-segment"
          data-filled={index < filled}
          data-colour={index < filled ? BAND_COLOURS[band] : 'empty'}
          sx={{
            flex: 1,
            height: 6,
            borderRadius: 3,
            bgcolor: index < filled ? BAND_COLOURS[band] : 'action.disabledBackground',
          }}
        />
      ))}
    </Box>
  );
}

/**
 * The drawer's free-usage card (spec 1 §2): today's uses of a Freemium account on a 5-segment bar.
 * Outside Brazil it opens /plans; in Brazil, the plan-choice modal for Light. A failed load is
 * only logged (spec 1 §8): the card is then left out.
 */
export function FreemiumCard({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('plans');
  const { user } = useSignedIn();
  const { openPlanChoice } = useShellUi();
  const usage = useFreeUsage();
  const inBrazil = sellsPlansIn(user.account.country_id);

  useEffect(() => {
    if (usage.error) console.warn('Error when fetching user limit', usage.error);
  }, [usage.error]);

  if (usage.isError) return null;
  if (usage.isPending) {
    return (
      <Box sx={{ px: 1.5, py: 1 }}>
        <Skeleton variant="rounded" height={96} data-testid="freemium-card-loading" />
      </Box>
    );
  }
  const { limit, used, progress } = usage.data;
  if (limit === null) return null;

  const body = (
    <Box sx={{ p: 1.5, width: '100%', textAlign: 'left' }}>
      <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>
        {t('usage.title')}
      </Typography>
      <UsageBar progress={progress} label={t('usage.bar_label')} />
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        {t('usage.used', { used, limit })}
      </Typography>
      <Typography
        variant="body2"
        component="span"
        color="primary"
        sx={{ display: 'block', fontWeight: 500, mt: 0.5 }}
      >
        {inBrazil ? t('usage.upgrade_light') : t('usage.see_plans')}
      </Typography>
    </Box>
  );

  return (
    <Paper variant="outlined" sx={{ mx: 1, my: 1, overflow: 'hidden' }} data-testid="freemium-card">
      {inBrazil ? (
        <ButtonBase
          sx={{ width: '100%', display: 'block' }}
          onClick={() => {
            // On a phone the drawer closes: the modal and where it leads take the screen.
            onNavigate?.();
            openPlanChoice(firstUnlimitedLevel());
          }}
        >
          {body}
        </ButtonBase>
      ) : (
        <ButtonBase
          component={RouterLink}
          to="/plans"
          onClick={onNavigate}
          sx={{ width: '100%', display: 'block' }}
        >
          {body}
        </ButtonBase>
      )}
    </Paper>
  );
}
