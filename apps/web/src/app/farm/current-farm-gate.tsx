import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import AgricultureOutlinedIcon from '@mui/icons-material/AgricultureOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Farm } from '../../api/farms';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { MessagePanel } from '../../shell/message-panel';
import { useSignedIn } from '../session/signed-in';
import { useCurrentFarm } from './current-farm-context';

/**
 * What a page about the current farm shows before it has one: the farm list failing (with a
 * retry), loading, or no farm yet (with the way to create one for who may). The area's namespace
 * holds `retry` and `no_farm.{title, description, action}`.
 */
export function CurrentFarmGate({
  namespace,
  testId,
  loading,
  children,
}: {
  namespace: string;
  /** The no-farm panel's test id. */
  testId: string;
  loading: ReactNode;
  children: (farm: Farm) => ReactNode;
}) {
  const { t } = useTranslation(namespace);
  const { can } = useSignedIn();
  const { farms, farm } = useCurrentFarm();
  if (farms.isError && !farms.data)
    return (
      <ApiErrorAlert
        error={farms.error}
        onRetry={() => void farms.refetch()}
        retryLabel={t('retry')}
      />
    );
  if (!farms.data) return loading;
  if (!farm)
    return (
      <MessagePanel
        testId={testId}
        icon={<AgricultureOutlinedIcon />}
        title={t('no_farm.title')}
        description={t('no_farm.description')}
        actions={
          can('FAZENDA_CADASTRAR') ? (
            <Button component={RouterLink} to="/farms" variant="contained">
              {t('no_farm.action')}
            </Button>
          ) : undefined
        }
      />
    );
  return children(farm);
}
