import { Button } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { ERROR_KEYS } from '@lavoura/domain';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BlockReason } from '../app/guard/navigation-guard';
import { MessagePanel } from './message-panel';
import { useShellUi } from './shell-ui';

/**
 * What a refused page shows when it was opened directly (a link, a reload): the refusal's message,
 * and for an administrator on an upsell route the way to the plans.
 */
export function BlockedPage({
  reason,
  messageKey,
}: {
  reason: BlockReason | 'upsell-admin';
  messageKey: string;
}) {
  const { t } = useTranslation(['shell', 'errors']);
  const { openPlans } = useShellUi();
  const upsell = reason === 'upsell' || reason === 'upsell-admin';
  const message = t([messageKey, ERROR_KEYS.unexpected], { ns: 'errors' });
  const description = reason === 'upsell-admin' ? t('blocked.upsell_admin') : message;

  return (
    <MessagePanel
      testId="blocked-page"
      tone={upsell ? 'primary' : 'secondary'}
      icon={upsell ? <WorkspacePremiumIcon /> : <LockOutlinedIcon />}
      title={t(upsell ? 'blocked.upsell_title' : 'blocked.title')}
      description={description}
      actions={
        <>
          {reason === 'upsell-admin' && (
            <Button variant="contained" onClick={openPlans}>
              {t('blocked.see_plans')}
            </Button>
          )}
          <Button
            component={RouterLink}
            to="/my_farm"
            variant={reason === 'upsell-admin' ? 'outlined' : 'contained'}
          >
            {t('blocked.go_home')}
          </Button>
        </>
      }
    />
  );
}
