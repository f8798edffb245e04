import { Button, Typography } from '@mui/material';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessagePanel } from '../../shell/message-panel';

/** Any path under /v3/ that no route knows. */
export function NotFoundPage() {
  const { t } = useTranslation('warnings');
  return (
    <MessagePanel
      testId="not-found-page"
      tone="secondary"
      icon={<TravelExploreIcon />}
      eyebrow={
        <Typography variant="overline" color="text.secondary">
          {t('not_found.code')}
        </Typography>
      }
      title={t('not_found.title')}
      description={t('not_found.description')}
      actions={
        <Button component={RouterLink} to="/" variant="contained">
          {t('not_found.go_home')}
        </Button>
      }
    />
  );
}
