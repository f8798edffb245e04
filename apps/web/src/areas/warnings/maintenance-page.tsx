import { Box, Button } from '@mui/material';
import EngineeringIcon from '@mui/icons-material/Engineering';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../shell/brand';
import { MessagePanel } from '../../shell/message-panel';

/** The spec's check: load the app again from its base path; the next API answer decides. */
function checkAvailability(): void {
  window.location.assign('/v3/');
}

/**
 * Replaces the whole routed view while the API answers 503. Rendered outside the router and
 * bundled with the app root, so it shows even when nothing else can load.
 */
export function MaintenancePage() {
  const { t } = useTranslation('warnings');
  return (
    <Box
      data-testid="maintenance-page"
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        pt: { xs: 4, sm: 8 },
      }}
    >
      <Brand />
      <MessagePanel
        tone="primary"
        icon={<EngineeringIcon />}
        title={t('maintenance.title')}
        description={t('maintenance.description')}
        actions={
          <Button variant="contained" size="large" onClick={checkAvailability}>
            {t('maintenance.check_availability')}
          </Button>
        }
      />
    </Box>
  );
}
