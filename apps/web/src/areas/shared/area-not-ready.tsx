import { Button, Chip } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessagePanel } from '../../shell/message-panel';
import type { AreaName } from '../area-names';

/**
 * What every area that is not built yet shows: its name and a plain statement that it does not
 * work yet. Nothing here may look like a working feature.
 */
export function AreaNotReady({ area }: { area: AreaName }) {
  const { t } = useTranslation(['warnings', 'shell']);
  return (
    <MessagePanel
      testId="area-not-ready"
      tone="warning"
      icon={<ConstructionIcon />}
      eyebrow={<Chip color="warning" size="small" label={t('area_not_ready.badge')} />}
      title={t(`area.${area}`, { ns: 'shell' })}
      description={t('area_not_ready.description')}
      actions={
        <Button component={RouterLink} to="/" variant="contained">
          {t('area_not_ready.go_home')}
        </Button>
      }
    />
  );
}
