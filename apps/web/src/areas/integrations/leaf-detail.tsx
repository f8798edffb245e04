import { Alert, Box, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLeafFields } from '../../api/integrations';
import { useAreaText } from '../../lib/area-text';
import { ApiErrorAlert } from '../../shell/api-error-alert';

/** The leaf-data service: its fields when a Leaf account is configured, else an honest notice. */
export function LeafDetail() {
  const { t } = useTranslation('integrations');
  const areaText = useAreaText();
  const leaf = useLeafFields();
  if (leaf.isPending) return <Skeleton height={56} data-testid="leaf-loading" />;
  if (leaf.error)
    return (
      <Box data-testid="leaf-error">
        <Typography sx={{ mb: 1 }}>{t('leaf.error')}</Typography>
        <ApiErrorAlert
          error={leaf.error}
          onRetry={() => void leaf.refetch()}
          retryLabel={t('retry')}
        />
      </Box>
    );
  if (!leaf.data.connected)
    return (
      <Alert severity="info" data-testid="leaf-not-configured">
        {t('leaf.not_configured')}
      </Alert>
    );
  return (
    <Box data-testid="leaf-fields">
      <Typography variant="subtitle1" component="h2">
        {t('leaf.fields_title')}
      </Typography>
      {leaf.data.fields.length === 0 ? (
        <Typography color="text.secondary" data-testid="leaf-fields-empty">
          {t('leaf.fields_empty')}
        </Typography>
      ) : (
        <List dense>
          {leaf.data.fields.map((field) => (
            <ListItem key={field.id} data-testid="leaf-field">
              <ListItemText
                primary={
                  field.area_ha === null ? field.name : `${field.name} · ${areaText(field.area_ha)}`
                }
                secondary={field.provider ? t('leaf.provider', { provider: field.provider }) : null}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
