import { Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Shown while an area's chunk loads. */
export function AreaLoading() {
  const { t } = useTranslation('shell');
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 12 }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
