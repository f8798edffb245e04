import { Alert, Button } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentFarm } from '../app/farm/current-farm-context';
import { showsFarmSelector } from './farm-selector-slot';

/**
 * The spec's "farm disabled" warning (spec 1 §2): the current farm is disabled. Shown where the
 * farm selector is (pages about a farm), not on one's profile or the users page.
 */
export function FarmDisabledBanner() {
  const { t } = useTranslation('shell');
  const { farm } = useCurrentFarm();
  const { pathname } = useLocation();
  if (!farm || farm.enabled || !showsFarmSelector(pathname, true)) return null;
  return (
    <Alert
      severity="warning"
      data-testid="farm-disabled-banner"
      sx={{ mb: 2 }}
      action={
        pathname.startsWith('/farms') ? undefined : (
          <Button
            component={RouterLink}
            to="/farms"
            color="inherit"
            size="small"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('farm.go_to_farms')}
          </Button>
        )
      }
    >
      {t('farm.disabled_warning', { name: farm.nome })}
    </Alert>
  );
}
